import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, NavLink, useSearchParams } from 'react-router-dom';
import { PointDisplay } from '../../components/point-display';
import { useRunningRallyId } from '../../features/campaign';
import { useT } from '../../lib/i18n';
import { paths, useLocalePath } from '../../lib/paths';
import { LanguageSelect } from './language-select';

// The menu's code and styles load on the first tap (prefetched when the browser is idle),
// keeping them out of the first view.
const loadMenu = () => import('./site-menu');
const SiteMenu = lazy(() => loadMenu().then((m) => ({ default: m.SiteMenu })));

/**
 * The public header (spec 2): the passport's name, the optional point display, my stamps
 * while a rally runs, the language dropdown and the hamburger menu. With a `code` query
 * parameter (QR point acquisition) the menu and the shortcut are hidden.
 */
export function PublicHeader() {
  const t = useT();
  const to = useLocalePath();
  const [query] = useSearchParams();
  const menuHidden = query.has('code');
  const rallyId = useRunningRallyId();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  useEffect(() => {
    const timer = setTimeout(() => void loadMenu().catch(() => undefined), 2500);
    return () => clearTimeout(timer);
  }, []);
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link className="brand" to={to(paths.home())} aria-label={t('app.homeLink')}>
          <svg className="brand__mark" viewBox="0 0 64 64" width="30" height="30" aria-hidden="true">
            <rect width="64" height="64" rx="16" fill="currentColor" />
            <circle cx="32" cy="32" r="18" fill="none" stroke="#fff" strokeWidth="4" />
            <path
              d="M24.5 33l5.5 5.5 10-11.5"
              fill="none"
              stroke="#fff"
              strokeWidth="4.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="brand__name">{t('app.title')}</span>
        </Link>
        <div className="site-header__tools">
          <PointDisplay />
          {!menuHidden && rallyId !== undefined && (
            <NavLink className="tool" to={to(paths.stamps())}>
              <svg
                viewBox="0 0 24 24"
                width="22"
                height="22"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
              >
                <circle cx="12" cy="12" r="8.5" />
                <circle cx="12" cy="12" r="5" strokeDasharray="2 2" />
              </svg>
              <span className="tool__label">{t('nav.stamps')}</span>
            </NavLink>
          )}
          <LanguageSelect />
          {!menuHidden && (
            <button
              type="button"
              className="tool"
              aria-haspopup="dialog"
              aria-expanded={open}
              aria-controls="site-menu"
              data-testid="menu-button"
              onClick={() => {
                setWanted(true);
                setOpen(true);
              }}
            >
              <svg
                viewBox="0 0 24 24"
                width="22"
                height="22"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M4 6.5h16M4 12h16M4 17.5h16" />
              </svg>
              <span className="tool__label">{t('nav.menu')}</span>
            </button>
          )}
        </div>
      </div>
      {!menuHidden && wanted && (
        <Suspense fallback={null}>
          <SiteMenu open={open} onClose={close} />
        </Suspense>
      )}
    </header>
  );
}
