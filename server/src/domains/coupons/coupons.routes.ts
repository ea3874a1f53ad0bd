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
  SetFavoriteBody,
  SetFavoriteResponse,
  StoreCouponsBody,
  StoreCouponsResponse,
} from '../../contracts/coupons';
import { RunningCampaignResponse } from '../../contracts/campaigns';
import { RallyQuery } from '../../contracts/coupon-calls';
import { jstDate } from '../../db/dialect';
import { optionalVisitorIdOf, visitorIdOf, type AppDeps } from '../../http/context';
import { ValidationError } from '../../http/errors';
import { checkAccess, defineRoute, type AnyRoute } from '../../http/route';
import { rallyOrRunning } from '../campaigns';
import { listNearbySpots } from '../spots';
import { markCouponUsed } from '../../commands/mark-coupon-used';
import { couponDetail, searchCoupons, setFavorite, storeCoupons } from './coupons.service';

/** Visitor coupon routes, paths exactly as spec section 7. */
export function couponRoutes(deps: AppDeps): AnyRoute[] {
  const { db, clock } = deps;
  const today = () => jstDate(clock.now());
  return [
    // Public; a signed-in visitor's cards also say `favorite`, and `favorite=true` (their
    // favourites list, spec 2) needs one: 401 for nobody, 403 for staff.
    defineRoute({
      method: 'get',
      path: '/coupons/list/search',
      summary:
        "Published, currently valid coupons with their spot, newest first (favorite=true: the visitor's favourites)",
      access: 'optionalVisitor',
      query: CouponSearchQuery,
      response: CouponList,
      errors: [403],
      handler: async ({ query, actor, locale }) => {
        if (query.favorite) checkAccess('visitor', actor);
        return searchCoupons(db, query, today(), locale, optionalVisitorIdOf(actor));
      },
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
    // Checks a check-in code, so limited like a write (a guess costs a request).
    defineRoute({
      method: 'put',
      path: '/coupons/store/list',
      summary: "A shop's coupons shown today and whether its printed QR code's check-in code is current",
      access: 'public',
      rateLimit: 'write',
      body: StoreCouponsBody,
      response: StoreCouponsResponse,
      errors: [404],
      handler: async ({ body, locale }) => ({
        data: await storeCoupons(db, { spotId: body.spotId, code: body.code, today: today(), locale }),
      }),
    }),
    // Issue 15: with campaignId, that rally (the rally page of a past or coming one).
    defineRoute({
      method: 'get',
      path: '/coupons/get/campaign',
      summary: 'The stamp rally running today (JST), or null; with campaignId, that rally',
      access: 'public',
      query: RallyQuery,
      response: RunningCampaignResponse,
      errors: [404],
      handler: async ({ query, locale }) => ({ data: await rallyOrRunning(db, query.campaignId, today(), locale) }),
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
      method: 'put',
      path: '/coupons/set/favorite',
      summary: "Set whether a coupon is among the visitor's favourites (idempotent: send the state wanted)",
      access: 'visitor',
      rateLimit: 'write',
      body: SetFavoriteBody,
      response: SetFavoriteResponse,
      errors: [404],
      handler: async ({ body, actor }) => ({
        data: await setFavorite(db, { ...body, userId: visitorIdOf(actor), today: today(), now: clock.now() }),
      }),
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
