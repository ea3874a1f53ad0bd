import type { Knex } from 'knex';
import type { Area, Purpose } from '../../contracts/common';
import { degreesPerMetre, distanceSqlText, outerFirstJoin, toInt } from '../../db/dialect';

/** A coupon in reach and its nearest spot, with the distance to it in metres (unrounded). */
export type NearCouponHit = { couponId: number; spotId: number; distanceM: number };

const DISTANCE = distanceSqlText('s.latitude', 's.longitude', 'q.lat', 'q.lng');

/**
 * Coupons published and valid on JST day `day` (not deleted, optionally of an area, purpose
 * and genre) with a spot within `rangeM` metres of (lat, lng): each once, with its nearest
 * such spot (ties by spot id), nearest first (ties by coupon id), one page, and the total.
 *
 * One statement: the search point is a one-row CTE `q`; a bounding box of the range on the
 * spots' (latitude, longitude) index narrows the candidates before the exact haversine
 * distance (db/dialect); the spots stay the outer loop of the joins to coupon_spots and
 * coupons (outerFirstJoin), so a chain coupon linked to many spots costs no more than a shop's
 * own; `row_number()` keeps each coupon's nearest spot and `count(*) over ()` the total (a
 * second statement only for a page past the end).
 */
export async function findCouponsNear(
  db: Knex,
  q: {
    lat: number;
    lng: number;
    rangeM: number;
    day: string;
    area?: Area;
    purpose?: Purpose;
    genre?: string;
    page: number;
    limit: number;
  },
): Promise<{ hits: NearCouponHit[]; total: number }> {
  const join = outerFirstJoin(db);
  const per = degreesPerMetre(q.lat);
  const point = db.raw('select cast(? as double precision) as lat, cast(? as double precision) as lng', [q.lat, q.lng]);
  const inReach = db
    .from('q')
    .joinRaw('cross join spots s')
    .joinRaw(`${join} coupon_spots cs on cs.spot_id = s.id`)
    .joinRaw(`${join} coupons c on c.id = cs.coupon_id`)
    .whereBetween('s.latitude', [q.lat - q.rangeM * per.lat, q.lat + q.rangeM * per.lat])
    .whereBetween('s.longitude', [q.lng - q.rangeM * per.lng, q.lng + q.rangeM * per.lng])
    .whereRaw(`${DISTANCE} <= cast(? as double precision)`, [q.rangeM])
    .whereNull('c.deleted_at')
    .where('c.published', true)
    .andWhere('c.valid_from', '<=', q.day)
    .andWhere('c.valid_to', '>=', q.day);
  if (q.area) inReach.andWhere('c.area', q.area);
  if (q.purpose) inReach.andWhere('c.purpose', q.purpose);
  if (q.genre) inReach.andWhere('c.genre', q.genre);
  const ranked = inReach
    .clone()
    .select(
      'cs.coupon_id',
      's.id as spot_id',
      db.raw(`${DISTANCE} as distance_m`),
      db.raw(`row_number() over (partition by cs.coupon_id order by ${DISTANCE}, s.id) as nearest`),
    );
  const rows: Array<{ coupon_id: number; spot_id: number; distance_m: number | string; total_count: number | string }> =
    await db
      .with('q', point)
      .from(ranked.as('r'))
      .where('r.nearest', 1)
      .select('r.coupon_id', 'r.spot_id', 'r.distance_m', db.raw('count(*) over () as total_count'))
      .orderBy('r.distance_m')
      .orderBy('r.coupon_id')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
  let total = rows.length > 0 ? toInt(rows[0]?.total_count) : 0;
  if (rows.length === 0 && q.page > 1) {
    const counted = await db
      .with('q', point)
      .from(inReach.clone().distinct('cs.coupon_id').as('d'))
      .count({ n: '*' })
      .first();
    total = toInt(counted?.n);
  }
  return {
    hits: rows.map((r) => ({
      couponId: toInt(r.coupon_id),
      spotId: toInt(r.spot_id),
      distanceM: Number(r.distance_m),
    })),
    total,
  };
}
