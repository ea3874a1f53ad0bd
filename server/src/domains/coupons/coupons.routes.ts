import { z } from 'zod';
import { IdParam } from '../../contracts/common';
import {
  CouponDetailResponse,
  CouponList,
  CouponSearchQuery,
  IdempotencyKey,
  MarkUsedBody,
  MarkUsedResponse,
  NearbySpotList,
  NearbySpotQuery,
} from '../../contracts/coupons';
import { RunningCampaignResponse } from '../../contracts/campaigns';
import { jstDate } from '../../db/dialect';
import { optionalVisitorIdOf, visitorIdOf, type AppDeps } from '../../http/context';
import { ValidationError } from '../../http/errors';
import { defineRoute, type AnyRoute } from '../../http/route';
import { runningCampaign } from '../campaigns';
import { listNearbySpots } from '../spots';
import { markCouponUsed } from '../../commands/mark-coupon-used';
import { couponDetail, searchCoupons } from './coupons.service';

/** Visitor coupon routes, paths exactly as spec section 7. */
export function couponRoutes(deps: AppDeps): AnyRoute[] {
  const { db, clock } = deps;
  const today = () => jstDate(clock.now());
  return [
    defineRoute({
      method: 'get',
      path: '/coupons/list/search',
      summary: 'Published, currently valid coupons with their spot, newest first',
      access: 'public',
      query: CouponSearchQuery,
      response: CouponList,
      handler: async ({ query, locale }) => searchCoupons(db, query, today(), locale),
    }),
    defineRoute({
      method: 'get',
      path: '/coupons/get/nearby/spot/list',
      summary: 'Spots where coupon cid is usable within range metres (default each spot range), nearest first',
      access: 'public',
      query: NearbySpotQuery,
      response: NearbySpotList,
      handler: async ({ query, locale }) => listNearbySpots(db, query, locale),
    }),
    defineRoute({
      method: 'get',
      path: '/coupons/get/campaign',
      summary: 'The stamp rally running today (JST), or null',
      access: 'public',
      response: RunningCampaignResponse,
      handler: async ({ locale }) => ({ data: await runningCampaign(db, today(), locale) }),
    }),
    // Once per day by the JST day pressed (usedAt) and by the JST day received (now): a press
    // queued offline before midnight and sent after it counts for the day pressed and also
    // uses up the day received (see markCouponUsed).
    defineRoute({
      method: 'put',
      path: '/coupons/qr/{id}',
      summary: 'Mark a coupon used where the phone is (Idempotency-Key header required)',
      access: 'visitor',
      rateLimit: 'write',
      params: IdParam,
      body: MarkUsedBody,
      response: MarkUsedResponse,
      errors: [404, 409, 422],
      handler: async ({ params, body, actor, locale, req, res }) => {
        const key = IdempotencyKey.safeParse(req.get('idempotency-key'));
        if (!key.success)
          throw new ValidationError([`headers.Idempotency-Key: ${key.error.issues[0]?.message ?? 'required'}`]);
        const answer = await markCouponUsed(db, {
          couponId: params.id,
          userId: visitorIdOf(actor),
          body,
          idempotencyKey: key.data,
          now: clock.now(),
          locale,
        });
        res.status(answer.status);
        return answer.body;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/coupons/{id}',
      summary: 'Coupon detail with spots and, for a signed-in visitor, whether it was used today',
      access: 'optionalVisitor',
      params: IdParam,
      query: z.object({}).passthrough(),
      response: CouponDetailResponse,
      errors: [404],
      handler: async ({ params, actor, locale }) => ({
        data: await couponDetail(db, {
          id: params.id,
          userId: optionalVisitorIdOf(actor),
          today: today(),
          locale,
        }),
      }),
    }),
  ];
}
