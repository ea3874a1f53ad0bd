import { create } from 'zustand';
import type { CouponCard } from '@contracts/coupons';
import { ApiError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/errors';
import { currentLocale, type Locale } from '../../../lib/i18n';
import { localeOfPath, paths, withLocale } from '../../../lib/paths';
import { readPrerendered } from '../../../lib/prerender';
import {
  noteNetworkFailure,
  noteNetworkSuccess,
  SLOW_READ_MS,
  useOfflineStore,
  whenIdle,
} from '../../../lib/offline-status';
import { fetchCouponPage } from '../api/coupons.api';
import { listCopyId, type ListCopy } from '../api/coupons.copies';

type ListState = {
  locale: Locale | null;
  /**
   * The page URL's query the pages were loaded with: the list filters of issue 15
   * (`?area=aso&tag=温泉`, what GET /coupons/list/search takes; a shared link reproduces the
   * search), '' for the whole list.
   */
  filters: string;
  items: CouponCard[];
  page: number;
  total: number | null;
  loading: boolean;
  error: string | null;
  /** When the list shown is the saved copy: the time it was saved (issue 5); null when live. */
  savedAt: number | null;
  /** Loads the next page in `locale` under `filters` (default: the current ones); starts over when either changed. */
  loadMore: (locale: Locale, filters?: string) => Promise<void>;
  /** Saves the pages shown for offline use; the screen calls it once they have painted. */
  saveCopy: (locale: Locale) => void;
  /** Forgets the list (and, with `locale`, loads its first page again). */
  reset: (locale?: Locale) => void;
};

const empty = { items: [], page: 0, total: null, loading: false, error: null, savedAt: null };

const isNetworkError = (err: unknown) => err instanceof ApiError && err.status === 0;
/** IndexedDB only when a copy is saved (after the list shows) or needed: not in the first view's code. */
const offlineStore = () => import('../../../lib/offline-store');

/**
 * The coupon list as loaded so far. It outlives the screen so that coming back from a
 * detail keeps the pages and the scroll position. Every page loaded is saved (issue 5, once
 * it has painted): with
 * no network the first page comes from that copy, at once offline, after SLOW_READ_MS on a
 * weak signal, and the list says when it was saved. A filtered list is neither saved nor
 * read from the copy: search needs the network.
 */
export const useCouponListStore = create<ListState>((set, get) => {
  async function showCopy(locale: Locale): Promise<boolean> {
    if (get().filters) return false;
    const copy = await offlineStore().then(
      (m) => m.getSnapshot<ListCopy>(listCopyId(locale)),
      () => null,
    );
    if (!copy || get().locale !== locale || get().items.length > 0) return false;
    set({
      items: copy.data.items,
      page: copy.data.page,
      total: copy.data.items.length,
      loading: false,
      error: null,
      savedAt: copy.savedAt,
    });
    return true;
  }

  // A server-rendered first view: its first page, so the first render shows what was painted.
  const prerendered = readPrerendered();
  const firstPage = prerendered?.couponList;
  return {
    locale: null,
    // The server rendered the page for this URL, filters included.
    filters: typeof location === 'undefined' ? '' : location.search,
    ...empty,
    ...(firstPage && prerendered
      ? { locale: prerendered.locale, items: firstPage.items, page: firstPage.page, total: firstPage.total }
      : {}),
    loadMore: async (locale, filters = get().filters) => {
      const stale = () => get().locale !== locale || get().filters !== filters;
      if (stale()) set({ locale, filters, ...empty });
      const { loading, total, items, page, savedAt } = get();
      if (loading || savedAt !== null || (total !== null && items.length >= total)) return;
      set({ loading: true, error: null });
      const first = page === 0;
      if (first && !useOfflineStore.getState().online && (await showCopy(locale))) return;
      const slow = first ? setTimeout(() => void showCopy(locale), SLOW_READ_MS) : undefined;
      try {
        const res = await fetchCouponPage(page + 1, locale, filters);
        noteNetworkSuccess();
        if (stale()) return;
        // A saved copy shown meanwhile (weak signal) gives way to the live first page.
        const base = get().savedAt !== null ? [] : get().items;
        const seen = new Set(base.map((c) => c.id));
        const next = [...base, ...res.data.filter((c) => !seen.has(c.id))];
        // A short page means the end even if rows were added meanwhile.
        const nextTotal = res.data.length < res.meta.limit ? next.length : res.meta.total;
        set({ items: next, page: res.meta.page, total: nextTotal, loading: false, savedAt: null });
      } catch (err) {
        if (isNetworkError(err)) noteNetworkFailure();
        if (stale()) return;
        if (get().savedAt !== null) return set({ loading: false });
        if (first && isNetworkError(err) && (await showCopy(locale))) return;
        set({ loading: false, error: messageOf(err) });
      } finally {
        clearTimeout(slow);
      }
    },
    saveCopy: (locale) => {
      const { items, total, page, savedAt } = get();
      if (get().locale !== locale || savedAt !== null || items.length === 0 || get().filters) return;
      const copy: ListCopy = { items, total: total ?? items.length, page };
      whenIdle(
        () =>
          void offlineStore().then(
            (m) => m.putSnapshot(listCopyId(locale), copy),
            () => undefined,
          ),
      );
    },
    reset: (locale) => {
      set({ locale: null, ...empty });
      if (locale) void get().loadMore(locale);
    },
  };
});

// Opening on the list, its first page is asked for as soon as this chunk runs (in parallel
// with the first render, not after it): the list is the largest paint of the first view.
// A server-rendered list already has it.
if (typeof location !== 'undefined') {
  const locale = localeOfPath(location.pathname);
  const { locale: held, items } = useCouponListStore.getState();
  const onList = location.pathname === withLocale(locale, paths.couponList()) && currentLocale() === locale;
  if (onList && !(held === locale && items.length > 0)) void useCouponListStore.getState().loadMore(locale);
}
