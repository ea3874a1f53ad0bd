import { useId } from 'react';
import type { AuditEntity } from '../../../../server/src/contracts/audit';
import { formatDateTime } from '../lib/format';
import { useAdminLocale, useAdminT } from '../lib/i18n';
import { useLoad } from '../lib/use-load';
import { auditOf } from './catalogue.api';

/** Who changed a spot or a rally and when (issue 6), as the coupon form shows it. */
export function EntityAudit({ entity, id, round }: { entity: AuditEntity; id: number; round: number }) {
  const t = useAdminT();
  const locale = useAdminLocale();
  const hid = useId();
  const trail = useLoad((signal) => auditOf(entity, id, signal), [entity, id, round]);
  return (
    <section className="adm-card adm-section" aria-labelledby={`${hid}-h`}>
      <h2 className="adm-section__title" id={`${hid}-h`}>
        {t('couponForm.history.title')}
      </h2>
      {trail.status === 'loading' && !trail.data && <p className="adm-field__hint">{t('common.loading')}</p>}
      {trail.status === 'error' && <p className="adm-field__error">{trail.error.message}</p>}
      {trail.data && trail.data.length === 0 && <p className="adm-field__hint">{t('couponForm.history.none')}</p>}
      {trail.data && trail.data.length > 0 && (
        <ol className="adm-history" data-testid="audit-trail">
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
