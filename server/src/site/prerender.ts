import type { Campaign } from '../contracts/campaigns';
import type { Locale } from '../contracts/common';
import type { CouponCard } from '../contracts/coupons';

/** Spec 9: the coupon list screen's page size; the server renders its first page into `/coupon/`. */
export const COUPON_LIST_PAGE_SIZE = 10;

/**
 * What the server rendered a page with (issue 5: the first view of `/coupon/` arrives as HTML
 * with its first page of coupons, so it paints before any script has run). The same data goes
 * into the page as JSON (`<script type="application/json" id="prerendered-data">`), so the
 * client's first render shows exactly what was painted.
 */
export type PrerenderedData = {
  locale: Locale;
  /** The first page of GET /api/coupons/list/search, as the list screen would load it. */
  couponList?: { page: number; total: number; items: CouponCard[] };
  /** GET /api/coupons/get/campaign's answer (the header shows my stamps while a rally runs). */
  runningRally?: Campaign | null;
};

/** What a server-side render is given: the page's data and the request's user agent (spec 1's PC message). */
export type ServerRender = PrerenderedData & { userAgent: string };

/** The id of the `<script type="application/json">` that carries a server-rendered page's data. */
export const PRERENDER_SCRIPT_ID = 'prerendered-data';
