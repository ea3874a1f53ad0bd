import { Icon } from '../layout/icons';
import { useAdminT } from '../lib/i18n';

/** A list that failed to load: the message and a retry button. */
export function LoadErrorAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useAdminT();
  return (
    <div className="adm-alert adm-alert--error adm-results__alert" role="alert">
      <Icon name="alert" size={20} />
      <span>{message}</span>
      <button type="button" className="adm-btn adm-btn--ghost adm-btn--sm" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** Placeholder rows of a table while its first page loads. */
export function SkeletonRows({ columns, rows = 6 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <tr key={i} className="adm-table__skeleton" aria-hidden="true">
          <td colSpan={columns}>
            <span />
          </td>
        </tr>
      ))}
    </>
  );
}
