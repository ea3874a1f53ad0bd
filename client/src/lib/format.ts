import { INTL_TAGS, type Locale } from './i18n';

const TOKYO = 'Asia/Tokyo';
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(opts)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_TAGS[locale], { timeZone: TOKYO, ...opts });
    cache.set(key, f);
  }
  return f;
}

/** A JST calendar date `YYYY-MM-DD` (validity, rally period) in the visitor's language. */
export function formatJstDate(date: string, locale: Locale): string {
  return formatter(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(
    new Date(`${date}T00:00:00+09:00`),
  );
}

/** An instant as a short JST date (month and day), e.g. on a stamp. */
export function formatShortDate(iso: string, locale: Locale): string {
  return formatter(locale, { month: 'numeric', day: 'numeric' }).format(new Date(iso));
}

/** An instant as a JST date with year. */
export function formatDate(iso: string, locale: Locale): string {
  return formatter(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso));
}

export function formatNumber(n: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_TAGS[locale]).format(n);
}
