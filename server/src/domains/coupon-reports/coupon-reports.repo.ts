import type { Knex } from 'knex';
import type { Area, Purpose } from '../../contracts/common';
import { toBool, toInt } from '../../db/dialect';
import { loadTranslations } from '../../db/translations';

/**
 * Read-only reports over coupons and their use (issue 6): the ranking and the CSV export.
 * A report reads several domains' tables in one query each, so it lives here rather than in
 * one of them; it never writes.
 */

/** Which coupons and uses a caller sees: everything (admins), or what concerns these spots (shop staff). */
export type ReportScope = { all: true } | { all: false; spotIds: number[] };

export interface RankingDbRow {
  rank: number;
  couponId: number;
  title: string;
  area: Area;
  purpose: Purpose;
  published: boolean;
  deleted: boolean;
  uses: number;
  visitors: number;
}

/**
 * Coupons by redemptions with `used_on` (JST date) in [from, to], most used first, one page,
 * with the number of distinct visitors and a competition rank (ties share it). Shop scope
 * counts only redemptions at the shop's spots. Deleted coupons keep their place (their uses
 * happened) and say so. Titles in ja.
 */
export async function findRanking(
  db: Knex,
  q: { from: string; to: string; area?: Area; purpose?: Purpose; page: number; limit: number },
  scope: ReportScope,
): Promise<{ rows: RankingDbRow[]; total: number }> {
  const base = db('redemptions as r')
    .join('coupons as c', 'c.id', 'r.coupon_id')
    .whereBetween('r.used_on', [q.from, q.to]);
  if (!scope.all) base.whereIn('r.spot_id', scope.spotIds);
  if (q.area) base.andWhere('c.area', q.area);
  if (q.purpose) base.andWhere('c.purpose', q.purpose);
  const grouped = base.clone().groupBy('c.id', 'c.area', 'c.purpose', 'c.published', 'c.deleted_at');
  const rows = (await grouped
    .clone()
    .select(
      'c.id as coupon_id',
      'c.area',
      'c.purpose',
      'c.published',
      'c.deleted_at',
      db.raw('count(*) as uses'),
      db.raw('count(distinct r.user_id) as visitors'),
      db.raw('rank() over (order by count(*) desc) as rank_no'),
      db.raw('count(*) over () as total_count'),
    )
    .orderBy('uses', 'desc')
    .orderBy('c.id', 'asc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)) as Array<{
    coupon_id: number;
    area: Area;
    purpose: Purpose;
    published: unknown;
    deleted_at: unknown;
    uses: unknown;
    visitors: unknown;
    rank_no: unknown;
    total_count: unknown;
  }>;
  // A page past the end has no row to carry the window count: count the groups separately.
  const total =
    rows.length > 0
      ? toInt(rows[0]!.total_count)
      : q.page > 1
        ? toInt((await db.from(grouped.clone().select('c.id').as('g')).count({ n: '*' }).first())?.n)
        : 0;
  const titles = await loadTranslations<{ title: string }>(
    db,
    'coupon_translations',
    'coupon_id',
    rows.map((r) => r.coupon_id),
    'ja',
  );
  return {
    rows: rows.map((r) => ({
      rank: toInt(r.rank_no),
      couponId: r.coupon_id,
      title: titles.get(r.coupon_id)?.title ?? '',
      area: r.area,
      purpose: r.purpose,
      published: toBool(r.published),
      deleted: r.deleted_at !== null && r.deleted_at !== undefined,
      uses: toInt(r.uses),
      visitors: toInt(r.visitors),
    })),
    total,
  };
}

export interface CouponExportRow {
  id: number;
  title: string;
  description: string;
  discount: string;
  storeCodes: string[];
  area: Area;
  purpose: Purpose;
  genre: string | null;
  tags: string[];
  validFrom: string;
  validTo: string;
  published: boolean;
}

/**
 * Coupons in id order after `afterId`, at most `limit`, with their ja texts, the store codes
 * of all their spots and their tags; deleted coupons left out. Shop scope: coupons usable at
 * one of the shop's spots.
 */
export async function findCouponsForExport(
  db: Knex,
  scope: ReportScope,
  afterId: number,
  limit: number,
): Promise<CouponExportRow[]> {
  const q = db('coupons as c')
    .whereNull('c.deleted_at')
    .where('c.id', '>', afterId)
    .orderBy('c.id')
    .limit(limit)
    .select('c.*');
  if (!scope.all)
    q.whereExists(db('coupon_spots as cs').whereRaw('cs.coupon_id = c.id').whereIn('cs.spot_id', scope.spotIds));
  const rows: Array<{
    id: number;
    area: Area;
    purpose: Purpose;
    genre: string | null;
    valid_from: string;
    valid_to: string;
    published: unknown;
  }> = await q;
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [texts, spots, tags] = await Promise.all([
    loadTranslations<{ title: string; description: string; discount_text: string }>(
      db,
      'coupon_translations',
      'coupon_id',
      ids,
      'ja',
    ),
    db('coupon_spots as cs')
      .join('spots as s', 's.id', 'cs.spot_id')
      .whereIn('cs.coupon_id', ids)
      .orderBy('s.store_code')
      .select('cs.coupon_id', 's.store_code'),
    db('coupon_tags').whereIn('coupon_id', ids).orderBy('tag').select('coupon_id', 'tag'),
  ]);
  const listOf = (pairs: Array<Record<string, unknown>>, key: string) => {
    const m = new Map<number, string[]>();
    for (const p of pairs) {
      const id = Number(p.coupon_id);
      m.set(id, [...(m.get(id) ?? []), String(p[key])]);
    }
    return m;
  };
  const codes = listOf(spots, 'store_code');
  const tagLists = listOf(tags, 'tag');
  return rows.map((r) => ({
    id: r.id,
    title: texts.get(r.id)?.title ?? '',
    description: texts.get(r.id)?.description ?? '',
    discount: texts.get(r.id)?.discount_text ?? '',
    storeCodes: codes.get(r.id) ?? [],
    area: r.area,
    purpose: r.purpose,
    genre: r.genre,
    tags: tagLists.get(r.id) ?? [],
    validFrom: r.valid_from,
    validTo: r.valid_to,
    published: toBool(r.published),
  }));
}
