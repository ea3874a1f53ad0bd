// The stamps domain's public face: the rally stamp a coupon use earns, and the stamps of uses.
export { awardStamp } from './stamps.service';
export { stampedUses, stampsOfUses } from './stamps.rally.service';
