import { Link } from 'react-router-dom';
import type { CouponCard as Coupon } from '@contracts/coupons';
import { paths, useLocalePath } from '../../../lib/paths';
import { ServedText } from '../../../components/served-text';
import { CouponVisual } from './coupon-visual';
import { FavoriteButton } from './favorite-button';
import { useT } from '../../../lib/i18n';

/**
 * One coupon in the two-column list: image, discount, shop and area, its heart (issue 15);
 * 'pending' while a press waits to be sent.
 */
export function CouponCard({ coupon, pending = false }: { coupon: Coupon; pending?: boolean }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <li className="coupon-card">
      <Link className="coupon-card__link" to={to(paths.couponDetail(coupon.id))} data-coupon-id={coupon.id}>
        <CouponVisual coupon={coupon} />
        {pending && (
          <span className="pending-badge" data-testid="pending-badge">
            <span className="pending-badge__dot" aria-hidden="true" />
            {t('coupons.pending')}
          </span>
        )}
        <div className="coupon-card__body">
          <p className="coupon-card__discount">
            <ServedText text={coupon.discount} served={coupon.textLocale} />
          </p>
          <p className="coupon-card__shop">
            <ServedText
              {...(coupon.spot
                ? { text: coupon.spot.name, served: coupon.spot.textLocale }
                : { text: coupon.title, served: coupon.textLocale })}
            />
          </p>
          <p className="coupon-card__area">
            <svg viewBox="0 0 16 16" width="13" height="13" aria-hidden="true">
              <path d="M8 15s5-4.6 5-8.5A5 5 0 0 0 3 6.5C3 10.4 8 15 8 15z" fill="currentColor" />
              <circle cx="8" cy="6.5" r="1.8" fill="#fff" />
            </svg>
            {t(`areas.${coupon.area}`)}
          </p>
        </div>
      </Link>
      <FavoriteButton coupon={coupon} className="coupon-card__fav" />
    </li>
  );
}
