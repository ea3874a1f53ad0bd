import type { CouponCard, CouponDetail, CouponList, SetFavoriteBody } from '@contracts/coupons';
import { ApiError, api } from '../../../lib/api-client';
import { readToken } from '../../../lib/auth-token';
import { messageOf } from '../../../lib/errors';
import { translate, type Locale } from '../../../lib/i18n';
import { dropFromOutbox, getSnapshot, listOutbox, putSnapshot, updateSnapshot } from '../../../lib/offline-store';
import {
  currentOwner,
  looksOffline,
  noteNetworkFailure,
  noteNetworkSuccess,
  tokenSubject,
} from '../../../lib/offline-status';
import { enqueue } from '../../../lib/offline-sync';
import { randomId } from '../../../lib/random-id';
import { useFavoritesStore } from '../stores/favorites.store';
import { detailCopyId } from './coupons.copies';

/**
 * The visitor's favourites (issue 15), kept in IndexedDB (lib/offline-store) so they show and
 * can be changed offline: a saved copy of their favourite cards per language and visitor, and
 * each tap queued in the outbox like 'mark as used' (PUT /coupons/set/favorite sets the state,
 * so a replay changes nothing more; a later tap on the same coupon replaces an unsent earlier
 * one: the last tap wins).
 */

/** The saved copy of a visitor's favourite cards in one language. */
export const favoritesCopyId = (locale: Locale) => `coupons:favorites:${locale}`;
type FavoritesCopy = { items: CouponCard[] };

/** Page size asked for (the contract's largest), and the most pages read (500 favourites). */
const PAGE = 50;
const MAX_PAGES = 10;
export const FAVORITE_PATH = '/coupons/set/favorite';

const set = useFavoritesStore.setState;
const isNetworkError = (err: unknown) => err instanceof ApiError && err.status === 0;

/** GET /api/coupons/list/search?favorite=true, every page: the visitor's favourites shown today. */
async function fetchFavorites(locale: Locale): Promise<CouponCard[]> {
  const items: CouponCard[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await api<CouponList>('/coupons/list/search', {
      query: { favorite: 'true', page, limit: PAGE },
      locale,
    });
    items.push(...res.data);
    if (res.data.length < PAGE || items.length >= res.meta.total) break;
  }
  return items;
}

/** `cards` with the visitor's unsent taps applied, in tap order (the last one wins). */
async function withUnsent(cards: CouponCard[], owner: string): Promise<CouponCard[]> {
  let out = cards;
  for (const item of await listOutbox()) {
    if (item.ref.kind !== 'favorite' || item.owner !== owner) continue;
    const { couponId, favorite, card } = item.ref;
    out = out.filter((c) => c.id !== couponId);
    if (favorite && card) out = [{ ...(card as CouponCard), favorite: true }, ...out];
  }
  return out;
}

/** Starts the store over for `owner` in `locale` when either changed. */
function ownStore(owner: string | null, locale: Locale): void {
  const s = useFavoritesStore.getState();
  if (s.owner !== owner || s.locale !== locale)
    set({ owner, locale, cards: null, set: {}, savedAt: null, loading: false, error: null });
}

/**
 * Reads the signed-in visitor's favourites into the store: the saved copy at once, then
 * (online) the server's list, saved for later; unsent taps applied to both. Signed out:
 * empties the store. Never rejects: a failed read with nothing saved sets `error`.
 */
export async function loadFavorites(locale: Locale): Promise<void> {
  const owner = currentOwner();
  ownStore(owner, locale);
  if (owner === null) return;
  set({ loading: true, error: null });
  const snap = await getSnapshot<FavoritesCopy>(favoritesCopyId(locale), owner);
  if (snap && useFavoritesStore.getState().cards === null)
    set({ cards: await withUnsent(snap.data.items, owner), savedAt: snap.savedAt, set: {} });
  if (looksOffline()) {
    set({ loading: false, error: snap ? null : translate('offline.notSaved') });
    return;
  }
  try {
    const items = await fetchFavorites(locale);
    noteNetworkSuccess();
    if (currentOwner() !== owner || useFavoritesStore.getState().locale !== locale) return;
    await putSnapshot<FavoritesCopy>(favoritesCopyId(locale), { items }, owner);
    set({ cards: await withUnsent(items, owner), savedAt: null, set: {}, loading: false, error: null });
  } catch (err) {
    if (isNetworkError(err)) noteNetworkFailure();
    const error = isNetworkError(err) ? translate('offline.notSaved') : messageOf(err);
    set({ loading: false, error: useFavoritesStore.getState().cards ? null : error });
  }
}

/**
 * A tap on a coupon's heart (the visitor is signed in): shows `favorite` at once, keeps it
 * in the saved copy, and queues PUT /coupons/set/favorite {couponId, favorite}, which goes
 * at once when online and otherwise when the network is back (lib/offline-sync, the
 * service worker). An unsent earlier tap on the same coupon is dropped: the last tap wins.
 */
export async function toggleFavorite(coupon: CouponCard, favorite: boolean, locale: Locale): Promise<void> {
  const token = readToken();
  const owner = tokenSubject(token);
  if (!token || owner === null) return;
  ownStore(owner, locale);
  const card: CouponCard = { ...coupon, favorite: true };
  const apply = (cards: CouponCard[]) => {
    const rest = cards.filter((c) => c.id !== coupon.id);
    return favorite ? [card, ...rest] : rest;
  };
  const s = useFavoritesStore.getState();
  set({ set: { ...s.set, [coupon.id]: favorite }, cards: s.cards && apply(s.cards) });

  await updateSnapshot<FavoritesCopy>(favoritesCopyId(locale), owner, (d) => ({ items: apply(d.items) }));
  // The coupon's saved detail (this visitor's) says so too, for a detail opened offline later.
  await updateSnapshot<CouponDetail>(detailCopyId(locale, coupon.id), owner, (d) => ({ ...d, favorite }));
  await dropFromOutbox((i) => i.ref.kind === 'favorite' && i.ref.couponId === coupon.id && i.owner === owner);
  const body: SetFavoriteBody = { couponId: coupon.id, favorite };
  await enqueue({
    key: randomId(),
    method: 'PUT',
    path: FAVORITE_PATH,
    body,
    locale,
    owner,
    token,
    createdAt: new Date().toISOString(),
    ref: { kind: 'favorite', couponId: coupon.id, title: coupon.title, favorite, card },
  });
}
