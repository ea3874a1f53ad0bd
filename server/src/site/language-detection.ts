import type { Locale } from '../contracts/common';
import { DEFAULT_LOCALE, isLocale, stripLocale, withLocale } from './languages';
import { adminPathOf } from './page-table';

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
