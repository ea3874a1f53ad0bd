import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useAdminT } from '../lib/i18n';
import { adminPaths } from '../lib/paths';
import { Redirect } from '../lib/redirect';
import { PageLoading } from '../pages/page-loading';
import { useStaffSession } from './session.store';

/**
 * Every admin page but login (issue 3): signed out (no token, or the server refused it with
 * a 401) goes to the login page, which brings the staff member back here afterwards.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const t = useAdminT();
  const { status, error, check } = useStaffSession();
  const { pathname, search } = useLocation();
  useEffect(() => {
    void check();
  }, [check]);

  if (status === 'signedOut') return <Redirect to={adminPaths.login(pathname + search)} />;
  if (status === 'error')
    return (
      <div className="adm-center">
        <div className="adm-alert adm-alert--error" role="alert">
          <span>
            {t('session.failed')} {error}
          </span>
          <button type="button" className="adm-btn adm-btn--ghost" onClick={() => void check()}>
            {t('common.retry')}
          </button>
        </div>
      </div>
    );
  if (status !== 'signedIn') return <PageLoading label={t('session.checking')} />;
  return <>{children}</>;
}
