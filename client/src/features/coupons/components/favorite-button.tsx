import type { CouponCard } from '@contracts/coupons';
import { useLocale, useT } from '../../../lib/i18n';
import { useOwner } from '../../../lib/offline-status';
import { useRequireSignIn } from '../../../lib/sign-in';
import { favoritesModule } from '../api/favorites.lazy';
import { useIsFavorite } from '../stores/favorites.store';

/**
 * The heart of a coupon (issue 15): a toggle button (aria-pressed, 44 px target) that keeps
 * the coupon among the visitor's favourites or takes it off, at once on screen, sent now or,
 * offline, when the network is back. Signed out, a tap asks to sign in first.
 */
export function FavoriteButton({ coupon, className = '' }: { coupon: CouponCard; className?: string }) {
  const t = useT();
  const locale = useLocale();
  const owner = useOwner();
  const requireSignIn = useRequireSignIn();
  const on = useIsFavorite(coupon, owner);
  const shop = coupon.spot?.name ?? coupon.title;
  return (
    <button
      type="button"
      className={`fav-button ${className}`}
      aria-pressed={on}
      aria-label={t('coupons.favorite', { shop })}
      data-testid="favorite-button"
      onClick={async () => {
        if (owner === null && !(await requireSignIn())) return;
        await favoritesModule().then((m) => m.toggleFavorite(coupon, !on, locale));
      }}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 20.3l-1.3-1.2C5.9 14.8 3 12.1 3 8.7 3 6 5.1 4 7.7 4c1.5 0 3 .7 4.3 1.9C13.3 4.7 14.8 4 16.3 4 18.9 4 21 6 21 8.7c0 3.4-2.9 6.1-7.7 10.4z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.9"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
