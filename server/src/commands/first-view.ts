/**
 * The server-rendered first view (issue 5), read from the coupons and campaigns domains for
 * http/pages.ts's page handler, which app.ts hands these functions.
 */
import type { Locale } from '../contracts/common';
import { CouponSearchQuery } from '../contracts/coupons';
import { jstDate } from '../db/dialect';
import type { AppDeps } from '../http/context';
import { runningCampaign } from '../domains/campaigns';
import { couponIsShown, searchCoupons } from '../domains/coupons';
import type { PageMatch } from '../site/admin-page-table';
import type { PageId } from '../site/page-table';
import { COUPON_LIST_PAGE_SIZE, type PrerenderedData } from '../site/prerender';

/**
 * The data a server-rendered page shows: for the coupon list, its first page exactly as the
 * screen would load it (GET /api/coupons/list/search?page=1&limit=10 in that language) and the
 * running rally as the layout would ask for it (GET /api/coupons/get/campaign); nothing for
 * other pages.
 */
export async function firstViewData(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  id: PageId,
  locale: Locale,
): Promise<Omit<PrerenderedData, 'locale'>> {
  if (id !== 'couponList') return {};
  const today = jstDate(clock.now());
  const [{ data, meta }, runningRally] = await Promise.all([
    searchCoupons(db, CouponSearchQuery.parse({ page: 1, limit: COUPON_LIST_PAGE_SIZE }), today, locale),
    runningCampaign(db, today, locale),
  ]);
  return { couponList: { page: meta.page, total: meta.total, items: data }, runningRally };
}

/**
 * Whether the record a public page shows exists today (JST): `/coupon/{id}/` of a coupon not
 * shown today answers 404 (still with the app); every other page exists.
 */
export async function pageRecordExists(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  match: Extract<PageMatch, { area: 'public' }>,
): Promise<boolean> {
  return match.id !== 'couponDetail' || couponIsShown(db, Number(match.params.id), jstDate(clock.now()));
}
