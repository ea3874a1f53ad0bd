import { z } from 'zod';
import { Area, Latitude, ListMeta, Longitude, Purpose } from './common';
import { CouponCard, CouponSpot } from './coupons';

/** Spec 9: the nearby list's page size. */
export const NEARBY_COUPONS_PAGE_SIZE = 10;
/** Search radius in metres when the body gives none: a walk or a short ride (issue 15). */
export const NEARBY_COUPONS_DEFAULT_RANGE_M = 3000;
/** The widest search radius in metres (the largest usable range a spot may have). */
export const NEARBY_COUPONS_MAX_RANGE_M = 50000;

/**
 * Body of POST /api/coupons/get/nearby/coupon/lists (spec 7, the list variant of the nearby
 * call; issue 15): where the phone is (WGS84 degrees) and how sure it is (`accuracy`, the
 * Geolocation API's radius in metres), how far to look (`range`, metres, default 3000, at most
 * 50000), the page (size 10 by default, spec 9; at most 50) and optional narrowing by coupon
 * area, purpose and genre (genre as stored, Japanese). Spec 7's `luid` is not taken: the
 * bearer token says who calls, and the answer does not depend on it. Keyword search belongs
 * to the search screen's text search (issue 15, search) and is not offered here.
 */
export const NearbyCouponsBody = z.object({
  lat: Latitude,
  long: Longitude,
  accuracy: z.number().min(0).max(100000).optional(),
  range: z.number().int().min(1).max(NEARBY_COUPONS_MAX_RANGE_M).default(NEARBY_COUPONS_DEFAULT_RANGE_M),
  page: z.number().int().min(1).max(100000).default(1),
  limit: z.number().int().min(1).max(50).default(NEARBY_COUPONS_PAGE_SIZE),
  area: Area.optional(),
  purpose: Purpose.optional(),
  genre: z.string().trim().min(1).max(100).optional(),
});
export type NearbyCouponsBody = z.output<typeof NearbyCouponsBody>;

/**
 * A coupon near the phone: the list's card, its nearest spot (with position, for the map and
 * the route link), the great-circle distance to that spot in whole metres, and whether that
 * spot's usable range (widened by the reported accuracy, at most 100 m, as 'mark as used'
 * judges) covers the position, i.e. the coupon can be marked used here and now.
 */
export const NearbyCoupon = CouponCard.extend({
  nearestSpot: CouponSpot,
  distanceM: z.number().int(),
  usableHere: z.boolean(),
});
export type NearbyCoupon = z.infer<typeof NearbyCoupon>;

/** One page of coupons near the phone, nearest first; `meta.total` counts all in range. */
export const NearbyCouponList = z.object({ data: z.array(NearbyCoupon), meta: ListMeta });
export type NearbyCouponList = z.infer<typeof NearbyCouponList>;
