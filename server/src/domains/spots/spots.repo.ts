import type { Knex } from 'knex';
import type { Area, Locale, Purpose } from '../../contracts/common';
import { boundingBox, distanceSql, outerFirstJoin, toInt } from '../../db/dialect';
import { loadTranslations } from '../../db/translations';

export interface SpotRow {
  id: number;
  storeCode: string;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  area: Area;
  purpose: Purpose;
  genre: string | null;
  usableRangeM: number;
}

type RawSpot = {
  id: number;
  store_code: string;
  address: string;
  latitude: number;
  longitude: number;
  area: Area;
  purpose: Purpose;
  genre: string | null;
  usable_range_m: number;
};

async function withNames<R extends RawSpot>(db: Knex, rows: R[], locale: Locale): Promise<Array<SpotRow & { raw: R }>> {
  const names = await loadTranslations<{ name: string }>(db, 'spot_translations', 'spot_id', rows.map((r) => r.id), locale);
  return rows.map((r) => ({
    id: r.id,
    storeCode: r.store_code,
    name: names.get(r.id)?.name ?? r.store_code,
    address: r.address,
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    area: r.area,
    purpose: r.purpose,
    genre: r.genre,
    usableRangeM: toInt(r.usable_range_m),
    raw: r,
  }));
}

/** The largest usable range of any spot, in metres (index-only lookup). */
async function maxUsableRange(db: Knex): Promise<number> {
  const row = await db('spots').max({ m: 'usable_range_m' }).first();
  return toInt(row?.m ?? 0);
}

/**
 * Spots of a coupon within reach of a point, nearest first. A spot is within reach when its
 * distance is at most `rangeM` (or, without it, the spot's own usable range) plus
 * `allowanceM`. A bounding box on the (latitude, longitude) index narrows the candidates
 * before the exact haversine distance is computed; the spots stay the outer loop of the join
 * (see outerFirstJoin), so a coupon linked to every spot costs no more than one linked to a
 * few. The total comes from a window count in the same statement, so the box is scanned once.
 */
export async function findSpotsOfCouponNear(
  db: Knex,
  q: { couponId: number; lat: number; lng: number; rangeM?: number; allowanceM: number; page: number; limit: number; locale: Locale },
): Promise<{ rows: Array<SpotRow & { distanceM: number }>; total: number }> {
  const reach = (q.rangeM ?? (await maxUsableRange(db))) + q.allowanceM;
  const box = boundingBox(q.lat, q.lng, reach);
  const distance = distanceSql(db, 's.latitude', 's.longitude', q.lat, q.lng);
  const distanceSqlText = distance.toQuery();
  const within =
    q.rangeM !== undefined
      ? db.raw(`${distanceSqlText} <= ?`, [q.rangeM + q.allowanceM])
      : db.raw(`${distanceSqlText} <= s.usable_range_m + ?`, [q.allowanceM]);
  const base = db('spots as s')
    [outerFirstJoin(db)]('coupon_spots as cs', function () {
      this.on('cs.spot_id', '=', 's.id').andOn('cs.coupon_id', '=', db.raw('?', [q.couponId]));
    })
    .whereBetween('s.latitude', [box.minLat, box.maxLat])
    .whereBetween('s.longitude', [box.minLng, box.maxLng])
    .where(within);
  const rows = (await base
    .clone()
    .select('s.*', db.raw(`${distanceSqlText} as distance_m`), db.raw('count(*) over () as total_count'))
    .orderBy('distance_m', 'asc')
    .orderBy('s.id', 'asc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)) as Array<RawSpot & { distance_m: number; total_count: number | string }>;
  // A page past the end has no rows to carry the window count: count separately (rare).
  const total =
    rows.length > 0 ? toInt(rows[0]?.total_count) : q.page > 1 ? toInt((await base.clone().count({ n: '*' }).first())?.n) : 0;
  const named = await withNames(db, rows, q.locale);
  return {
    rows: named.map(({ raw, ...s }) => ({ ...s, distanceM: Math.round(Number(raw.distance_m)) })),
    total,
  };
}

/** The spots of some coupons, with names in the locale, keyed by coupon id. */
export async function findSpotsOfCoupons(db: Knex, couponIds: number[], locale: Locale): Promise<Map<number, SpotRow[]>> {
  const result = new Map<number, SpotRow[]>();
  if (couponIds.length === 0) return result;
  const rows: Array<RawSpot & { coupon_id: number }> = await db('spots as s')
    .join('coupon_spots as cs', 'cs.spot_id', 's.id')
    .whereIn('cs.coupon_id', couponIds)
    .select('s.*', 'cs.coupon_id')
    .orderBy('s.id');
  for (const { raw, ...spot } of await withNames(db, rows, locale)) {
    const list = result.get(raw.coupon_id) ?? [];
    list.push(spot);
    result.set(raw.coupon_id, list);
  }
  return result;
}

/** Names of spots in a locale (ja fallback), keyed by spot id. */
export async function findSpotNames(db: Knex, spotIds: number[], locale: Locale): Promise<Map<number, string>> {
  const names = await loadTranslations<{ name: string }>(db, 'spot_translations', 'spot_id', spotIds, locale);
  return new Map([...names].map(([id, row]) => [id, row.name]));
}

/** The spot of a coupon whose check-in code is `code` (codes are upper case), or undefined. */
export async function findSpotOfCouponByCheckInCode(db: Knex, couponId: number, code: string, locale: Locale): Promise<SpotRow | undefined> {
  const rows: RawSpot[] = await db('spots as s')
    .join('coupon_spots as cs', 'cs.spot_id', 's.id')
    .where({ 'cs.coupon_id': couponId, 's.qr_code': code.trim().toUpperCase() })
    .select('s.*')
    .limit(1);
  const [spot] = await withNames(db, rows, locale);
  if (!spot) return undefined;
  const { raw: _raw, ...row } = spot;
  return row;
}

/** Ids of the spots with these store codes (exact match), keyed by store code; unknown codes are absent. */
export async function findSpotIdsByStoreCodes(db: Knex, codes: string[]): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  const unique = [...new Set(codes)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows: Array<{ id: number; store_code: string }> = await db('spots').whereIn('store_code', unique.slice(i, i + 500)).select('id', 'store_code');
    for (const r of rows) result.set(r.store_code, Number(r.id));
  }
  return result;
}
