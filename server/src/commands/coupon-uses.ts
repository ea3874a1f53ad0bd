/**
 * `GET /coupons/get/user/coupon/{id}` (spec 7, issue 15): a visitor's uses of one coupon with
 * the spot's name (spots domain) and the rally stamp each gave (stamps domain).
 */
import type { Knex } from 'knex';
import type { Locale } from '../contracts/common';
import type { CouponUseList } from '../contracts/coupon-calls';
import { usesOfCoupon } from '../domains/coupons';
import { spotNames } from '../domains/spots';
import { stampsOfUses } from '../domains/stamps';

/**
 * Visitor `userId`'s uses of coupon `couponId`, newest first, one page (default 10, spec 9):
 * JST day pressed, time, spot, distance in metres, proof, and the stamp it gave (null when no
 * rally ran that day). A coupon unpublished, expired or deleted since keeps its history.
 * @throws NotFoundError COUPON_NOT_FOUND (404) no coupon with that id was ever stored
 */
export async function couponUses(
  db: Knex,
  q: { userId: number; couponId: number; page: number; limit: number; locale: Locale },
): Promise<CouponUseList> {
  const { rows, total } = await usesOfCoupon(db, q);
  const [names, stamps] = await Promise.all([
    spotNames(
      db,
      rows.map((r) => r.spotId),
      q.locale,
    ),
    stampsOfUses(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return {
    data: rows.map((r) => ({ ...r, spotName: names.get(r.spotId) ?? '', stamp: stamps.get(r.id) ?? null })),
    meta: { page: q.page, limit: q.limit, total },
  };
}
