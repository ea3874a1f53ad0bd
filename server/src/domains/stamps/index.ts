// The stamps domain's public face: the rally stamp a coupon use earns.
export { awardStamp } from './stamps.service';
