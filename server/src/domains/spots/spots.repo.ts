import type { Knex } from 'knex';
import type { Area, Locale, Purpose } from '../../contracts/common';
import { degreesPerMetre, distanceSqlText, outerFirstJoin, rawRows, toInt } from '../../db/dialect';
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
  /** The language `name` is in: the one asked for, or ja standing in for a missing translation. */
  textLocale: Locale;
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

function toSpotRow(r: RawSpot, name: string, textLocale: Locale): SpotRow {
  return {
    id: r.id,
    storeCode: r.store_code,
    name,
    address: r.address,
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    area: r.area,
    purpose: r.purpose,
    genre: r.genre,
    usableRangeM: toInt(r.usable_range_m),
    textLocale,
  };
}

async function withNames<R extends RawSpot>(db: Knex, rows: R[], locale: Locale): Promise<Array<SpotRow & { raw: R }>> {
  const names = await loadTranslations<{ name: string; locale: string }>(
    db,
    'spot_translations',
    'spot_id',
    rows.map((r) => r.id),
    locale,
  );
  return rows.map((r) => {
    const name = names.get(r.id);
    return { ...toSpotRow(r, name?.name ?? r.store_code, name?.locale === locale ? locale : 'ja'), raw: r };
  });
}

/** A number parameter typed for PostgreSQL (which cannot infer `?` in arithmetic); a REAL on SQLite. */
const NUM = 'cast(? as double precision)';

/**
 * The search point (`q`), one row: position (degrees), the range asked for (null: each
 * spot's own), the allowance, and the bounding box (degrees) of the reach, which needs the
 * largest usable range of any spot when no range is asked for (index-only lookup). SQLite
 * gets it `materialized`, i.e. computed once rather than folded into every row's test;
 * PostgreSQL folds it into constants, which gives its planner the box's real size.
 */
const searchPoint = (materialized: string) => `q as ${materialized}(
  select r.*, r.lat - r.reach_m * r.dlat as min_lat, r.lat + r.reach_m * r.dlat as max_lat,
    r.lng - r.reach_m * r.dlng as min_lng, r.lng + r.reach_m * r.dlng as max_lng
  from (
    select p.*, coalesce(p.range_m, (select max(usable_range_m) from spots)) + p.allowance_m as reach_m
    from (select ${NUM} as lat, ${NUM} as lng, ${NUM} as dlat, ${NUM} as dlng, ${NUM} as range_m, ${NUM} as allowance_m) p
  ) r
)`;

type Join = ReturnType<typeof outerFirstJoin>;

const DISTANCE = distanceSqlText('s.latitude', 's.longitude', 'q.lat', 'q.lng');

/** The spots of coupon `?` within reach of `q`: the box on the (latitude, longitude) index, then the exact distance. */
const withinReach = (join: Join) => `from q cross join spots s
  ${join} coupon_spots cs on cs.spot_id = s.id and cs.coupon_id = ?
  where s.latitude between q.min_lat and q.max_lat
    and s.longitude between q.min_lng and q.max_lng
    and ${DISTANCE} <= coalesce(q.range_m, s.usable_range_m) + q.allowance_m`;

/**
 * One page of the spots in reach, nearest first, with the total of all in reach (window
 * count) and the name in the locale `?`, else ja, else the store code (design: multilingual
 * content falls back to ja), with the language it is in (`text_locale`). Names are joined
 * after the page is cut, so only its rows pay.
 */
const nearbyPageSql = (join: Join, materialized: string) => `with ${searchPoint(materialized)},
hits as (
  select s.id, s.store_code, s.address, s.latitude, s.longitude, s.area, s.purpose, s.genre, s.usable_range_m,
    ${DISTANCE} as distance_m, count(*) over () as total_count
  ${withinReach(join)}
  order by distance_m, s.id
  limit cast(? as integer) offset cast(? as integer)
)
select hits.*, coalesce(tl.name, tj.name, hits.store_code) as name,
  case when tl.name is null then 'ja' else tl.locale end as text_locale
from hits
left join spot_translations tl on tl.spot_id = hits.id and tl.locale = ?
left join spot_translations tj on tj.spot_id = hits.id and tj.locale = 'ja'
order by hits.distance_m, hits.id`;

const nearbyCountSql = (join: Join, materialized: string) => `with ${searchPoint(materialized)}
select count(*) as n
${withinReach(join)}`;

/** The statements' text per dialect (keyed by its join keyword), built once. */
const NEARBY_SQL: Record<Join, { page: string; count: string }> = {
  'cross join': {
    page: nearbyPageSql('cross join', 'materialized '),
    count: nearbyCountSql('cross join', 'materialized '),
  },
  join: { page: nearbyPageSql('join', ''), count: nearbyCountSql('join', '') },
};

/**
 * Names under which node-postgres prepares the statements once per connection (Knex passes
 * `options` on to the driver; better-sqlite3 ignores the name, db/knex.ts keeps its statements):
 * PostgreSQL then skips parsing and, once it has seen that a generic plan is as good, planning,
 * which cost it more than running the query. Behind a pooler, it must keep prepared
 * statements per server connection (PgBouncer 1.21+ in transaction mode does).
 */
const PREPARED = { page: { name: 'spots_nearby_page' }, count: { name: 'spots_nearby_count' } };

/**
 * Spots of a coupon within reach of a point, nearest first, in one statement. A spot is
 * within reach when its distance in metres is at most `rangeM` (or, without it, the spot's
 * own usable range) plus `allowanceM`. A bounding box on the (latitude, longitude) index,
 * as wide as the largest range that can apply, narrows the candidates before the exact
 * haversine distance is computed; the spots stay the outer loop of the join (see
 * outerFirstJoin), so a coupon linked to every spot costs no more than one linked to a few.
 * `total` counts every spot in reach (a second statement only for a page past the end, which
 * has no row to carry the window count). `distanceM` is rounded to whole metres.
 */
export async function findSpotsOfCouponNear(
  db: Knex,
  q: {
    couponId: number;
    lat: number;
    lng: number;
    rangeM?: number;
    allowanceM: number;
    page: number;
    limit: number;
    locale: Locale;
  },
): Promise<{ rows: Array<SpotRow & { distanceM: number }>; total: number }> {
  const sql = NEARBY_SQL[outerFirstJoin(db)];
  const perMetre = degreesPerMetre(q.lat);
  const search = [q.lat, q.lng, perMetre.lat, perMetre.lng, q.rangeM ?? null, q.allowanceM, q.couponId];
  const rows = rawRows<
    RawSpot & { name: string; text_locale: Locale; distance_m: number; total_count: number | string }
  >(await db.raw(sql.page, [...search, q.limit, (q.page - 1) * q.limit, q.locale]).options(PREPARED.page));
  const total =
    rows.length > 0
      ? toInt(rows[0]?.total_count)
      : q.page > 1
        ? toInt(rawRows<{ n: number | string }>(await db.raw(sql.count, search).options(PREPARED.count))[0]?.n)
        : 0;
  return {
    rows: rows.map((r) => ({
      ...toSpotRow(r, r.name, r.text_locale),
      distanceM: Math.round(Number(r.distance_m)),
    })),
    total,
  };
}

/** The spots of some coupons, with names in the locale, keyed by coupon id. */
export async function findSpotsOfCoupons(
  db: Knex,
  couponIds: number[],
  locale: Locale,
): Promise<Map<number, SpotRow[]>> {
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
export async function findSpotOfCouponByCheckInCode(
  db: Knex,
  couponId: number,
  code: string,
  locale: Locale,
): Promise<SpotRow | undefined> {
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
    const rows: Array<{ id: number; store_code: string }> = await db('spots')
      .whereIn('store_code', unique.slice(i, i + 500))
      .select('id', 'store_code');
    for (const r of rows) result.set(r.store_code, Number(r.id));
  }
  return result;
}
