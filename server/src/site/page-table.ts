import type { Locale } from '../contracts/common';
import { LANGS, localeOfPath, stripLocale, withLocale } from './languages';

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
