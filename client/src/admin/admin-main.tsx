import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './app';
import { setAdminLocale, storedAdminLocale } from './lib/i18n';
import { prefixLocaleOf } from './lib/paths';
import './admin.css';

/**
 * Starts the admin app in `root` (main.tsx calls this only under /management_admin, with or
 * without a language prefix). A prefix names the language; else the one kept in this browser.
 */
export async function mountAdmin(root: HTMLElement): Promise<void> {
  document.body.classList.add('adm-body');
  const prefixed = prefixLocaleOf(location.pathname);
  await setAdminLocale(prefixed ?? storedAdminLocale(), { remember: !prefixed });
  createRoot(root).render(
    <StrictMode>
      <AdminApp />
    </StrictMode>,
  );
}
