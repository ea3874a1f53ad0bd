import type { Knex } from 'knex';
import type { CouponFilter } from '../../contracts/coupon-search';
import { toInt } from '../../db/dialect';
import { whereCouponText } from '../coupon-search';

/** The filters of the coupon list and of the search counts (contracts/coupon-search.ts). */
export type Filters = Partial<Omit<CouponFilter, 'tag'>> & { tag: string[] };

/** A filter set aside when counting its own choices (each choice replaces the current one). */
export type Facet = 'area' | 'purpose' | 'genre' | 'address';

/** Coupons a visitor may see on JST day `day`: not deleted, published, valid that day (`coupons as c`). */
export function shownOn(db: Knex, day: string): Knex.QueryBuilder {
  return db('coupons as c')
    .whereNull('c.deleted_at')
    .where('c.published', true)
    .andWhere('c.valid_from', '<=', day)
    .andWhere('c.valid_to', '>=', day);
}

/** Narrows `qb` (over `coupons as c`) by the filters, all but `except`. */
export function applyCouponFilters(db: Knex, qb: Knex.QueryBuilder, f: Filters, except?: Facet): Knex.QueryBuilder {
  if (f.area && except !== 'area') qb.andWhere('c.area', f.area);
  if (f.purpose && except !== 'purpose') qb.andWhere('c.purpose', f.purpose);
  if (f.genre && except !== 'genre') qb.andWhere('c.genre', f.genre);
  for (const tag of f.tag) {
    qb.whereExists(db('coupon_tags as t').whereRaw('t.coupon_id = c.id').andWhere('t.tag', tag));
  }
  if (f.address && except !== 'address') {
    qb.whereExists(
      db('coupon_municipalities as m').whereRaw('m.coupon_id = c.id').andWhere('m.municipality', f.address),
    );
  }
  whereCouponText(qb, db, { keyword: f.keyword, shop: f.shop });
  return qb;
}

type Counted = { value: unknown; n: unknown };
const counted = (rows: Counted[]) => rows.map((r) => ({ value: String(r.value), count: toInt(r.n) }));

/**
 * How many coupons shown on `day` the filters leave, and per value of area, purpose and genre
 * how many there would be with that value in place of the filter's (the other filters kept).
 * Four statements, each one index-assisted pass over the coupons the filters leave.
 */
export async function countFacets(db: Knex, f: Filters, day: string) {
  const facet = (column: 'area' | 'purpose' | 'genre') =>
    applyCouponFilters(db, shownOn(db, day), f, column)
      .whereNotNull(`c.${column}`)
      .select({ value: `c.${column}` })
      .count({ n: '*' })
      .groupBy(`c.${column}`) as Promise<Counted[]>;
  const total = await applyCouponFilters(db, shownOn(db, day), f).count({ n: '*' }).first();
  const areas = counted(await facet('area'));
  const purposes = counted(await facet('purpose'));
  const genres = counted(await facet('genre'));
  return { total: toInt(total?.n), areas, purposes, genres };
}

/** Every tag of the coupons shown on `day` that the filters leave, with how many coupons have it. */
export async function tagCounts(db: Knex, f: Filters, day: string): Promise<Array<{ tag: string; count: number }>> {
  const rows = (await applyCouponFilters(db, shownOn(db, day), f)
    .join('coupon_tags as tt', 'tt.coupon_id', 'c.id')
    .select({ value: 'tt.tag' })
    .count({ n: '*' })
    .groupBy('tt.tag')) as Counted[];
  return counted(rows).map((r) => ({ tag: r.value, count: r.count }));
}

/** Every municipality of the coupons shown on `day` that the filters (but `address`) leave, with their counts. */
export async function municipalityCounts(
  db: Knex,
  f: Filters,
  day: string,
): Promise<Array<{ municipality: string; count: number }>> {
  const rows = (await applyCouponFilters(db, shownOn(db, day), f, 'address')
    .join('coupon_municipalities as mm', 'mm.coupon_id', 'c.id')
    .select({ value: 'mm.municipality' })
    .count({ n: '*' })
    .groupBy('mm.municipality')) as Counted[];
  return counted(rows).map((r) => ({ municipality: r.value, count: r.count }));
}
