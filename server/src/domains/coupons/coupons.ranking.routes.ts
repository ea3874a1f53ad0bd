import { CouponRankingList, CouponRankingQuery } from '../../contracts/ranking';
import { jstDate } from '../../db/dialect';
import { optionalVisitorIdOf, type AppDeps } from '../../http/context';
import { defineRoute, type AnyRoute } from '../../http/route';
import { runningCampaign } from '../campaigns';
import { couponRanking } from './coupons.ranking.service';

/** The visitors' coupon ranking (issue 15), path as spec section 7. */
export function couponRankingRoutes({ db, clock }: AppDeps): AnyRoute[] {
  return [
    // Public; a signed-in visitor's cards also say `favorite`.
    defineRoute({
      method: 'get',
      path: '/coupons/get/ranking',
      summary:
        'Coupons shown today by uses this week (JST, from Monday) or this season (the running rally), most first, per area',
      access: 'optionalVisitor',
      query: CouponRankingQuery,
      response: CouponRankingList,
      handler: async ({ query, actor, locale }) => {
        const today = jstDate(clock.now());
        const rally = query.period === 'season' ? await runningCampaign(db, today, locale) : null;
        return couponRanking(db, query, today, rally, locale, optionalVisitorIdOf(actor));
      },
    }),
  ];
}
