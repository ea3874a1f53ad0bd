import type { Knex } from 'knex';
import type { Area, Purpose } from '../../contracts/common';
import { toInt, toIso } from '../../db/dialect';

/** Coupons shown on JST day `day` (published, not deleted, valid that day), optionally of one area and purpose. */
function shownOn(db: Knex, day: string, f: { area?: Area; purpose?: Purpose } = {}) {
  const q = db('coupons as c')
    .whereNull('c.deleted_at')
    .where('c.published', true)
    .andWhere('c.valid_from', '<=', day)
    .andWhere('c.valid_to', '>=', day);
  if (f.area) q.andWhere('c.area', f.area);
  if (f.purpose) q.andWhere('c.purpose', f.purpose);
  return q;
}

/** How many coupons are shown on `day` (of the area and purpose, if given). */
export async function countShown(db: Knex, day: string, f: { area?: Area; purpose?: Purpose }): Promise<number> {
  return toInt((await shownOn(db, day, f).count({ n: '*' }).first())?.n);
}

/**
 * How many of the coupons shown on `day` (area, purpose) visitor `userId` has used that JST day,
 * by the day pressed or the day received (the once-per-day rule's two days).
 */
export async function countUsedAmongShown(
  db: Knex,
  userId: number,
  day: string,
  f: { area?: Area; purpose?: Purpose },
): Promise<number> {
  const row = await shownOn(db, day, f)
    .whereExists(
      db('redemptions as r')
        .whereRaw('r.coupon_id = c.id')
        .andWhere('r.user_id', userId)
        .andWhere((w) => w.where('r.used_on', day).orWhere('r.received_on', day)),
    )
    .count({ n: '*' })
    .first();
  return toInt(row?.n);
}

/** Coupons shown on `day` per area and per purpose, and the distinct spots where they are usable. */
export async function countShownBy(
  db: Knex,
  day: string,
): Promise<{ byArea: Map<Area, number>; byPurpose: Map<Purpose, number>; spots: number }> {
  const [areas, purposes, spots] = await Promise.all([
    shownOn(db, day).select('c.area').count({ n: '*' }).groupBy('c.area'),
    shownOn(db, day).select('c.purpose').count({ n: '*' }).groupBy('c.purpose'),
    shownOn(db, day).join('coupon_spots as cs', 'cs.coupon_id', 'c.id').countDistinct({ n: 'cs.spot_id' }).first(),
  ]);
  return {
    byArea: new Map((areas as Array<{ area: Area; n: unknown }>).map((r) => [r.area, toInt(r.n)])),
    byPurpose: new Map((purposes as Array<{ purpose: Purpose; n: unknown }>).map((r) => [r.purpose, toInt(r.n)])),
    spots: toInt((spots as { n?: unknown } | undefined)?.n),
  };
}

/** A visitor's uses: ever, on JST day `day` (pressed or received), and their favourites. */
export async function countMine(
  db: Knex,
  userId: number,
  day: string,
): Promise<{ uses: number; usedToday: number; favorites: number }> {
  const [uses, today, favorites] = await Promise.all([
    db('redemptions').where('user_id', userId).count({ n: '*' }).first(),
    db('redemptions')
      .where('user_id', userId)
      .andWhere((w) => w.where('used_on', day).orWhere('received_on', day))
      .count({ n: '*' })
      .first(),
    db('coupon_favorites').where('user_id', userId).count({ n: '*' }).first(),
  ]);
  return { uses: toInt(uses?.n), usedToday: toInt(today?.n), favorites: toInt(favorites?.n) };
}

/**
 * A visitor's uses grouped by the JST month of the day pressed (`used_on` is `YYYY-MM-DD`, so
 * its first seven characters are the month), newest first, one page; and how many months.
 */
export async function findUseMonths(
  db: Knex,
  userId: number,
  page: { page: number; limit: number },
): Promise<{ rows: Array<{ yearMonth: string; uses: number }>; total: number }> {
  const months = db('redemptions')
    .where('user_id', userId)
    .select(db.raw('substr(used_on, 1, 7) as year_month'))
    .count({ n: '*' })
    .groupByRaw('substr(used_on, 1, 7)');
  const [rows, total] = await Promise.all([
    months
      .clone()
      .orderBy('year_month', 'desc')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.from(months.clone().as('m')).count({ n: '*' }).first(),
  ]);
  return {
    rows: (rows as Array<{ year_month: string; n: unknown }>).map((r) => ({
      yearMonth: r.year_month,
      uses: toInt(r.n),
    })),
    total: toInt(total?.n),
  };
}

export type UseRow = {
  id: number;
  usedOn: string;
  usedAt: string;
  spotId: number;
  distanceM: number;
  proof: 'gps' | 'check_in_code';
};

/** A visitor's uses of one coupon, newest first, one page; and how many in all. */
export async function findUsesOfCoupon(
  db: Knex,
  userId: number,
  couponId: number,
  page: { page: number; limit: number },
): Promise<{ rows: UseRow[]; total: number }> {
  const base = db('redemptions').where({ user_id: userId, coupon_id: couponId });
  const [rows, total] = await Promise.all([
    base
      .clone()
      .select('id', 'used_on', 'used_at', 'spot_id', 'distance_m', 'proof')
      .orderBy('used_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    base.clone().count({ n: '*' }).first(),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      usedOn: r.used_on,
      usedAt: toIso(r.used_at),
      spotId: r.spot_id,
      distanceM: Math.round(Number(r.distance_m)),
      proof: r.proof,
    })),
    total: toInt(total?.n),
  };
}

/** Which of coupons `ids` are shown on `day`. */
export async function shownIdsAmong(db: Knex, ids: number[], day: string): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  return new Set((await shownOn(db, day).whereIn('c.id', ids).pluck('c.id')).map(Number));
}
