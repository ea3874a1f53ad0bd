import { Link } from 'react-router-dom';
import { paths, useLocalePath } from '../../lib/paths';
import { useT } from '../../lib/i18n';

/** Unknown page paths (issue 4 turns this into the spec's error page). */
export function NotFoundPage() {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className="page">
      <div className="empty">
        <h1 className="page-head__title">{t('page.notFound')}</h1>
        <Link className="btn btn--primary btn--lg" to={to(paths.home())}>
          {t('page.backHome')}
        </Link>
      </div>
    </section>
  );
}
