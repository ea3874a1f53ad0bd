import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { adminPathOf } from '../../server/src/contracts/pages';
import { App } from './app/app';
import { applyLanguageAtStart } from './app/language';
import { setLocale } from './lib/i18n';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

if (adminPathOf(location.pathname)) {
  // The admin area (unprefixed or under /en, /ko, /zh-cn, /zh-tw) is a separate app in its
  // own chunks (spec 2), never in the public bundle.
  void import('./admin/admin-main').then((m) => m.mountAdmin(root));
} else {
  // `?lang=` and the root path's language first, then load that language while the router
  // and the first screen load.
  void setLocale(applyLanguageAtStart());

  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
