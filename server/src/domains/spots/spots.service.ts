import type { Knex } from 'knex';
import type { Locale } from '../../contracts/common';
import type { NearbySpot, NearbySpotQuery } from '../../contracts/coupons';
import type { ListMeta } from '../../contracts/common';
import { verifySpotCheckInCode } from './spots.admin.service';
import {
  findSpot,
  findSpotIdsByStoreCodes,
  findSpotNames,
  findSpotOfCouponByCheckInCode,
  findSpotsOfCoupons,
  findSpotsOfCouponNear,
  type SpotRow,
} from './spots.repo';

/**
 * Spec 7 `/coupons/get/nearby/spot/list`: spots where coupon `cid` is usable within
 * `range` metres of (lat, long) (default: each spot's own usable range), nearest first,
 * each with `distanceM` in metres. Unknown coupons simply have no spots.
 */
export async function listNearbySpots(
  db: Knex,
  q: NearbySpotQuery,
  locale: Locale,
): Promise<{ data: NearbySpot[]; meta: ListMeta }> {
  const { rows, total } = await findSpotsOfCouponNear(db, {
    couponId: q.cid,
    lat: q.lat,
    lng: q.long,
    rangeM: q.range,
    allowanceM: 0,
    page: q.page,
    limit: q.limit,
    locale,
  });
  return {
    data: rows.map(({ genre: _genre, ...s }) => s),
    meta: { page: q.page, limit: q.limit, total },
  };
}

/**
 * The nearest spot of a coupon whose usable range (metres) plus `allowanceM` covers the
 * point, or undefined when there is none (spec 5: coupon use needs a nearby usable place).
 */
export async function nearestUsableSpot(
  db: Knex,
  q: { couponId: number; lat: number; lng: number; allowanceM: number; locale: Locale },
): Promise<(SpotRow & { distanceM: number }) | undefined> {
  const { rows } = await findSpotsOfCouponNear(db, { ...q, page: 1, limit: 1 });
  return rows[0];
}

/**
 * The spot of a coupon whose check-in code (shown at the counter, printed in its QR code) is
 * `code`: the proof of presence of the store code entry when the position is refused (issue 5).
 */
export async function spotByCheckInCode(
  db: Knex,
  q: { couponId: number; code: string; locale: Locale },
): Promise<SpotRow | undefined> {
  return findSpotOfCouponByCheckInCode(db, q.couponId, q.code, q.locale);
}

/**
 * The spot of a printed QR code (`/collect-points-qr/{id}/?code=...`) and whether `code` is
 * its current check-in code (null without a code); undefined for an unknown spot.
 */
export async function spotOfQrCode(
  db: Knex,
  q: { spotId: number; code?: string; locale: Locale },
): Promise<{ spot: SpotRow; codeValid: boolean | null } | undefined> {
  const spot = await findSpot(db, q.spotId, q.locale);
  if (!spot) return undefined;
  return { spot, codeValid: q.code === undefined ? null : await verifySpotCheckInCode(db, q.spotId, q.code) };
}

/**
 * Spot ids by store code (exact, case-sensitive as stored), for other domains that name spots
 * by their public store code (the coupon CSV import). Unknown codes are absent from the map.
 */
export async function spotIdsByStoreCode(db: Knex, codes: string[]): Promise<Map<string, number>> {
  return findSpotIdsByStoreCodes(db, codes);
}

export { findSpotsOfCoupons as spotsOfCoupons, findSpotNames as spotNames };
export type { SpotRow };
