// The coupon-search domain's public face: the search documents of coupons (issue 15).
// It reads the coupon and spot tables but depends on no other domain, so both call it.
export { foldSearchText, keywordTerms, municipalityOf } from './fold';
export {
  COUPON_SEARCH_DATA,
  rebuildCouponSearch,
  refreshCouponSearch,
  refreshCouponSearchOfSpots,
  whereCouponText,
} from './coupon-search.repo';
