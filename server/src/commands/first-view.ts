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
import type { PageId, PageMatch } from '../site/page-table';
import { COUPON_LIST_PAGE_SIZE, type PrerenderedData } from '../site/prerender';

/** The coupon list's filters a page URL may carry (issue 15: a shared search link reproduces the search). */
const LIST_FILTERS = ['area', 'purpose', 'genre', 'keyword', 'shop', 'address', 'tag'] as const;

/**
 * The data a server-rendered page shows: for the coupon list, its first page exactly as the
 * screen would load it (GET /api/coupons/list/search?page=1&limit=10 in that language, with
 * the list filters of the page's `query`; none when they do not parse, and the screen then
 * shows the API's error) and the running rally as the layout would ask for it
 * (GET /api/coupons/get/campaign); nothing for other pages.
 */
export async function firstViewData(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  id: PageId,
  locale: Locale,
  query: Record<string, unknown> = {},
): Promise<Omit<PrerenderedData, 'locale'>> {
  if (id !== 'couponList') return {};
  const today = jstDate(clock.now());
  const paging = { page: 1, limit: COUPON_LIST_PAGE_SIZE };
  const filters = Object.fromEntries(LIST_FILTERS.filter((k) => query[k] !== undefined).map((k) => [k, query[k]]));
  const asked = CouponSearchQuery.safeParse({ ...paging, ...filters });
  const [list, runningRally] = await Promise.all([
    asked.success ? searchCoupons(db, asked.data, today, locale) : undefined,
    runningCampaign(db, today, locale),
  ]);
  // Bad filters: no list, so the screen asks the API and shows its error.
  if (!list) return { runningRally };
  return { couponList: { page: list.meta.page, total: list.meta.total, items: list.data }, runningRally };
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
