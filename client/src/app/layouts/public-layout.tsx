import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageChromeContext, type PageChrome } from '../../components/page-chrome';
import { useRunningRally } from '../../features/campaign';
import { OfflineBanner } from '../../components/offline-banner';
import { SignInProvider } from '../../features/session';
import { isLanguageRoot, isPhoneUserAgent } from '../../lib/paths';
import { useServerRender } from '../../lib/prerender';
import { PageLoading } from '../pages/page-loading';
import { useScrollRestoration } from '../use-scroll-restoration';
import { PcGate } from './pc-gate';
import { PublicHeader } from './public-header';
import './shell.css';
import { loadDeferredMessages } from '../../lib/deferred-load';

// Below the fold on every page: its own small chunk, with its texts (`deferred`); if it cannot load, the page goes on without it.
const PublicFooter = lazy((): Promise<{ default: ComponentType }> =>
  Promise.all([import('./public-footer'), loadDeferredMessages()]).then(
    ([m]) => ({ default: m.PublicFooter }),
    () => ({ default: () => null }),
  ),
);

/**
 * Spec 2's public layout: header (menu, language, points), the screen, footer (a page may
 * hide it). Spec 1: a device that is not a phone sees only the PC message, except on the
 * language roots. At start it asks for the running stamp rally (the menu needs its id).
 */
export function PublicLayout() {
  const { pathname } = useLocation();
  const userAgent = useServerRender()?.userAgent ?? navigator.userAgent;
  const gated = !isPhoneUserAgent(userAgent) && !isLanguageRoot(pathname);
  return gated ? <PcGate /> : <PublicShell />;
}

function PublicShell() {
  useScrollRestoration();
  const loadRally = useRunningRally((s) => s.load);
  useEffect(() => void loadRally(), [loadRally]);
  const [chrome, setChrome] = useState<PageChrome>({ footer: true });
  return (
    <SignInProvider>
      <PageChromeContext.Provider value={setChrome}>
        <div className="shell">
          <PublicHeader />
          <OfflineBanner />
          <main className="shell__main" id="main">
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </main>
          {chrome.footer && <FooterAfterFirstRender />}
        </div>
      </PageChromeContext.Provider>
    </SignInProvider>
  );
}

/**
 * The footer is below the fold, in its own chunk: fetched once the page has rendered, so it
 * is not part of the first view (nor of the server's render, which runs no effects). Only
 * this component renders again for it.
 */
function FooterAfterFirstRender() {
  const [rendered, setRendered] = useState(false);
  useEffect(() => setRendered(true), []);
  if (!rendered) return null;
  return (
    <Suspense fallback={null}>
      <PublicFooter />
    </Suspense>
  );
}
