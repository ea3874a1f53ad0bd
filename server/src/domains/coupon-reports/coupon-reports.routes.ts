import { COUPON_CSV_COLUMNS, RankingList, RankingQuery } from '../../contracts/spots-admin';
import { jstDate } from '../../db/dialect';
import { staffOf, type AppDeps } from '../../http/context';
import { sendCsv } from '../../http/csv';
import { CsvText } from '../../contracts/common';
import { defineRoute, type AnyRoute } from '../../http/route';
import { couponRanking, exportCouponRows } from './coupon-reports.service';

/**
 * Coupon reports for staff (issue 6): the ranking by uses and the coupon CSV export, both under
 * the admin namespace `admincoupons` (spec 6). The visitors' ranking is the coupons domain's.
 */
export function couponReportRoutes({ db, clock }: AppDeps): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/admincoupons/get/ranking',
      summary:
        'Coupons by redemptions over JST dates from..to (default the last 30 days), with counts; shop staff: uses at their spots',
      access: 'staff',
      query: RankingQuery,
      response: RankingList,
      handler: async ({ query, actor }) => couponRanking(db, query, staffOf(actor), jstDate(clock.now())),
    }),
    defineRoute({
      method: 'get',
      path: '/admincoupons/csv/export',
      summary: 'Coupons as a CSV download (UTF-8 with BOM): ja texts, store codes, tags, validity, published',
      access: 'staff',
      response: CsvText,
      media: ['text/csv'],
      handler: async ({ actor, res }) => {
        const day = jstDate(clock.now()).replace(/-/g, '');
        await sendCsv(res, `coupons-${day}.csv`, COUPON_CSV_COLUMNS, exportCouponRows(db, staffOf(actor)));
      },
    }),
  ];
}
