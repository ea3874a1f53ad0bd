import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Delayed } from '../../../components/delayed';
import { SavedNote } from '../../../components/offline-saved-note';
import { formatNumber } from '../../../lib/format';
import { useFavoritesT, useLocale, useT } from '../../../lib/i18n';
import { useBackOnline, useOfflineStore, useOwner } from '../../../lib/offline-status';
import { paths, useLocalePath } from '../../../lib/paths';
import { loadFavorites } from '../api/favorites.offline';
import { CouponCard } from './coupon-list-page';
import { useFavoritesStore } from '../stores/favorites.store';
import '../../../components/coupons.css';
import '../i18n/favorites-messages';

/**
 * `/coupon/favorite/` (spec 2 "a favourites list", issue 15): the signed-in visitor's
 * favourite coupons in two columns, from the server and, offline, from IndexedDB (with the
 * hearts tapped offline and not yet sent). Taking a heart off removes the card at once.
 */
export function FavoritesPage() {
  const t = useT();
  const f = useFavoritesT();
  const locale = useLocale();
  const to = useLocalePath();
  const owner = useOwner();
  const state = useFavoritesStore();
  const unsent = useOfflineStore((s) => s.pending.some((p) => p.ref.kind === 'favorite' && p.owner === owner));

  useEffect(() => void loadFavorites(locale), [owner, locale]);
  useBackOnline(() => void loadFavorites(locale));

  const cards = state.owner === owner && state.locale === locale ? state.cards : null;
  return (
    <section className="page" aria-labelledby="favorites-title">
      <header className="page-head">
        <h1 id="favorites-title" className="page-head__title">
          {f('favorites.title')}
        </h1>
        <p className="page-head__lead">{f('favorites.lead')}</p>
        {cards && cards.length > 0 && (
          <p className="page-head__count" data-testid="favorites-count">
            {f('favorites.count', { count: formatNumber(cards.length, locale) })}
          </p>
        )}
      </header>
      {cards && state.savedAt !== null && <SavedNote savedAt={state.savedAt} />}
      {unsent && (
        <p className="alert alert--info" data-testid="favorites-unsent">
          {f('favorites.unsent')}
        </p>
      )}

      {cards === null && state.loading && (
        <Delayed role="status" aria-live="polite">
          <span className="visually-hidden">{t('common.loading')}</span>
          <div className="skeleton skeleton--line" />
        </Delayed>
      )}
      {cards === null && !state.loading && state.error && (
        <div className="alert alert--error" role="alert">
          <p>{state.error}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void loadFavorites(locale)}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {cards && cards.length > 0 && (
        <ul className="coupon-grid" data-testid="favorites-grid">
          {cards.map((c) => (
            <CouponCard key={c.id} coupon={c} />
          ))}
        </ul>
      )}
      {cards && cards.length === 0 && (
        <div className="empty" data-testid="favorites-empty">
          <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" className="empty__icon">
            <path
              d="M12 20.3l-1.3-1.2C5.9 14.8 3 12.1 3 8.7 3 6 5.1 4 7.7 4c1.5 0 3 .7 4.3 1.9C13.3 4.7 14.8 4 16.3 4 18.9 4 21 6 21 8.7c0 3.4-2.9 6.1-7.7 10.4z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            />
          </svg>
          <p>{f('favorites.empty')}</p>
          <Link className="btn btn--primary" to={to(paths.couponList())}>
            {f('favorites.browse')}
          </Link>
        </div>
      )}
    </section>
  );
}
