// The spots domain's public face: what other domains and commands may call.
export { newCheckInCode } from './check-in-code';
export { assertSpotInScope, spotScopeOf } from './spots.admin.service';
export {
  listNearbySpots,
  nearestUsableSpot,
  spotByCheckInCode,
  spotIdsByStoreCode,
  spotNames,
  spotsOfCoupons,
  type SpotRow,
} from './spots.service';
