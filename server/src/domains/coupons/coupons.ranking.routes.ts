import type { Locale } from '../../contracts/common';
import { CouponRankingList, CouponRankingQuery } from '../../contracts/ranking';
import { jstDate } from '../../db/dialect';
import { optionalVisitorIdOf, type Actor, type AppDeps } from '../../http/context';
import { defineRoute, type AnyRoute } from '../../http/route';
import { runningCampaign } from '../campaigns';
import { couponRanking } from './coupons.ranking.service';

/**
 * The visitors' coupon ranking (issue 15), paths as spec section 7, both public (a signed-in
 * visitor's cards also say `favorite`) and answered by the same service function:
 * - `GET /coupons/list/search/ranking`: the ranking as a paged list (the ranking screen);
 * - `GET /coupons/get/ranking`: the top of the ranking (page 1 unless asked; a teaser asks
 *   e.g. `limit=3&area=aso`).
 */
export function couponRankingRoutes({ db, clock }: AppDeps): AnyRoute[] {
  const handler = async ({ query, actor, locale }: { query: CouponRankingQuery; actor: Actor; locale: Locale }) => {
    const today = jstDate(clock.now());
    const rally = query.period === 'season' ? await runningCampaign(db, today, locale) : null;
    return couponRanking(db, query, today, rally, locale, optionalVisitorIdOf(actor));
  };
  return [
    defineRoute({
      method: 'get',
      path: '/coupons/list/search/ranking',
      summary:
        'The ranking screen: coupons shown today by uses this week (JST, from Monday) or this season (the running rally), most first, per area, paged',
      access: 'optionalVisitor',
      query: CouponRankingQuery,
      response: CouponRankingList,
      handler,
    }),
    defineRoute({
      method: 'get',
      path: '/coupons/get/ranking',
      summary:
        'The top of the ranking (same query and answer as /coupons/list/search/ranking; page 1 by default): for a teaser, e.g. limit=3 per area',
      access: 'optionalVisitor',
      query: CouponRankingQuery,
      response: CouponRankingList,
      handler,
    }),
  ];
}
