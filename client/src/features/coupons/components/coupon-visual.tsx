import type { CouponCard } from '@contracts/coupons';
import { PurposeIcon } from '../../../components/purpose-icon';
import { useT } from '../../../lib/i18n';

/**
 * The coupon's image, or a clean placeholder: a block tinted by purpose with its icon and
 * label. Fixed aspect ratio, so nothing shifts when an image arrives.
 */
export function CouponVisual({ coupon, variant = 'card' }: { coupon: CouponCard; variant?: 'card' | 'hero' }) {
  const t = useT();
  const shop = coupon.spot?.name ?? coupon.title;
  return (
    <div className={`visual visual--${variant} tint--${coupon.purpose}`}>
      {coupon.imageUrl ? (
        <img
          className="visual__img"
          src={coupon.imageUrl}
          alt={t('coupons.imageAlt', { shop })}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <div className="visual__placeholder">
          <PurposeIcon purpose={coupon.purpose} size={variant === 'hero' ? 56 : 38} />
          <span className="visual__label">{t(`purposes.${coupon.purpose}`)}</span>
        </div>
      )}
      {coupon.givesGold && <GoldBadge />}
    </div>
  );
}

export function GoldBadge() {
  const t = useT();
  return (
    <span className="gold-badge">
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <circle cx="8" cy="8" r="7" fill="#fff6d6" stroke="#9a6b00" strokeWidth="1.2" />
        <path d="M8 4.2l1.1 2.3 2.5.3-1.8 1.7.5 2.5L8 9.8 5.7 11l.5-2.5-1.8-1.7 2.5-.3z" fill="#c48a00" />
      </svg>
      {t('coupons.goldBadge')}
    </span>
  );
}
