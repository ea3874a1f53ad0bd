import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { StaffRole } from '@contracts/staff';
import { useAdminT } from '../lib/i18n';
import { adminPaths, type AdminPageId } from '../lib/paths';
import { menuFor, type MenuGroup, type MenuItemId } from '../menu';
import { hasScreen } from '../routes';
import { Icon } from './icons';

const KEY = 'admin.menuClosed';

function readClosed(): Set<string> {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * Spec 2's side menu: the groups open and close (spec 4: a display-only state, kept in this
 * browser); the group holding the current page opens when that page opens. A group of one page is a
 * plain link. Shop staff see only what they may open.
 */
export function SideMenu({
  role,
  active,
  onNavigate,
}: {
  role: StaffRole;
  active: MenuItemId | null;
  onNavigate?: () => void;
}) {
  const t = useAdminT();
  const [closed, setClosed] = useState(readClosed);
  const change = (id: string, close: boolean) =>
    setClosed((prev) => {
      if (prev.has(id) === close) return prev;
      const next = new Set(prev);
      if (close) next.add(id);
      else next.delete(id);
      try {
        localStorage.setItem(KEY, JSON.stringify([...next]));
      } catch {
        // Not kept: the menu still toggles.
      }
      return next;
    });
  const activeGroup = menuFor(role).find((g) => g.items.some((i) => i.id === active))?.id;
  useEffect(() => {
    if (activeGroup) change(activeGroup, false);
  }, [activeGroup]);

  const link = (group: MenuGroup) => {
    const item = group.items[0]!;
    return (
      <Link
        className={`adm-menu__single${active === item.id ? ' is-active' : ''}`}
        to={adminPaths.page(item.page)}
        aria-current={active === item.id ? 'page' : undefined}
        onClick={onNavigate}
      >
        <Icon name={group.icon} />
        <span className="adm-menu__label">{t(group.label)}</span>
        <Soon page={item.page} />
      </Link>
    );
  };

  return (
    <nav className="adm-menu" aria-label={t('layout.sideMenu')} data-testid="admin-side-menu">
      <ul className="adm-menu__groups">
        {menuFor(role).map((group) => {
          if (group.items.length === 1 && group.items[0]!.label === group.label)
            return <li key={group.id}>{link(group)}</li>;
          const holdsActive = group.items.some((i) => i.id === active);
          const open = !closed.has(group.id);
          const listId = `adm-menu-${group.id}`;
          return (
            <li key={group.id} className={`adm-menu__group${open ? ' is-open' : ''}`}>
              <button
                type="button"
                className={`adm-menu__head${holdsActive ? ' holds-active' : ''}`}
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => change(group.id, open)}
              >
                <Icon name={group.icon} />
                <span className="adm-menu__label">{t(group.label)}</span>
                <Icon name="chevron" size={16} className="adm-menu__chevron" />
              </button>
              <ul className="adm-menu__items" id={listId} hidden={!open}>
                {group.items.map((item) => (
                  <li key={item.id}>
                    <Link
                      className={`adm-menu__item${active === item.id ? ' is-active' : ''}`}
                      to={adminPaths.page(item.page)}
                      aria-current={active === item.id ? 'page' : undefined}
                      onClick={onNavigate}
                    >
                      <span className="adm-menu__label">{t(item.label)}</span>
                      <Soon page={item.page} />
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The 準備中 tag of a menu item whose screen is not built yet (its page says the same). */
function Soon({ page }: { page: AdminPageId }) {
  const t = useAdminT();
  return hasScreen(page) ? null : <span className="adm-menu__soon">{t('menu.soon')}</span>;
}
