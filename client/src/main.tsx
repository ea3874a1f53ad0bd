import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { setLocale } from './lib/i18n';
import { localeOfPath } from './lib/paths';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

if (location.pathname.startsWith('/management_admin')) {
  // The admin area is a separate app in its own chunks (spec 2), never in the public bundle.
  void import('./admin/admin-main').then((m) => m.mountAdmin(root));
} else {
  // Start loading a prefixed page's language while the router and the first screen load.
  void setLocale(localeOfPath(location.pathname));

  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
