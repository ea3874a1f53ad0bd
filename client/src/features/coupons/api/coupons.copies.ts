import type { CouponCard } from '@contracts/coupons';
import type { Locale } from '../../../lib/i18n';

/**
 * Names of the coupons' offline copies in lib/offline-store (issue 5): the list as far as it
 * was loaded, per language (public data), and each detail seen, per language (and visitor).
 * Kept apart so the list's first view does not load the detail's offline code.
 */
export const listCopyId = (locale: Locale) => `coupons:list:${locale}`;
export const detailCopyId = (locale: Locale, id: number) => `coupons:detail:${locale}:${id}`;

export type ListCopy = { items: CouponCard[]; total: number; page: number };
