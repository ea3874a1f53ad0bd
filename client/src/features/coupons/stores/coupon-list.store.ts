import { create } from 'zustand';
import type { CouponCard } from '../../../../../server/src/contracts/coupons';
import { messageOf } from '../../../lib/errors';
import type { Locale } from '../../../lib/i18n';
import { fetchCouponPage } from '../api/coupons.api';

type ListState = {
  locale: Locale | null;
  items: CouponCard[];
  page: number;
  total: number | null;
  loading: boolean;
  error: string | null;
  /** Loads the next page in `locale`; starts over when the language changed. */
  loadMore: (locale: Locale) => Promise<void>;
  /** Forgets the list (and, with `locale`, loads its first page again). */
  reset: (locale?: Locale) => void;
};

const empty = { items: [], page: 0, total: null, loading: false, error: null };

/**
 * The coupon list as loaded so far. It outlives the screen so that coming back from a
 * detail keeps the pages and the scroll position (issue 5 adds the IndexedDB copy).
 */
export const useCouponListStore = create<ListState>((set, get) => ({
  locale: null,
  ...empty,
  loadMore: async (locale) => {
    if (get().locale !== locale) set({ locale, ...empty });
    const { loading, total, items, page } = get();
    if (loading || (total !== null && items.length >= total)) return;
    set({ loading: true, error: null });
    try {
      const res = await fetchCouponPage(page + 1);
      if (get().locale !== locale) return;
      const seen = new Set(get().items.map((c) => c.id));
      set({
        items: [...get().items, ...res.data.filter((c) => !seen.has(c.id))],
        page: res.meta.page,
        // A short page means the end even if rows were added meanwhile.
        total: res.data.length < res.meta.limit ? get().items.length + res.data.length : res.meta.total,
        loading: false,
      });
    } catch (err) {
      if (get().locale === locale) set({ loading: false, error: messageOf(err) });
    }
  },
  reset: (locale) => {
    set({ locale: null, ...empty });
    if (locale) void get().loadMore(locale);
  },
}));
