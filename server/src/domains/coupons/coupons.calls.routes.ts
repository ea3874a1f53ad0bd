import { IdParam, Paging } from '../../contracts/common';
import {
  DetailCheckBody,
  DetailCheckResponse,
  FindCouponsBody,
  FoundCoupons,
  HasActiveQuery,
  HasActiveResponse,
  IssueMonthList,
  CouponUseList,
  StampedUseList,
  StampedUsesBody,
  TicketCountsResponse,
} from '../../contracts/coupon-calls';
import { checkCouponUse } from '../../commands/check-coupon-use';
import { couponUses } from '../../commands/coupon-uses';
import { jstDate } from '../../db/dialect';
import { optionalVisitorIdOf, visitorIdOf, type AppDeps } from '../../http/context';
import { defineRoute, type AnyRoute } from '../../http/route';
import { stampedUses } from '../stamps';
import { findCoupons, hasActiveCoupon, issueMonths, ticketCounts } from './coupons.calls.service';

/**
 * The remaining visitor coupon calls of spec 7 (issue 15), paths exactly as spec 7; their
 * definitions are in contracts/coupon-calls.ts. None writes anything.
 */
export function couponCallRoutes({ db, clock }: AppDeps): AnyRoute[] {
  const today = () => jstDate(clock.now());
  return [
    defineRoute({
      method: 'get',
      path: '/coupons/has/coupon/active',
      summary:
        'Whether any coupon (of an area, purpose) is usable today (JST), how many, and how many the visitor has not used today',
      access: 'optionalVisitor',
      query: HasActiveQuery,
      response: HasActiveResponse,
      handler: async ({ query, actor }) => ({
        data: await hasActiveCoupon(db, { ...query, today: today(), userId: optionalVisitorIdOf(actor) }),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/coupons/allnum/ticket',
      summary:
        "Counts of coupons shown today: in all, per area and purpose, their spots; the visitor's uses and favourites",
      access: 'optionalVisitor',
      response: TicketCountsResponse,
      handler: async ({ actor }) => ({
        data: await ticketCounts(db, { today: today(), userId: optionalVisitorIdOf(actor) }),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/coupons/get/issue/yearmonth',
      summary: 'JST months (YYYY-MM) in which the visitor used (was issued) coupons, newest first, with counts',
      access: 'visitor',
      query: Paging,
      response: IssueMonthList,
      handler: async ({ query, actor }) => issueMonths(db, { ...query, userId: visitorIdOf(actor) }),
    }),
    defineRoute({
      method: 'get',
      path: '/coupons/get/user/coupon/{id}',
      summary: "The visitor's uses of one coupon, newest first, with spot and the stamp each gave",
      access: 'visitor',
      params: IdParam,
      query: Paging,
      response: CouponUseList,
      errors: [404],
      handler: async ({ params, query, actor, locale }) =>
        couponUses(db, { ...query, couponId: params.id, userId: visitorIdOf(actor), locale }),
    }),
    defineRoute({
      method: 'post',
      path: '/coupons/find/coupon/list',
      summary: 'The coupons among some ids shown today, in the order asked, and the ids that are not',
      access: 'optionalVisitor',
      body: FindCouponsBody,
      response: FoundCoupons,
      handler: async ({ body, actor, locale }) =>
        findCoupons(db, { ids: body.ids, today: today(), locale, userId: optionalVisitorIdOf(actor) }),
    }),
    defineRoute({
      method: 'post',
      path: '/coupons/get/stamp/coupon',
      summary: "The visitor's coupon uses that gave a stamp in a rally (default: the running one), newest first",
      access: 'visitor',
      body: StampedUsesBody,
      response: StampedUseList,
      errors: [404],
      handler: async ({ body, actor, locale }) =>
        stampedUses(db, { ...body, userId: visitorIdOf(actor), today: today(), locale }),
    }),
    defineRoute({
      method: 'post',
      path: '/coupon/detail/check',
      summary: 'Whether the visitor could mark a coupon used now (period, once a day, place) and why not; uses nothing',
      access: 'visitor',
      body: DetailCheckBody,
      response: DetailCheckResponse,
      errors: [404],
      handler: async ({ body, actor, locale }) => ({
        data: await checkCouponUse(db, { body, userId: visitorIdOf(actor), today: today(), locale }),
      }),
    }),
  ];
}
