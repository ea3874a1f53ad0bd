import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Delayed } from '../../../components/delayed';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { useBackOnline, useOfflineStore, useOwner } from '../../../lib/offline-status';
import { useServerRender } from '../../../lib/prerender';
import { useInView } from '../../../lib/use-in-view';
import { CouponCard } from '../components/coupon-card';
import { CouponVisual } from '../components/coupon-visual';
import { ServedText } from '../../../components/served-text';
import { FavoriteButton } from '../components/favorite-button';
import { SavedNote } from '../../../components/offline-saved-note';
import { useCouponListStore } from '../stores/coupon-list.store';
import { useFavoritesRead } from '../hooks/use-favorites-read';
import '../../../components/coupons.css';

// The favourites and ranking screens take the card and the heart from here, so both stay in
// this screen's chunk: shared chunks of their own would add code (and requests) to its first view.
export { CouponCard, CouponVisual, FavoriteButton, ServedText };

/**
 * The way into the search screen and the filter chips (issue 15): their own chunk, mounted
 * after the first render (as the footer), in a box that keeps their place meanwhile.
 */
const ListTools = lazy(() => import('../components/list-tools'));

/**
 * `/coupon/`: every usable coupon in two columns, loading more as the visitor scrolls; with
 * list filters in the URL (from the search screen, or a shared link) only those coupons, and
 * a chip per filter to take it off.
 */
export function CouponListPage() {
  const t = useT();
  const locale = useLocale();
  const filters = useLocation().search;
  const [tools, setTools] = useState(false);
  useEffect(() => setTools(true), []);
  const store = useCouponListStore();
  // On the server the store is shared by every request: the page rendered comes from the request.
  const prerendered = useServerRender()?.couponList;
  const { items, total, loading, error, savedAt, loadMore, reset, saveCopy } = prerendered
    ? { ...store, items: prerendered.items, total: prerendered.total, loading: false, error: null, savedAt: null }
    : store;
  const current = prerendered !== undefined || (store.locale === locale && store.filters === filters);
  const hasMore = total === null || items.length < total;
  const owner = useOwner();
  const pendingItems = useOfflineStore((s) => s.pending);
  const pending = useMemo(
    () =>
      new Set(pendingItems.filter((p) => p.ref.kind === 'markUsed' && p.owner === owner).map((p) => p.ref.couponId)),
    [pendingItems, owner],
  );

  useFavoritesRead(owner, locale);

  // Each page shown is saved for offline use, after it has painted (issue 5).
  useEffect(() => {
    if (current) saveCopy(locale);
  }, [items.length, current, locale, saveCopy]);

  // Back online while the saved copy shows: load the live list.
  useBackOnline(() => {
    if (current && (savedAt !== null || error !== null)) reset(locale);
  });

  useEffect(() => {
    if (!current || (items.length === 0 && !loading)) void loadMore(locale, filters);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on arrival, language and filter change: later pages load by scrolling
  }, [locale, filters]);

  const sentinel = useInView<HTMLDivElement>(() => void loadMore(locale), {
    enabled: current && hasMore && !error && !loading && items.length > 0,
    resetKey: items.length,
  });
  const shown = current ? items : [];
  const firstLoad = shown.length === 0 && (loading || !current);

  return (
    <section className="page" aria-labelledby="coupon-list-title">
      <header className="page-head">
        <h1 id="coupon-list-title" className="page-head__title">
          {t('coupons.listTitle')}
        </h1>
        <p className="page-head__lead">{t('coupons.listLead')}</p>
        <div className="list-tools">
          {tools && (
            <Suspense fallback={null}>
              <ListTools filters={filters} />
            </Suspense>
          )}
        </div>
        {current && total !== null && total > 0 && savedAt === null && (
          <p className="page-head__count" data-testid="coupon-total">
            {t('coupons.total', { total: formatNumber(total, locale) })}
          </p>
        )}
      </header>

      {current && savedAt !== null && <SavedNote savedAt={savedAt} />}

      {firstLoad && <CouponGridSkeleton />}

      {shown.length > 0 && (
        <ul className="coupon-grid" data-testid="coupon-grid">
          {shown.map((c) => (
            <CouponCard key={c.id} coupon={c} pending={pending.has(c.id)} />
          ))}
        </ul>
      )}

      {current && !loading && !error && total === 0 && (
        <div className="empty">
          <p>{t('coupons.empty')}</p>
        </div>
      )}

      {error && (
        <div className="alert alert--error" role="alert">
          <p>{error}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void loadMore(locale)}>
            {t('common.retry')}
          </button>
        </div>
      )}

      <div ref={sentinel} className="list-foot">
        {shown.length > 0 && hasMore && !error && (
          <button
            type="button"
            className="btn btn--outline btn--block"
            onClick={() => void loadMore(locale)}
            disabled={loading}
            aria-busy={loading}
          >
            {loading ? t('common.loading') : t('coupons.loadMore')}
          </button>
        )}
        {shown.length > 0 && !hasMore && savedAt === null && <p className="list-foot__end">{t('coupons.end')}</p>}
      </div>
    </section>
  );
}

function CouponGridSkeleton() {
  const t = useT();
  return (
    <Delayed role="status" aria-live="polite">
      <span className="visually-hidden">{t('common.loading')}</span>
      <ul className="coupon-grid" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="coupon-card coupon-card--skeleton">
            <div className="skeleton skeleton--media" />
            <div className="coupon-card__body">
              <div className="skeleton skeleton--line" />
              <div className="skeleton skeleton--line skeleton--short" />
            </div>
          </li>
        ))}
      </ul>
    </Delayed>
  );
}
