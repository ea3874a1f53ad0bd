import type { Knex } from 'knex';
import type { Locale } from '../../contracts/common';
import type { Campaign } from '../../contracts/campaigns';
import type { CouponRankingList, CouponRankingQuery } from '../../contracts/ranking';
import { jstWeekStart } from '../../db/dialect';
import { spotsOfCoupons } from '../spots';
import { favoriteIdsAmong } from './coupons.favorites.repo';
import { findMostUsed } from './coupons.ranking.repo';
import { toCard } from './coupons.service';

/**
 * Spec 7 `/coupons/list/search/ranking` and `/coupons/get/ranking` (spec 2 "a coupon ranking",
 * issue 15): the coupons shown on JST day `today`, by their uses in the period, most first
 * (equal uses: lower coupon id first), one page of them as the list's cards with `rank` (the
 * place, from 1) and `uses`.
 * - `week`: JST days from this week's Monday to `today`;
 * - `season`: JST days of `rally` (the stamp rally running today) from its first day to
 *   `today`; with no rally running, an empty list with `from`/`to` null.
 * With `userId` (a signed-in visitor) each card says whether it is among their favourites.
 */
export async function couponRanking(
  db: Knex,
  q: CouponRankingQuery,
  today: string,
  rally: Campaign | null,
  locale: Locale,
  userId?: number,
): Promise<CouponRankingList> {
  const meta = { page: q.page, limit: q.limit, period: q.period };
  let from: string;
  if (q.period === 'week') from = jstWeekStart(today);
  else if (rally) from = rally.startsOn;
  else return { data: [], meta: { ...meta, total: 0, from: null, to: null, campaignId: null } };
  const to = today;
  const { rows, total } = await findMostUsed(db, { ...q, from, to, day: today }, locale);
  const ids = rows.map((r) => r.id);
  const [spots, favorites] = await Promise.all([
    spotsOfCoupons(db, ids, locale),
    userId === undefined ? undefined : favoriteIdsAmong(db, userId, ids),
  ]);
  const offset = (q.page - 1) * q.limit;
  return {
    data: rows.map((c, i) => ({
      ...toCard(c, spots.get(c.id) ?? []),
      ...(favorites ? { favorite: favorites.has(c.id) } : {}),
      rank: offset + i + 1,
      uses: c.uses,
    })),
    meta: { ...meta, total, from, to, campaignId: q.period === 'season' ? (rally?.id ?? null) : null },
  };
}
