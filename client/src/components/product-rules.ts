import { INTL_TAGS, type Locale } from '../lib/i18n';

/** Spec 1 and 9: the stamp rally's yearly period (month and day, both ends included). */
export const RALLY_PERIOD = { from: { month: 11, day: 1 }, to: { month: 1, day: 31 } } as const;

/** Stamp values (spec 1): red counts 1, gold (a coupon with lodging) counts 10. */
export const STAMP_VALUES = { red: 1, gold: 10 } as const;

/** A month and day without a year in the visitor's language ("11月1日", "November 1"). */
export function formatMonthDay(md: { month: number; day: number }, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_TAGS[locale], { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(2000, md.month - 1, md.day),
  );
}
