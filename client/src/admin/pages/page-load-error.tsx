import { Link } from 'react-router-dom';
import { Icon } from '../layout/icons';
import type { AdminApiError } from '../lib/api';
import { useAdminT } from '../lib/i18n';
import { PageHead } from './page-head';

/**
 * A page whose record could not be loaded: its heading and the error's message, with a retry
 * unless retrying cannot help (404 not found, 403 not this staff member's), and the way back
 * to its list.
 */
export function PageLoadError({
  title,
  error,
  onRetry,
  listHref,
}: {
  title: string;
  error: AdminApiError;
  onRetry: () => void;
  listHref: string;
}) {
  const t = useAdminT();
  return (
    <div className="adm-page">
      <PageHead title={title} />
      <div className="adm-alert adm-alert--error" role="alert">
        <Icon name="alert" size={20} />
        <span>{error.message}</span>
        {error.status !== 404 && error.status !== 403 && (
          <button type="button" className="adm-btn adm-btn--ghost adm-btn--sm" onClick={onRetry}>
            {t('common.retry')}
          </button>
        )}
        <Link className="adm-btn adm-btn--ghost adm-btn--sm" to={listHref}>
          {t('couponForm.backToList')}
        </Link>
      </div>
    </div>
  );
}
