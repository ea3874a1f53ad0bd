import { INTL, type Locale } from './i18n';

/** A JST calendar date `2026-11-01` as the language writes it (2026/11/01, 11/01/2026, ...). */
export function formatDate(date: string, locale: Locale): string {
  const t = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(t)) return date;
  return new Intl.DateTimeFormat(INTL[locale], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(t);
}

/** A UTC timestamp as Japan's date and time (staff work in JST). */
export function formatDateTime(iso: string, locale: Locale): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return new Intl.DateTimeFormat(INTL[locale], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Tokyo',
  }).format(t);
}

/** A whole number with the language's grouping (1,234). */
export const formatNumber = (n: number, locale: Locale): string => new Intl.NumberFormat(INTL[locale]).format(n);

/** A UTC timestamp as Japan's calendar date. */
export function formatDay(iso: string, locale: Locale): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return new Intl.DateTimeFormat(INTL[locale], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'Asia/Tokyo',
  }).format(t);
}
