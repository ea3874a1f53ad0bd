/// <reference lib="webworker" />
/**
 * The service worker (issue 5; built by vite-plugin-pwa's injectManifest into /sw.js).
 *
 * - The app shell (HTML, JS, CSS, icons) and every language's messages are precached, so the
 *   app opens, and can change language, with no network.
 * - Page navigations go to the network first (the server's redirects, 404s and headers stay
 *   as they are) and fall back to the precached shell offline or when the network hangs.
 *   The admin area (/management_admin/, also under /en, /ko, /zh-cn, /zh-tw), /api and
 *   /uploads are never handled as pages.
 * - Coupon images: cache first, bounded in number and age. Coupon list GETs without a token
 *   (public, the same for every visitor): stale while revalidate, keyed by language. A
 *   signed-in visitor's list says which cards are their favourites (issue 15): never cached
 *   here, so no stale or other visitor's heart comes back from this cache (their offline copy
 *   is the app's, in IndexedDB, with the favourites kept per visitor). No other /api response is
 *   ever cached here: per-visitor data (my stamps, details with "used today") lives in
 *   IndexedDB (lib/offline-store), per visitor.
 * - Background Sync replays the queue of pending 'mark as used' (lib/outbox), where it exists.
 * - A new version waits until the page asks it to take over (the visitor agreed to reload).
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { OUTBOX_SYNC_TAG, replayOutbox } from './lib/outbox';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** A page request slower than this is answered with the offline shell (weak signal). */
const NAVIGATION_TIMEOUT_MS = 6000;
const DAY_S = 24 * 3600;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

async function shell(): Promise<Response> {
  return (await matchPrecache('/index.html')) ?? Response.error();
}

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      const network = fetch(request);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const slow = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), NAVIGATION_TIMEOUT_MS)));
      try {
        return (await Promise.race([network, slow])) ?? (await shell());
      } catch {
        return shell();
      } finally {
        clearTimeout(timer);
      }
    },
    { denylist: [/^\/api(\/|$)/, /^(\/(en|ko|zh-cn|zh-tw))?\/management_admin(\/|$)/, /^\/uploads\//] },
  ),
);

const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(
  ({ request, url }) => request.destination === 'image' && sameOrigin(url) && url.pathname.startsWith('/uploads/'),
  new CacheFirst({
    cacheName: 'coupon-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    sameOrigin(url) &&
    url.pathname === '/api/coupons/list/search' &&
    !request.headers.has('Authorization'),
  new StaleWhileRevalidate({
    cacheName: 'coupon-lists',
    plugins: [
      // The list's texts follow the x-lang header, not the URL: keep one entry per language.
      {
        cacheKeyWillBeUsed: async ({ request }) => {
          const key = new URL(request.url);
          key.searchParams.set('__lang', request.headers.get('x-lang') ?? 'ja');
          return key.href;
        },
      },
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 7 * DAY_S, purgeOnQuotaError: true }),
    ],
  }),
);

type SyncEvent = ExtendableEvent & { tag: string };

self.addEventListener('sync', (event) => {
  const e = event as SyncEvent;
  if (e.tag !== OUTBOX_SYNC_TAG) return;
  e.waitUntil(
    replayOutbox({ fetch: (input, init) => fetch(input, init), tokenFor: (item) => item.token }).then((r) => {
      // Rejecting asks the browser to fire the sync again later.
      if (r.stopped === 'network') throw new Error('outbox: still offline');
    }),
  );
});
