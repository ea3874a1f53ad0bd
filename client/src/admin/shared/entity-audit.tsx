import { useId } from 'react';
import type { AuditEntity, AuditEntry } from '@contracts/audit';
import { auditOf } from '../catalogue/catalogue.api';
import { formatDateTime } from '../lib/format';
import { useAdminLocale, useAdminT } from '../lib/i18n';
import { useLoad } from '../lib/use-load';

const MAX_VALUE_LENGTH = 120;

const show = (value: unknown) => {
  const text = value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text;
};

/**
 * Rally entries written before issue 11 kept the "before" texts under `texts` (`{texts: {name,
 * description}}`) and the "after" ones at the top: read both as the top-level shape.
 */
function flatTexts(state: Record<string, unknown>): Record<string, unknown> {
  const { texts, ...rest } = state;
  return texts && typeof texts === 'object' ? { ...(texts as Record<string, unknown>), ...rest } : state;
}

/** The top-level fields whose values differ between the state before and after a write. */
export function changedFields(
  entry: Pick<AuditEntry, 'before' | 'after'>,
): Array<{ field: string; before: string; after: string }> {
  if (typeof (entry.before ?? {}) !== 'object' || typeof (entry.after ?? {}) !== 'object') return [];
  const before = flatTexts((entry.before ?? {}) as Record<string, unknown>);
  const after = flatTexts((entry.after ?? {}) as Record<string, unknown>);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
    .map((f) => ({ field: f, before: show(before[f]), after: show(after[f]) }));
}

/**
 * Who changed a coupon, spot or rally, when, and what changed (issue 6: every admin write,
 * with its before and after, is shown on the entity's page).
 */
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
          {trail.data.slice(0, 20).map((e) => {
            const changes = e.action === 'update' || e.action === 'import' ? changedFields(e) : [];
            return (
              <li key={e.id} className="adm-history__item">
                <span className={`adm-history__action adm-history__action--${e.action}`}>
                  {t(`couponForm.history.actions.${e.action}`)}
                </span>
                <span className="adm-history__who">{e.staffEmail}</span>
                <time className="adm-history__when" dateTime={e.createdAt}>
                  {formatDateTime(e.createdAt, locale)}
                </time>
                {changes.length > 0 && (
                  <details className="adm-history__changes">
                    <summary>{t('couponForm.history.changes', { count: changes.length })}</summary>
                    <table className="adm-history__table">
                      <thead>
                        <tr>
                          <th scope="col">{t('couponForm.history.field')}</th>
                          <th scope="col">{t('couponForm.history.before')}</th>
                          <th scope="col">{t('couponForm.history.after')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {changes.map((c) => (
                          <tr key={c.field}>
                            <th scope="row">{c.field}</th>
                            <td>{c.before}</td>
                            <td>{c.after}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </details>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
