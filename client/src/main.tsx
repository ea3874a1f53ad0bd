import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { adminPathOf } from '@site/page-table';
import { App } from './app/app';
import { applyLanguageAtStart } from './app/language';
import { preloadScreenOf } from './app/router';
import { setLocale } from './lib/i18n';
import { readPrerendered } from './lib/prerender';
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
  const languageReady = setLocale(applyLanguageAtStart());
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (readPrerendered()) {
    // A page the server rendered stays as painted until its screen and language are loaded;
    // the app then renders the same page (its data came with it) in one commit, as a
    // transition so the phone stays responsive while it renders.
    const mount = () => startTransition(() => createRoot(root).render(app));
    void Promise.all([languageReady, preloadScreenOf(location.pathname)]).then(mount, mount);
  } else {
    createRoot(root).render(app);
  }
}
