import { INTL_TAGS, type Locale } from '../lib/i18n';

const formats = new Map<Locale, Intl.DateTimeFormat>();

/** Month, day and time in Japan (where the passport is used), in the visitor's language. */
export function formatSyncTime(ms: number, locale: Locale): string {
  let f = formats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_TAGS[locale], {
      timeZone: 'Asia/Tokyo',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    formats.set(locale, f);
  }
  return f.format(new Date(ms));
}
