import type { Campaign } from '../contracts/campaigns';
import type { CouponCard } from '../contracts/coupons';
import type { Locale } from '../contracts/common';

// The languages again rather than imported from ./common: that module builds zod schemas at
// load, and this one is in the client's first-view bundle (type-checked to stay in step).
const LANGS = ['ja', 'en', 'ko', 'zh-cn', 'zh-tw'] as const satisfies readonly Locale[];
const DEFAULT_LOCALE: Locale = 'ja';
const everyLocale: Exclude<Locale, (typeof LANGS)[number]> extends never ? true : false = true;
void everyLocale;
const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LANGS as readonly string[]).includes(v);

/**
 * The page route table of spec section 2, shared by the client's router and the server's
 * page handler (so the server answers 404 for exactly the paths the client cannot show).
 * Pure data and functions: no React, no Express, no zod.
 *
 * Patterns are written without a language prefix and end with `/` (spec 2). `:id` is a
 * required and `:id?` an optional segment; every id is a positive integer.
 */
export const PAGE_PATTERNS = {
  home: '/',
  about: '/about/',
  campaign: '/campaign/',
  contact: '/contact/',
  couponList: '/coupon/',
  faq: '/faq/',
  payment: '/payment/',
  point: '/point/',
  privacy: '/privacy/',
  terms: '/terms/',
  couponQuestion: '/coupon/question/',
  couponSearch: '/coupon/search_window/',
  storeCoupon: '/coupon/store_coupon/',
  nearbyCoupons: '/coupon/gps/nearly_coupon/',
  couponDetail: '/coupon/:id/',
  infoForm: '/info/form/',
  pointsPayment: '/payment/points-payment/',
  paymentThanks: '/payment/thanks/',
  prizeQuestion: '/prize/question/',
  prize: '/prize/:id?/',
  stamps: '/stamp/:id?/',
  collectPointsQr: '/collect-points-qr/:id?/',
  stampRally: '/campaign/stamp-rally/:id?/',
} as const;
export type PageId = keyof typeof PAGE_PATTERNS;

/** Where the admin area's pages live (spec 2). */
export const ADMIN_ROOT = '/management_admin/';

/**
 * The admin area's pages (spec 2), relative to ADMIN_ROOT. The server serves them (behind
 * the admin allow-list) in the five languages like every route of spec 2: unprefixed
 * (`/management_admin/...`) and under `/en`, `/ko`, `/zh-cn`, `/zh-tw`; the admin app
 * renders them.
 */
export const ADMIN_PAGE_PATTERNS = {
  index: '/',
  login: '/login/',
  campaigns: '/campaign/',
  campaignNew: '/campaign/regist/',
  campaign: '/campaign/:id/',
  cashback: '/cashback/',
  cashbackPaymentSpot: '/cashback/payment_spot/',
  cashbackTransfer: '/cashback/point_money_transfer/',
  cashbackPointHistory: '/cashback/pointhistory/',
  cashbackNew: '/cashback/regist/',
  couponNew: '/coupon/regist/',
  coupon: '/coupon/:id/',
  couponView: '/coupon/:id?/view/',
  faq: '/faq/',
  lottery: '/lottery/',
  lotteryHistory: '/lottery/history/',
  lotteryHistoryDetail: '/lottery/history-detail/',
  message: '/message/',
  prizes: '/prize/',
  prizeNew: '/prize/regist/',
  prize: '/prize/:id/',
  questions: '/question/',
  questionNew: '/question/regist/',
  question: '/question/:id/',
  ranking: '/ranking/',
  rankups: '/rankup/',
  rankupNew: '/rankup/regist/',
  rankup: '/rankup/:id/',
  report: '/report/',
  setting: '/setting/',
  /** Spots (stores): not in spec 2's list; the settings area holds them (issue 6). */
  spotNew: '/setting/spot/regist/',
  spot: '/setting/spot/:id/',
  users: '/user/',
  userList: '/user/list/',
  user: '/user/list/:id/',
} as const;
export type AdminPageId = keyof typeof ADMIN_PAGE_PATTERNS;

/**
 * The admin area's root in each language, without the trailing slash: `/management_admin`,
 * `/en/management_admin`, ... The server guards exactly these with the admin allow-list.
 */
export const ADMIN_ROOTS: readonly string[] = /* @__PURE__ */ LANGS.map((l) => withLocale(l, ADMIN_ROOT).slice(0, -1));

/**
 * Whether a path lies in the admin area (`/management_admin` or below, unprefixed or under
 * a language prefix), and in which language: `/en/management_admin/faq/` -> en and
 * `/management_admin/faq/`; null outside the area.
 */
export function adminPathOf(pathname: string): { locale: Locale; path: string } | null {
  const locale = localeOfPath(pathname);
  const path = stripLocale(pathname);
  if (path !== ADMIN_ROOT.slice(0, -1) && !path.startsWith(ADMIN_ROOT)) return null;
  return { locale, path };
}

/** Builders for the public page paths (unprefixed; see withLocale). */
export const paths = {
  home: () => '/',
  about: (hash?: string) => (hash ? `/about/#${hash}` : '/about/'),
  campaign: () => '/campaign/',
  contact: () => '/contact/',
  couponList: () => '/coupon/',
  couponDetail: (id: number) => `/coupon/${id}/`,
  faq: () => '/faq/',
  point: () => '/point/',
  privacy: () => '/privacy/',
  terms: () => '/terms/',
  nearbyCoupons: () => '/coupon/gps/nearly_coupon/',
  stamps: (campaignId?: number) => (campaignId === undefined ? '/stamp/' : `/stamp/${campaignId}/`),
  prize: (campaignId?: number) => (campaignId === undefined ? '/prize/' : `/prize/${campaignId}/`),
  stampRally: (campaignId?: number) =>
    campaignId === undefined ? '/campaign/stamp-rally/' : `/campaign/stamp-rally/${campaignId}/`,
};

/** A page id is a positive integer (coupon and campaign ids). */
export const isIdParam = (s: string): boolean => /^[1-9]\d{0,14}$/.test(s);

type Params = Record<string, string | undefined>;

/** Matches `segments` against a pattern's segments, optional ones tried present then absent. */
function matchSegments(pattern: readonly string[], segments: readonly string[], params: Params): Params | null {
  if (pattern.length === 0) return segments.length === 0 ? params : null;
  const [head, ...rest] = pattern as [string, ...string[]];
  if (head.startsWith(':')) {
    const optional = head.endsWith('?');
    const name = head.slice(1, optional ? -1 : undefined);
    const value = segments[0];
    if (value !== undefined && isIdParam(value)) {
      const found = matchSegments(rest, segments.slice(1), { ...params, [name]: value });
      if (found) return found;
    }
    return optional ? matchSegments(rest, segments, { ...params, [name]: undefined }) : null;
  }
  return segments[0] === head ? matchSegments(rest, segments.slice(1), params) : null;
}

const split = (path: string) => path.split('/').filter(Boolean);
const compiled = <K extends string>(table: Record<K, string>) =>
  (Object.entries(table) as Array<[K, string]>).map(([id, p]) => [id, split(p)] as const);
const PUBLIC = /* @__PURE__ */ compiled(PAGE_PATTERNS);
const ADMIN = /* @__PURE__ */ compiled(ADMIN_PAGE_PATTERNS);

/** Matches an unprefixed path (ending in `/`) against the public table. */
export function matchPublicPage(path: string): { id: PageId; params: Params } | null {
  if (!path.endsWith('/')) return null;
  const segments = split(path);
  for (const [id, pattern] of PUBLIC) {
    const params = matchSegments(pattern, segments, {});
    if (params) return { id, params };
  }
  return null;
}

export type PageMatch =
  | { area: 'public'; id: PageId; locale: Locale; params: Params }
  | { area: 'admin'; id: AdminPageId; locale: Locale; params: Params };

/**
 * What a request path names: a public or an admin page in one of the five languages (ja
 * unprefixed, the others under `/en`, `/ko`, `/zh-cn`, `/zh-tw`), or nothing (404).
 * Paths without the trailing slash are not pages (the server redirects them first).
 */
export function matchPage(pathname: string): PageMatch | null {
  if (!pathname.endsWith('/')) return null;
  const admin = adminPathOf(pathname);
  if (admin) {
    const segments = split(admin.path.slice(ADMIN_ROOT.length - 1));
    for (const [id, pattern] of ADMIN) {
      const params = matchSegments(pattern, segments, {});
      if (params) return { area: 'admin', id, locale: admin.locale, params };
    }
    return null;
  }
  const locale = localeOfPath(pathname);
  const found = matchPublicPage(stripLocale(pathname));
  return found ? { area: 'public', locale, ...found } : null;
}

/** `/coupon/` in ja, `/en/coupon/` in en (spec 2: ja has no prefix). */
export function withLocale(locale: Locale, path: string): string {
  return locale === DEFAULT_LOCALE ? path : `/${locale}${path}`;
}

/** The language named by a path's first segment, or ja. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1] ?? '';
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** The path without its language prefix: `/en/faq/` -> `/faq/`, `/en/` -> `/`. */
export function stripLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname;
  const rest = pathname.slice(locale.length + 1);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** Whether a path is a language root (`/`, `/en/`, ...): exempt from the mobile gate (spec 1). */
export const isLanguageRoot = (pathname: string): boolean => stripLocale(pathname) === '/';

/** Spec 2 and 9: the cookie that remembers the language, kept 365 days. */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The first of the browser's languages (most preferred first) that the app speaks:
 * `en-GB` -> en, `ko-KR` -> ko, `zh-TW`/`zh-HK`/`zh-Hant` -> zh-tw, other `zh` -> zh-cn.
 */
export function browserLocale(preferred: readonly string[]): Locale | null {
  for (const raw of preferred) {
    const tag = raw.trim().toLowerCase();
    const [lang = '', ...subtags] = tag.split(/[-_]/);
    if (lang === 'zh')
      return subtags.some((s) => s === 'tw' || s === 'hk' || s === 'mo' || s === 'hant') ? 'zh-tw' : 'zh-cn';
    if (isLocale(lang)) return lang;
  }
  return null;
}

/** An `Accept-Language` header as tags, most preferred first (q=0 dropped). */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...opts] = part.trim().split(';');
      const q = opts.map((o) => /^\s*q=([\d.]+)\s*$/.exec(o)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((x) => x.tag && x.tag !== '*' && x.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((x) => x.tag);
}

export type LanguageDecision = {
  /** Where to go instead (path and query), or null to stay. */
  location: string | null;
  /** The language to remember in the cookie, or null to leave it. */
  remember: Locale | null;
};

/**
 * Spec 2, "Language detection", as one pure rule for the server (302) and the client
 * (history replace, when a service worker served the page):
 * - `?lang=xx` with one of the five languages: remember it, drop the parameter, go to the
 *   same page with that language's prefix. An unknown value is dropped and ignored.
 * - on the root path `/` only: the cookie's language, else the browser's, else ja; go to
 *   that language's root unless it is ja, and remember it.
 * - otherwise the URL prefix decides; nothing to do. The admin area is left alone.
 */
export function decideLanguage(input: {
  pathname: string;
  search: string;
  cookie?: string | null;
  preferred: readonly string[];
}): LanguageDecision | null {
  if (adminPathOf(input.pathname)) return null;
  const query = new URLSearchParams(input.search);
  if (query.has('lang')) {
    const lang = query.get('lang')?.trim().toLowerCase();
    query.delete('lang');
    const qs = query.toString();
    const rest = qs ? `?${qs}` : '';
    if (!isLocale(lang)) return { location: input.pathname + rest, remember: null };
    return { location: withLocale(lang, stripLocale(input.pathname)) + rest, remember: lang };
  }
  if (input.pathname !== '/') return null;
  const cookie = input.cookie?.trim().toLowerCase();
  const chosen: Locale = isLocale(cookie) ? cookie : (browserLocale(input.preferred) ?? DEFAULT_LOCALE);
  if (chosen === DEFAULT_LOCALE) return cookie === chosen ? null : { location: null, remember: chosen };
  return { location: withLocale(chosen, '/') + input.search, remember: chosen };
}

/**
 * Spec 1: a device counts as a phone when its user agent contains iphone, ipad, android or
 * mobile (any case). Other devices see only the PC message on the public layout.
 */
export const isPhoneUserAgent = (userAgent: string): boolean => /iphone|ipad|android|mobile/i.test(userAgent);

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
