// The stamps domain's public face: the rally stamp a coupon use earns, the balance, a spend,
// and the stamps of coupon uses (issue 15).
export { awardStamp, spendStamps, stampBalance } from './stamps.service';
export { stampedUses, stampsOfUses } from './stamps.rally.service';
