import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useT } from '../../lib/i18n';

/** Spec 2's login layout: the product's mark and name over one centred card (staff sign-in). */
export function LoginLayout({ children }: { children?: ReactNode }) {
  const t = useT();
  return (
    <div className="login-layout">
      <main className="login-layout__main">
        <p className="login-layout__brand">
          <svg viewBox="0 0 64 64" width="40" height="40" aria-hidden="true">
            <rect width="64" height="64" rx="16" fill="var(--accent)" />
            <circle cx="32" cy="32" r="18" fill="none" stroke="#fff" strokeWidth="4" />
            <path d="M24.5 33l5.5 5.5 10-11.5" fill="none" stroke="#fff" strokeWidth="4.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>{t('app.title')}</span>
        </p>
        <div className="login-layout__card">{children ?? <Outlet />}</div>
      </main>
    </div>
  );
}
