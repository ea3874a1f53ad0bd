import type { Locale } from '../contracts/common';

// The languages again rather than imported from contracts/common: that module builds zod
// schemas at load, and this one is in the client's first-view bundle (type-checked to stay in step).
export const LANGS = ['ja', 'en', 'ko', 'zh-cn', 'zh-tw'] as const satisfies readonly Locale[];
export const DEFAULT_LOCALE: Locale = 'ja';
const everyLocale: Exclude<Locale, (typeof LANGS)[number]> extends never ? true : false = true;
void everyLocale;
/** Whether a value is one of the five languages. */
export const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LANGS as readonly string[]).includes(v);

/*
 * The languages of the site's URLs (spec 2): ja unprefixed, the others under `/en`, `/ko`,
 * `/zh-cn`, `/zh-tw`. Shared by the client's router and the server's page handler; pure
 * functions, no React, no Express, no zod.
 */

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
