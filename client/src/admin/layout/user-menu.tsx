import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAdminT } from '../lib/i18n';
import { adminPaths } from '../lib/paths';
import { useStaffSession } from '../session/session.store';
import { Icon } from './icons';

/** The right-hand menu (spec 2): who is signed in, settings and logout. */
export function UserMenu() {
  const t = useAdminT();
  const user = useStaffSession((s) => s.user);
  const logout = useStaffSession((s) => s.logout);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) return null;
  const initial = (user.displayName || user.email).trim().charAt(0).toUpperCase();
  return (
    <div className="adm-user" ref={box}>
      <button
        ref={button}
        type="button"
        className="adm-user__button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('layout.userMenu')}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="adm-avatar" aria-hidden="true">
          {initial}
        </span>
        <span className="adm-user__who">
          <span className="adm-user__name" data-testid="admin-user-name">
            {user.displayName}
          </span>
          <span className="adm-user__role">{t(`layout.role.${user.role}`)}</span>
        </span>
        <Icon name="chevron" size={16} className={`adm-user__chevron${open ? ' is-open' : ''}`} />
      </button>
      {open && (
        <div className="adm-user__panel" id={menuId}>
          <div className="adm-user__head">
            <span className="adm-avatar adm-avatar--lg" aria-hidden="true">
              {initial}
            </span>
            <div>
              <p className="adm-user__caption">{t('layout.signedInAs')}</p>
              <p className="adm-user__panel-name">{user.displayName}</p>
              <p className="adm-user__email">{user.email}</p>
            </div>
          </div>
          <p className="adm-user__meta">
            <span className={`adm-badge adm-badge--${user.role}`}>{t(`layout.role.${user.role}`)}</span>
            <span>
              {user.role === 'shop' ? t('layout.spots', { count: user.spotIds.length }) : t('layout.allSpots')}
            </span>
          </p>
          <ul className="adm-user__actions">
            <li>
              <Link className="adm-user__action" to={adminPaths.page('setting')} onClick={() => setOpen(false)}>
                <Icon name="settings" size={18} />
                {t('layout.settings')}
              </Link>
            </li>
            <li>
              <button type="button" className="adm-user__action adm-user__action--logout" onClick={logout}>
                <Icon name="logout" size={18} />
                {t('layout.logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
