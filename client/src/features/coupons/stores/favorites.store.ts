import { create } from 'zustand';
import type { CouponCard } from '@contracts/coupons';
import type { Locale } from '../../../lib/i18n';

/**
 * The signed-in visitor's favourites as the screens show them (issue 15). This small half
 * is in the first view (the hearts read it); filling it (IndexedDB, the server, the queue)
 * is api/favorites.offline, loaded after the first view or on the first tap.
 */
export type FavoritesState = {
  /** Whose favourites these are (token subject); null: nobody's yet. */
  owner: string | null;
  locale: Locale | null;
  /** Their favourite cards, newest first; null until read from IndexedDB or the server. */
  cards: CouponCard[] | null;
  /** Hearts tapped since `cards` was read: the state the visitor set, per coupon id. */
  set: Record<number, boolean>;
  /** When `cards` is the saved copy (offline): the time it was saved; null when from the server. */
  savedAt: number | null;
  loading: boolean;
  /** The read failed with nothing saved: its message. */
  error: string | null;
};

export const useFavoritesStore = create<FavoritesState>(() => ({
  owner: null,
  locale: null,
  cards: null,
  set: {},
  savedAt: null,
  loading: false,
  error: null,
}));

/**
 * Whether `coupon` shows a full heart for visitor `owner`: what they last set (a tap, also
 * offline and not yet sent), else their favourites as read, else the card's own flag (a
 * live answer of the list or detail for them). Signed out: never.
 */
export function useIsFavorite(coupon: CouponCard, owner: string | null): boolean {
  return useFavoritesStore((s) => {
    if (owner === null) return false;
    if (s.owner !== owner) return coupon.favorite === true;
    return s.set[coupon.id] ?? (s.cards ? s.cards.some((c) => c.id === coupon.id) : coupon.favorite === true);
  });
}
