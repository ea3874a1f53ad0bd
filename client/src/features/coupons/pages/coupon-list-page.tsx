import { useEffect } from 'react';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { useInView } from '../../../lib/use-in-view';
import { CouponCard } from '../components/coupon-card';
import { useCouponListStore } from '../stores/coupon-list.store';
import '../coupons.css';

/** `/coupon/`: every usable coupon in two columns, loading more as the visitor scrolls. */
export function CouponListPage() {
  const t = useT();
  const locale = useLocale();
  const { items, total, loading, error, loadMore } = useCouponListStore();
  const current = useCouponListStore((s) => s.locale === locale);
  const hasMore = total === null || items.length < total;

  useEffect(() => {
    if (!current || (items.length === 0 && !loading)) void loadMore(locale);
    // Only on arrival and language change: later pages load by scrolling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale]);

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
        {current && total !== null && total > 0 && (
          <p className="page-head__count" data-testid="coupon-total">
            {t('coupons.total', { total: formatNumber(total, locale) })}
          </p>
        )}
      </header>

      {firstLoad && <CouponGridSkeleton />}

      {shown.length > 0 && (
        <ul className="coupon-grid" data-testid="coupon-grid">
          {shown.map((c) => (
            <CouponCard key={c.id} coupon={c} />
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
          <button type="button" className="btn btn--outline btn--block" onClick={() => void loadMore(locale)} disabled={loading} aria-busy={loading}>
            {loading ? t('common.loading') : t('coupons.loadMore')}
          </button>
        )}
        {shown.length > 0 && !hasMore && <p className="list-foot__end">{t('coupons.end')}</p>}
      </div>
    </section>
  );
}

function CouponGridSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-live="polite">
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
    </div>
  );
}
