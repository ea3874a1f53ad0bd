import { useId } from 'react';
import { formatDateTime } from '../lib/format';
import { useAdminLocale, useAdminT } from '../lib/i18n';
import { useLoad } from '../lib/use-load';
import { couponAudit } from './coupons.api';

/** Who changed the coupon and when (issue 6: every admin write is shown on the entity's page). */
export function AuditTrail({ couponId, round }: { couponId: number; round: number }) {
  const t = useAdminT();
  const locale = useAdminLocale();
  const id = useId();
  const trail = useLoad((signal) => couponAudit(couponId, signal), [couponId, round]);
  return (
    <section className="adm-card adm-section" aria-labelledby={`${id}-h`}>
      <h2 className="adm-section__title" id={`${id}-h`}>
        {t('couponForm.history.title')}
      </h2>
      {trail.status === 'error' && <p className="adm-field__error">{trail.error.message}</p>}
      {trail.data && trail.data.length === 0 && <p className="adm-field__hint">{t('couponForm.history.none')}</p>}
      {trail.data && trail.data.length > 0 && (
        <ol className="adm-history" data-testid="coupon-history">
          {trail.data.slice(0, 20).map((e) => (
            <li key={e.id} className="adm-history__item">
              <span className={`adm-history__action adm-history__action--${e.action}`}>{t(`couponForm.history.actions.${e.action}`)}</span>
              <span className="adm-history__who">{e.staffEmail}</span>
              <time className="adm-history__when" dateTime={e.createdAt}>
                {formatDateTime(e.createdAt, locale)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
