import type { CouponStatus } from '@contracts/admincoupons';
import { useAdminT } from '../lib/i18n';

/** A coupon's state at a glance: published (and valid today), scheduled, expired, draft. */
export function StatusBadge({ status }: { status: CouponStatus }) {
  const t = useAdminT();
  return (
    <span className={`adm-status adm-status--${status}`} data-status={status}>
      <span className="adm-status__dot" aria-hidden="true" />
      {t(`status.${status}`)}
    </span>
  );
}
