import {
  AddressItemList,
  CouponCountResponse,
  CouponFilterBody,
  CouponFilterQuery,
  TagItemList,
  TagItemsQuery,
} from '../../contracts/coupon-search';
import { jstDate } from '../../db/dialect';
import type { AppDeps } from '../../http/context';
import { defineRoute, type AnyRoute } from '../../http/route';
import { addressItems, countCoupons, tagItems } from './coupons.search.service';

/**
 * The search screen's calls (spec 2 `/coupon/search_window/`, spec 7 paths, issue 15): public,
 * read only, counting the coupons shown today (JST) under the list's filters.
 */
export function couponSearchRoutes(deps: AppDeps): AnyRoute[] {
  const { db, clock } = deps;
  const today = () => jstDate(clock.now());
  return [
    // A POST because the screen sends its whole filter set as JSON on every change; it changes nothing.
    defineRoute({
      method: 'post',
      path: '/coupons/search/coupon/count',
      summary: 'How many coupons the filters leave, and how many each area, purpose and genre choice would leave',
      access: 'public',
      body: CouponFilterBody,
      response: CouponCountResponse,
      handler: async ({ body }) => ({ data: await countCoupons(db, body, today()) }),
    }),
    defineRoute({
      method: 'get',
      path: '/coupons/search/tag/items',
      summary: 'Tags of the coupons the filters leave, with counts, most used first (optional prefix)',
      access: 'public',
      query: TagItemsQuery,
      response: TagItemList,
      handler: async ({ query }) => tagItems(db, query, today()),
    }),
    defineRoute({
      method: 'get',
      path: '/coupons/search/select/address',
      summary: 'Municipalities with coupons the filters leave, with counts, most coupons first',
      access: 'public',
      query: CouponFilterQuery,
      response: AddressItemList,
      handler: async ({ query }) => addressItems(db, query, today()),
    }),
  ];
}
