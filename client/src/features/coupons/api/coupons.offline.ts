import type { CouponDetail } from '@contracts/coupons';
import { ClientError } from '../../../lib/errors';
import type { Locale } from '../../../lib/i18n';
import { getSnapshot, updateSnapshot } from '../../../lib/offline-store';
import { currentOwner } from '../../../lib/offline-status';
import { readThrough } from '../../../lib/offline-sync';
import { fetchCoupon } from './coupons.api';
import { detailCopyId, listCopyId, type ListCopy } from './coupons.copies';

/**
 * The coupons' offline copies (issue 5), in IndexedDB through lib/offline-store: the list as
 * far as it was loaded, per language (public data), and each detail seen, per language and
 * visitor (it says whether they used it today).
 */
export { detailCopyId, listCopyId, type ListCopy } from './coupons.copies';

export type DetailRead = {
  data: CouponDetail;
  /** When the copy shown was saved; null when it came from the network now. */
  savedAt: number | null;
  /** Offline with only the list's card: no description and no spots. */
  partial: boolean;
};

/**
 * A coupon's detail: from the network (then saved), else the saved detail (this visitor's,
 * else one saved signed out), else offline the list's card for it (partial).
 * @throws ClientError NETWORK (offline, nothing saved), COUPON_NOT_FOUND and the API's errors
 */
export async function loadCouponDetail(id: number, locale: Locale): Promise<DetailRead> {
  const owner = currentOwner();
  try {
    const r = await readThrough({ id: detailCopyId(locale, id), owner, load: () => fetchCoupon(id) });
    return { ...r, partial: false };
  } catch (err) {
    if (!(err instanceof ClientError) || err.code !== 'NETWORK') throw err;
    const anon = owner === null ? null : await getSnapshot<CouponDetail>(detailCopyId(locale, id), null);
    if (anon) return { data: { ...anon.data, usedToday: null }, savedAt: anon.savedAt, partial: false };
    const list = await getSnapshot<ListCopy>(listCopyId(locale));
    const card = list?.data.items.find((c) => c.id === id);
    if (!card || !list) throw err;
    // The card's fields, and empty ones for what only the detail has.
    const fromCard = { imageLargeUrl: card.imageUrl, ...card, description: '', spots: [], usedToday: null };
    return { data: fromCard as CouponDetail, savedAt: list.savedAt, partial: true };
  }
}

/** After a press was accepted: the saved detail says used today, so it shows so offline too. */
export function rememberUsedToday(id: number, locale: Locale, owner: string | null): Promise<void> {
  return updateSnapshot<CouponDetail>(detailCopyId(locale, id), owner, (d) => ({ ...d, usedToday: true }));
}
