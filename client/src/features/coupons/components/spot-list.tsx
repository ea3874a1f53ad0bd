import { Link } from 'react-router-dom';
import type { CouponSpot } from '@contracts/coupons';
import { ServedText } from '../../../components/served-text';
import { useLocale, useT } from '../../../lib/i18n';
import { useLocalePath } from '../../../lib/paths';
import { routeUrl, storeCouponPath } from '../utils/route-url';

/** A coupon's shops on its detail: name, address, the shop's other coupons and the route there. */
export function SpotList({ spots }: { spots: CouponSpot[] }) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <ul className="spot-list">
      {spots.map((s) => (
        <li key={s.id} className="spot">
          <div className="spot__icon" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="22" height="22">
              <path d="M12 22s7-6.4 7-12a7 7 0 0 0-14 0c0 5.6 7 12 7 12z" fill="currentColor" />
              <circle cx="12" cy="10" r="2.6" fill="#fff" />
            </svg>
          </div>
          <div className="spot__text">
            <p className="spot__name">
              <ServedText text={s.name} served={s.textLocale} />
            </p>
            {/* Addresses are kept in Japanese only (as a taxi driver or a map needs them). */}
            <p className="spot__address" lang={locale !== 'ja' ? 'ja' : undefined}>
              {s.address}
            </p>
          </div>
          <Link className="btn btn--route" to={to(storeCouponPath(s.id))} data-testid="shop-coupons-link">
            {t('pages.storeCoupon')}
          </Link>
          <a className="btn btn--route" href={routeUrl(s)} target="_blank" rel="noopener noreferrer">
            <svg
              viewBox="0 0 24 24"
              width="18"
              height="18"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M3 11l18-8-8 18-2-8z" />
            </svg>
            {t('coupons.route')}
            <span className="visually-hidden">{t('common.opensInNewTab')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
