import type { CouponSpot } from '@contracts/coupons';

/** Directions from wherever the visitor is to the spot (opens the maps app or a new tab). */
export const routeUrl = (s: Pick<CouponSpot, 'latitude' | 'longitude'>): string =>
  `https://www.google.com/maps/dir/?api=1&destination=${s.latitude},${s.longitude}`;
