// The stamps domain's public face: the rally stamp a coupon use earns, the balance, a spend.
export { awardStamp, spendStamps, stampBalance } from './stamps.service';
