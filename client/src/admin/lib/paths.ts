import type { Locale } from '@contracts/common';
import { ADMIN_PAGE_PATTERNS, type AdminPageId } from '@site/admin-page-table';
import { ADMIN_ROOT, adminPathOf } from '@site/page-table';
import { stripLocale, withLocale } from '@site/languages';

export { ADMIN_PAGE_PATTERNS, ADMIN_ROOT, type AdminPageId };

/**
 * The language an admin URL names by its prefix (`/en/management_admin/...` -> en), or null
 * for the unprefixed area (its language is the one kept in this browser).
 */
export function prefixLocaleOf(pathname: string): Locale | null {
  const found = adminPathOf(pathname);
  return found && found.path !== pathname ? found.locale : null;
}

/**
 * The router's basename: the language prefix of the current URL (`/en`), or '' unprefixed.
 * Inside the router every admin path is written without it (`/management_admin/...`), so
 * links and redirects stay within the prefix the page was opened under.
 */
export const adminBasename = (pathname: string = location.pathname): string => {
  const locale = prefixLocaleOf(pathname);
  return locale ? withLocale(locale, '') : '';
};

/** A router path as a URL for navigations outside the router (reload, new window). */
export const adminHref = (path: string): string => adminBasename() + path;

/** The same page (path, query, hash) under another language's prefix; ja is unprefixed. */
export const adminUrlIn = (
  locale: Locale,
  url: { pathname: string; search: string; hash: string } = location,
): string => withLocale(locale, stripLocale(url.pathname)) + url.search + url.hash;

/** `/management_admin` without the slash: the area's root inside the router. */
export const ADMIN_PREFIX = ADMIN_ROOT.slice(0, -1);

/** The full path of an admin page pattern: `/coupon/:id/` -> `/management_admin/coupon/:id/`. */
export const adminPattern = (id: AdminPageId): string => ADMIN_PREFIX + ADMIN_PAGE_PATTERNS[id];

/** Builders for admin page paths (spec 2; every path ends with `/`). */
export const adminPaths = {
  index: () => ADMIN_ROOT,
  login: (next?: string) => `${ADMIN_ROOT}login/${next ? `?next=${encodeURIComponent(next)}` : ''}`,
  couponNew: () => `${ADMIN_ROOT}coupon/regist/`,
  coupon: (id: number) => `${ADMIN_ROOT}coupon/${id}/`,
  couponView: (id?: number) => (id === undefined ? `${ADMIN_ROOT}coupon/view/` : `${ADMIN_ROOT}coupon/${id}/view/`),
  page: (id: AdminPageId): string => adminPattern(id).replace(/:\w+\?\//g, ''),
};

/** A safe place to return to after login: an admin page other than login itself, same origin. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith(ADMIN_ROOT) || next.startsWith('//') || next.includes('\\')) return ADMIN_ROOT;
  if (next.startsWith(`${ADMIN_ROOT}login/`)) return ADMIN_ROOT;
  return next;
}
