import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAdminT } from '../lib/i18n';
import { activeMenuItem } from '../routes';
import { useStaffSession } from '../session/session.store';
import { PageLoading } from '../pages/page-loading';
import { Brand } from './brand';
import { Icon } from './icons';
import { LanguageSelect } from './language-select';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';

/**
 * Spec 2's admin layout: a top bar with the passport's title, the language and the
 * right-hand account menu; the side menu; the page. Desktop first; below 960 px the side
 * menu becomes a drawer so a tablet works too.
 */
export function AdminLayout() {
  const t = useAdminT();
  const user = useStaffSession((s) => s.user);
  const [drawer, setDrawer] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setDrawer(false), [pathname]);
  const active = activeMenuItem(pathname);

  if (!user) return null;
  return (
    <div className={`adm-shell${drawer ? ' has-drawer' : ''}`}>
      <a className="adm-skip" href="#adm-main">
        {t('app.skipToContent')}
      </a>
      <header className="adm-topbar">
        <button
          type="button"
          className="adm-topbar__menu"
          aria-label={drawer ? t('layout.closeMenu') : t('layout.openMenu')}
          aria-expanded={drawer}
          aria-controls="adm-sidebar"
          onClick={() => setDrawer((d) => !d)}
        >
          <Icon name={drawer ? 'close' : 'menu'} size={22} />
        </button>
        <Brand />
        <div className="adm-topbar__end">
          <LanguageSelect />
          <UserMenu />
        </div>
      </header>
      <aside className="adm-sidebar" id="adm-sidebar">
        <SideMenu role={user.role} active={active} onNavigate={() => setDrawer(false)} />
      </aside>
      {drawer && <div className="adm-scrim" onClick={() => setDrawer(false)} aria-hidden="true" />}
      <main className="adm-main" id="adm-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
