import type { Knex } from 'knex';
import type { ListMeta, Locale } from '../../contracts/common';
import type { NearbyCoupon, NearbyCouponsBody } from '../../contracts/nearby-coupons';
import { spotsOfCoupons } from '../spots';
import { findCouponsByIds } from './coupons.repo';
import { findCouponsNear } from './coupons.nearby.repo';
import { toCard } from './coupons.service';

/**
 * Spec 7 `POST /coupons/get/nearby/coupon/lists` (issue 15, the screen
 * `/coupon/gps/nearly_coupon/`): the coupons shown on JST day `today` that have a spot within
 * `q.range` metres of (q.lat, q.long), nearest first by their nearest such spot, each with
 * that spot, the distance to it in whole metres and whether it is usable here (the spot's
 * usable range plus `allowanceM` metres covers the position; the caller derives the allowance
 * from the reported accuracy as 'mark as used' does). The card's `spot` and `spotCount` are
 * the list's (first spot, all spots). Nothing in range is an empty page, not an error.
 */
export async function nearbyCoupons(
  db: Knex,
  q: NearbyCouponsBody & { today: string; locale: Locale; allowanceM: number },
): Promise<{ data: NearbyCoupon[]; meta: ListMeta }> {
  const { hits, total } = await findCouponsNear(db, {
    lat: q.lat,
    lng: q.long,
    rangeM: q.range,
    day: q.today,
    area: q.area,
    purpose: q.purpose,
    genre: q.genre,
    page: q.page,
    limit: q.limit,
  });
  const ids = hits.map((h) => h.couponId);
  const [coupons, spots] = await Promise.all([findCouponsByIds(db, ids, q.locale), spotsOfCoupons(db, ids, q.locale)]);
  const data: NearbyCoupon[] = [];
  for (const hit of hits) {
    const coupon = coupons.get(hit.couponId);
    const all = spots.get(hit.couponId) ?? [];
    const nearest = all.find((s) => s.id === hit.spotId);
    if (!coupon || !nearest) continue; // deleted between the two reads
    const { area: _a, purpose: _p, genre: _g, ...spot } = nearest;
    data.push({
      ...toCard(coupon, all),
      nearestSpot: spot,
      distanceM: Math.round(hit.distanceM),
      usableHere: hit.distanceM <= nearest.usableRangeM + q.allowanceM,
    });
  }
  return { data, meta: { page: q.page, limit: q.limit, total } };
}
