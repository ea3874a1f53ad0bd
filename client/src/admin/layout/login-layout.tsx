import type { ReactNode } from 'react';
import { useAdminT } from '../lib/i18n';
import { Brand } from './brand';
import { LanguageSelect } from './language-select';

/** Spec 2's login layout: the passport's title over one card, the language at hand. */
export function LoginLayout({ children }: { children: ReactNode }) {
  const t = useAdminT();
  return (
    <div className="adm-login-shell">
      <header className="adm-login-shell__lang">
        <LanguageSelect />
      </header>
      <main className="adm-login-shell__main">
        <Brand large link={false} />
        {children}
        <p className="adm-login-shell__foot">{t('login.restricted')}</p>
      </main>
    </div>
  );
}
