import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './app';
import { setAdminLocale, storedAdminLocale } from './lib/i18n';
import './admin.css';

/** Starts the admin app in `root` (main.tsx calls this only under /management_admin). */
export async function mountAdmin(root: HTMLElement): Promise<void> {
  document.body.classList.add('adm-body');
  await setAdminLocale(storedAdminLocale());
  createRoot(root).render(
    <StrictMode>
      <AdminApp />
    </StrictMode>,
  );
}
