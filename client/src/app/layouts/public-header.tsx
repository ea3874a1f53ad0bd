import { Link, NavLink } from 'react-router-dom';
import { paths, useLocalePath } from '../../lib/paths';
import { useT } from '../../lib/i18n';

/** The public header: the passport's name and the two ways in (issue 4 adds the menu). */
export function PublicHeader() {
  const t = useT();
  const to = useLocalePath();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link className="brand" to={to(paths.home())} aria-label={t('app.homeLink')}>
          <svg className="brand__mark" viewBox="0 0 64 64" width="30" height="30" aria-hidden="true">
            <rect width="64" height="64" rx="16" fill="currentColor" />
            <circle cx="32" cy="32" r="18" fill="none" stroke="#fff" strokeWidth="4" />
            <path d="M24.5 33l5.5 5.5 10-11.5" fill="none" stroke="#fff" strokeWidth="4.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span className="brand__name">{t('app.title')}</span>
        </Link>
        <nav className="site-nav" aria-label={t('nav.label')}>
          <NavLink className="site-nav__link" to={to(paths.couponList())}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinejoin="round">
              <path d="M3 7.5A1.5 1.5 0 0 1 4.5 6h15A1.5 1.5 0 0 1 21 7.5V10a2 2 0 0 0 0 4v2.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 16.5V14a2 2 0 0 0 0-4z" />
              <path d="M14.5 6.5v11" strokeDasharray="2 2" />
            </svg>
            <span>{t('nav.coupons')}</span>
          </NavLink>
          <NavLink className="site-nav__link" to={to(paths.stamps())}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.9">
              <circle cx="12" cy="12" r="8.5" />
              <circle cx="12" cy="12" r="5" strokeDasharray="2 2" />
            </svg>
            <span>{t('nav.stamps')}</span>
          </NavLink>
        </nav>
      </div>
    </header>
  );
}
