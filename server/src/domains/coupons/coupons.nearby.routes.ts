import { NearbyCouponList, NearbyCouponsBody } from '../../contracts/nearby-coupons';
import { jstDate } from '../../db/dialect';
import type { AppDeps } from '../../http/context';
import { defineRoute, type AnyRoute } from '../../http/route';
import { MAX_ACCURACY_ALLOWANCE_M } from '../../commands/mark-coupon-used';
import { nearbyCoupons } from './coupons.nearby.service';

/** The visitor's "coupons near me" call (spec 7, issue 15). */
export function nearbyCouponRoutes(deps: AppDeps): AnyRoute[] {
  const { db, clock } = deps;
  return [
    // A POST that only reads (spec 7 names it so): public and, like the other reads, not limited.
    defineRoute({
      method: 'post',
      path: '/coupons/get/nearby/coupon/lists',
      summary:
        'Coupons shown today with a spot within range metres (default 3000) of lat/long, nearest first, with that spot and distanceM',
      access: 'public',
      body: NearbyCouponsBody,
      response: NearbyCouponList,
      handler: async ({ body, locale }) =>
        nearbyCoupons(db, {
          ...body,
          today: jstDate(clock.now()),
          locale,
          allowanceM: Math.min(body.accuracy ?? 0, MAX_ACCURACY_ALLOWANCE_M),
        }),
    }),
  ];
}
