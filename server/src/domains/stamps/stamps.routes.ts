import { SpotCountQuery, SpotCountResponse, StampListQuery, StampListResponse } from '../../contracts/stamps';
import { jstDate } from '../../db/dialect';
import { visitorIdOf, type AppDeps } from '../../http/context';
import { defineRoute, type AnyRoute } from '../../http/route';
import { listMyStamps, listSpotCounts } from './stamps.service';

/** Stamp routes (spec 7). */
export function stampRoutes({ db, clock }: AppDeps): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/stamps/get/list',
      summary:
        "The visitor's stamps in a rally (default: the running one) with red, gold, total and the balance (earned, spent, left)",
      access: 'visitor',
      query: StampListQuery,
      response: StampListResponse,
      errors: [404],
      handler: async ({ query, actor, locale }) => ({
        data: await listMyStamps(db, {
          userId: visitorIdOf(actor),
          campaignId: query.campaignId,
          today: jstDate(clock.now()),
          locale,
        }),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/stamps/spotcount',
      summary:
        "The visitor's stamps in a rally (default: the running one) counted per spot and per area, with the balance",
      access: 'visitor',
      query: SpotCountQuery,
      response: SpotCountResponse,
      errors: [404],
      handler: async ({ query, actor, locale }) => ({
        data: await listSpotCounts(db, {
          userId: visitorIdOf(actor),
          campaignId: query.campaignId,
          today: jstDate(clock.now()),
          locale,
        }),
      }),
    }),
  ];
}
