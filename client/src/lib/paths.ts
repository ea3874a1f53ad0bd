import { useCallback } from 'react';
import { DEFAULT_LOCALE, isLocale, useLocale, type Locale } from './i18n';

/**
 * Page paths of spec section 2 used so far, without a language prefix. Every page path ends
 * with `/` (spec 2); the router maps each to a screen, with and without the prefix.
 */
export const PAGE_PATTERNS = {
  home: '/',
  couponList: '/coupon/',
  couponDetail: '/coupon/:id/',
  stamps: '/stamp/:id?/',
} as const;
export type PageId = keyof typeof PAGE_PATTERNS;

export const paths = {
  home: () => '/',
  couponList: () => '/coupon/',
  couponDetail: (id: number) => `/coupon/${id}/`,
  stamps: (campaignId?: number) => (campaignId === undefined ? '/stamp/' : `/stamp/${campaignId}/`),
};

/** `/coupon/` in ja, `/en/coupon/` in en (spec 2: ja has no prefix). */
export function withLocale(locale: Locale, path: string): string {
  return locale === DEFAULT_LOCALE ? path : `/${locale}${path}`;
}

/** The language named by a path's first segment, or ja. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1] ?? '';
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** A function that prefixes a page path with the current page's language. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => withLocale(locale, path), [locale]);
}
