import type { Knex } from 'knex';
import { AREAS, PURPOSES, type ListMeta } from '../../contracts/common';
import type { AddressItem, CouponCount, CouponFilter, TagItem, TagItemsQuery } from '../../contracts/coupon-search';
import { foldSearchText } from '../coupon-search';
import { countFacets, municipalityCounts, tagCounts } from './coupons.search.repo';

const byCountThenName =
  <T>(name: (x: T) => string, count: (x: T) => number) =>
  (a: T, b: T) =>
    count(b) - count(a) || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);

/**
 * Spec 7 `POST /coupons/search/coupon/count` (issue 15): how many coupons shown on JST day
 * `today` the filters leave, and per area (all six, in spec order), purpose (all seven) and
 * genre (those with coupons, most first) how many each choice would leave in place of the
 * current one. Filter meaning as contracts/coupon-search.ts.
 */
export async function countCoupons(db: Knex, f: CouponFilter, today: string): Promise<CouponCount> {
  const c = await countFacets(db, f, today);
  const of = (rows: Array<{ value: string; count: number }>, v: string) => rows.find((r) => r.value === v)?.count ?? 0;
  return {
    total: c.total,
    areas: AREAS.map((value) => ({ value, count: of(c.areas, value) })),
    purposes: PURPOSES.map((value) => ({ value, count: of(c.purposes, value) })),
    genres: c.genres.sort(
      byCountThenName(
        (g) => g.value,
        (g) => g.count,
      ),
    ),
  };
}

/**
 * Spec 7 `GET /coupons/search/tag/items` (issue 15): the tags of the coupons the filters
 * leave on JST day `today`, each with how many of them have it (adding it leaves that many),
 * most first; `prefix` keeps the tags whose folded text starts with the folded prefix.
 */
export async function tagItems(
  db: Knex,
  q: TagItemsQuery,
  today: string,
): Promise<{ data: TagItem[]; meta: ListMeta }> {
  const prefix = q.prefix ? foldSearchText(q.prefix) : '';
  const all = (await tagCounts(db, q, today))
    .filter((t) => foldSearchText(t.tag).startsWith(prefix))
    .sort(
      byCountThenName(
        (t) => t.tag,
        (t) => t.count,
      ),
    );
  return { data: all.slice(0, q.limit), meta: { page: 1, limit: q.limit, total: all.length } };
}

/**
 * Spec 7 `GET /coupons/search/select/address` (issue 15): the municipalities (市区町村) of the
 * shops of the coupons shown on JST day `today` that the filters leave (the `address` filter
 * set aside: a choice replaces it), with how many coupons each has, most first, then by name.
 */
export async function addressItems(
  db: Knex,
  f: CouponFilter,
  today: string,
): Promise<{ data: AddressItem[]; meta: ListMeta }> {
  const data = (await municipalityCounts(db, f, today)).sort(
    byCountThenName(
      (m) => m.municipality,
      (m) => m.count,
    ),
  );
  return { data, meta: { page: 1, limit: data.length, total: data.length } };
}
