import type { Knex } from 'knex';
import type { Area, Locale } from '../../contracts/common';
import { toInt } from '../../db/dialect';
import { present, type CouponRow, type Raw } from './coupons.repo';

/**
 * Coupons shown on JST day `day` (published, in their period, not deleted), in `area` when
 * given, that were used on JST days `from`..`to`: one page of them by uses, most first,
 * equal uses by coupon id (a stable order), with how many there are in all.
 * Counts come from `redemptions` (one row per use; `used_on` is the JST day of the use).
 */
export async function findMostUsed(
  db: Knex,
  q: { from: string; to: string; day: string; area?: Area; page: number; limit: number },
  locale: Locale,
): Promise<{ rows: Array<CouponRow & { uses: number }>; total: number }> {
  const base = db('redemptions as r')
    .join('coupons as c', 'c.id', 'r.coupon_id')
    .whereNull('c.deleted_at')
    .where('c.published', true)
    .andWhere('c.valid_from', '<=', q.day)
    .andWhere('c.valid_to', '>=', q.day)
    .andWhere('r.used_on', '>=', q.from)
    .andWhere('r.used_on', '<=', q.to);
  if (q.area) base.andWhere('c.area', q.area);
  const [ranked, countRow] = await Promise.all([
    base
      .clone()
      .select('r.coupon_id as id')
      .count({ uses: '*' })
      .groupBy('r.coupon_id')
      .orderBy([
        { column: 'uses', order: 'desc' },
        { column: 'r.coupon_id', order: 'asc' },
      ])
      .limit(q.limit)
      .offset((q.page - 1) * q.limit) as unknown as Promise<Array<{ id: number; uses: unknown }>>,
    base.clone().countDistinct({ n: 'r.coupon_id' }).first(),
  ]);
  const ids = ranked.map((r) => Number(r.id));
  const raws = ids.length ? ((await db('coupons').whereIn('id', ids).select('*')) as Raw[]) : [];
  const byId = new Map((await present(db, raws, locale)).map((c) => [c.id, c]));
  const rows = ranked.flatMap((r) => {
    const c = byId.get(Number(r.id));
    return c ? [{ ...c, uses: toInt(r.uses) }] : [];
  });
  return { rows, total: toInt(countRow?.n) };
}
