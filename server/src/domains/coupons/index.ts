// The coupons domain's public face: what other domains, commands and app.ts may call.
export { getAdminCoupon } from './coupons.admin.service';
export { couponIsShown, couponTitles, couponToUse, recordRedemption, searchCoupons } from './coupons.service';
export { couponUseBlockers, usesOfCoupon } from './coupons.calls.service';
