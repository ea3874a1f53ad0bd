import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { CouponCard } from '@contracts/coupons';
import { paths, useLocalePath } from '../../../lib/paths';
import { CouponVisual, ServedText } from '../pages/coupon-list-page';

/**
 * A coupon card of the place screens (a shop's coupons, coupons near me): the list's card
 * look (two columns), a line about the place (`place`: the shop, the distance), and a link
 * to the detail that can carry the shop's confirmed store code (`code`) and brings the back
 * arrow here. Kept apart from the list's CouponCard so the list's first view stays as it is.
 */
export function PlaceCouponCard({ coupon, place, code }: { coupon: CouponCard; place?: ReactNode; code?: string }) {
  const to = useLocalePath();
  const here = useLocation();
  return (
    <li className="coupon-card">
      <Link
        className="coupon-card__link"
        to={to(paths.couponDetail(coupon.id)) + (code ? `?code=${encodeURIComponent(code)}` : '')}
        state={{ backTo: here.pathname + here.search }}
        data-coupon-id={coupon.id}
      >
        <CouponVisual coupon={coupon} />
        <div className="coupon-card__body">
          <p className="coupon-card__discount">
            <ServedText text={coupon.discount} served={coupon.textLocale} />
          </p>
          <p className="coupon-card__shop">
            <ServedText text={coupon.title} served={coupon.textLocale} />
          </p>
          {place}
        </div>
      </Link>
    </li>
  );
}
