import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { OfflineBanner } from '../../components/offline-banner';
import { SignInProvider } from '../../features/session';
import { PageLoading } from '../pages/page-loading';
import { useScrollRestoration } from '../use-scroll-restoration';
import { PublicHeader } from './public-header';

/** Spec 2 public layout: header, the screen; issue 4 adds the footer and the mobile gate. */
export function PublicLayout() {
  useScrollRestoration();
  return (
    <SignInProvider>
      <div className="shell">
        <PublicHeader />
        <OfflineBanner />
        <main className="shell__main" id="main">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </SignInProvider>
  );
}
