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
  /** Issue 15: spec 2's "a favourites list" and "a coupon ranking" (not among its paths). */
  favorites: '/coupon/favorite/',
  ranking: '/coupon/ranking/',
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
  favorites: () => '/coupon/favorite/',
  ranking: () => '/coupon/ranking/',
  stamps: (campaignId?: number) => (campaignId === undefined ? '/stamp/' : `/stamp/${campaignId}/`),
  prize: (campaignId?: number) => (campaignId === undefined ? '/prize/' : `/prize/${campaignId}/`),
  stampRally: (campaignId?: number) =>
    campaignId === undefined ? '/campaign/stamp-rally/' : `/campaign/stamp-rally/${campaignId}/`,
};

/** A page id is a positive integer (coupon and campaign ids). */
export const isIdParam = (s: string): boolean => /^[1-9]\d{0,14}$/.test(s);

export type Params = Record<string, string | undefined>;

/** Matches `segments` against a pattern's segments, optional ones tried present then absent. */
export function matchSegments(pattern: readonly string[], segments: readonly string[], params: Params): Params | null {
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

export const split = (path: string) => path.split('/').filter(Boolean);
export const compiled = <K extends string>(table: Record<K, string>) =>
  (Object.entries(table) as Array<[K, string]>).map(([id, p]) => [id, split(p)] as const);
const PUBLIC = /* @__PURE__ */ compiled(PAGE_PATTERNS);

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
