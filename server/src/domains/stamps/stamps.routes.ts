import { SpotCountQuery, SpotCountResponse, StampListQuery, StampListResponse } from '../../contracts/stamps';
import { jstDate } from '../../db/dialect';
import { optionalVisitorIdOf, visitorIdOf, type AppDeps } from '../../http/context';
import { defineRoute, type AnyRoute } from '../../http/route';
import { stampsByArea } from './stamps.rally.service';
import { listMyStamps } from './stamps.service';

/** Stamp routes (spec 7). */
export function stampRoutes({ db, clock }: AppDeps): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/stamps/get/list',
      summary: "The visitor's stamps in a rally (default: the running one) with red, gold and total",
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
    // Public, for the rally page: a signed-in visitor's answer adds their stamps per area.
    defineRoute({
      method: 'get',
      path: '/stamps/spotcount',
      summary:
        "A rally (default: the running one) and where it stands; a signed-in visitor's stamps, points and spots per area",
      access: 'optionalVisitor',
      query: SpotCountQuery,
      response: SpotCountResponse,
      errors: [404],
      handler: async ({ query, actor, locale }) => ({
        data: await stampsByArea(db, {
          campaignId: query.campaignId,
          userId: optionalVisitorIdOf(actor),
          today: jstDate(clock.now()),
          locale,
        }),
      }),
    }),
  ];
}
