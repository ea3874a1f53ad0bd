// The place screens as one chunk (one entry in the route table's preload lists): a shop's
// coupons and coupons near me share their card, map, styles and messages.
export { NearbyCouponsPage } from './nearby-coupons-page';
export { StoreCouponsPage } from './store-coupons-page';
