import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/document-title';
import { useT } from '../../lib/i18n';
import { paths, useLocalePath } from '../../lib/paths';

/**
 * Spec 2 and 8: the error page. 404 shows '404 Not Found'; any other status 'ページが見つかりません'
 * (en 'This page could not be found'); each with a way back to the home page.
 */
export function ErrorPage({ status }: { status: number }) {
  const t = useT();
  const to = useLocalePath();
  const title = status === 404 ? t('page.notFound404') : t('page.notFound');
  useDocumentTitle(title);
  return (
    <section className="error-page" data-status={status} aria-labelledby="error-title">
      <svg className="error-page__art" viewBox="0 0 120 120" width="120" height="120" aria-hidden="true">
        <circle cx="60" cy="60" r="56" fill="var(--accent-soft)" />
        <path
          d="M30 44a6 6 0 0 1 6-6h48a6 6 0 0 1 6 6v8a8 8 0 0 0 0 16v8a6 6 0 0 1-6 6H36a6 6 0 0 1-6-6v-8a8 8 0 0 0 0-16z"
          fill="#fff"
          stroke="var(--accent)"
          strokeWidth="3.5"
          strokeLinejoin="round"
        />
        <path d="M68 40v40" stroke="var(--accent)" strokeWidth="3" strokeDasharray="4 4" />
        <path d="M44 54l10 12M54 54L44 66" stroke="var(--accent)" strokeWidth="3.5" strokeLinecap="round" />
      </svg>
      <h1 id="error-title" className="error-page__title" data-testid="error-title">
        {title}
      </h1>
      <p className="error-page__lead">{status === 404 ? t('page.notFoundLead') : t('page.errorLead')}</p>
      <Link className="btn btn--primary btn--lg" to={to(paths.home())}>
        {t('page.backHome')}
      </Link>
    </section>
  );
}
