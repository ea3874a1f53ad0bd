import { z } from 'zod';
import { Area, JstDate, ListMeta, Paging } from './common';
import { CouponCard } from './coupons';

/**
 * The visitors' coupon ranking (spec 2 "a coupon ranking", issue 15): the coupons shown today,
 * most used first. Spec 7 names two calls, both public with this query and answer:
 * - `GET /coupons/list/search/ranking`: the ranking as a paged list (the ranking screen);
 * - `GET /coupons/get/ranking`: the top of the ranking (page 1 by default; a teaser asks for
 *   a short `limit`, per `area`).
 * - `week`: uses on the JST days of this week, Monday to today (JST weeks start on Monday);
 * - `season`: uses on the days of the stamp rally running today, from its first day to today;
 *   no rally running: an empty list (meta `from`/`to` null).
 */
export const RankingPeriod = z.enum(['week', 'season']);
export type RankingPeriod = z.infer<typeof RankingPeriod>;

/** Query of GET /api/coupons/list/search/ranking and /api/coupons/get/ranking: period (default week), area (one of the six), page and limit (default 10, spec 9). */
export const CouponRankingQuery = Paging.extend({
  period: RankingPeriod.default('week'),
  area: Area.optional(),
});
export type CouponRankingQuery = z.output<typeof CouponRankingQuery>;

/**
 * A ranked coupon: the list's card (with `favorite` for a signed-in visitor), its place and its
 * uses. Ordered by uses, most first; equal uses by coupon id, so the order is stable and
 * `rank` is the place in it (1, 2, 3, ...).
 */
export const RankedCoupon = CouponCard.extend({
  rank: z.number().int(),
  /** Redemptions of the coupon on the period's days (JST), at any of its spots, by anyone. */
  uses: z.number().int(),
});
export type RankedCoupon = z.infer<typeof RankedCoupon>;

export const CouponRankingList = z.object({
  data: z.array(RankedCoupon),
  meta: ListMeta.extend({
    period: RankingPeriod,
    /** The first and last JST day counted; null for a season when no rally runs. */
    from: JstDate.nullable(),
    to: JstDate.nullable(),
    /** The rally whose period `season` counts; null for a week. */
    campaignId: z.number().int().nullable(),
  }),
});
export type CouponRankingList = z.infer<typeof CouponRankingList>;
