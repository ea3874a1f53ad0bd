import type { CouponSpot } from '@contracts/coupons';
import { PAGE_PATTERNS } from '../../../lib/paths';

/** Directions from wherever the visitor is to the spot (opens the maps app or a new tab). */
export const routeUrl = (s: Pick<CouponSpot, 'latitude' | 'longitude'>): string =>
  `https://www.google.com/maps/dir/?api=1&destination=${s.latitude},${s.longitude}`;

/** A shop's coupons page: the shop is the `spot` query parameter (a spot id; issue 15). */
export const storeCouponPath = (spotId: number): string => `${PAGE_PATTERNS.storeCoupon}?spot=${spotId}`;
