import { create } from 'zustand';
import type { Workbox } from 'workbox-window';

/**
 * Registers the service worker (client/src/sw.ts, built by vite-plugin-pwa's injectManifest)
 * with workbox-window. The offline banner loads this module and calls it once the first view
 * is up (lib/offline-status afterFirstView), so it never competes with the first view.
 * A new version waits until the visitor agrees to reload (issue 5: offered, never a surprise).
 * Where there is no service worker (LINE's iOS web view), nothing happens: offline data lives
 * in IndexedDB and does not need one.
 */

type PwaState = {
  /** A new version is installed and waiting. */
  updateReady: boolean;
  /** The service worker controls this page. */
  controlled: boolean;
};

export const usePwaStore = create<PwaState>(() => ({ updateReady: false, controlled: false }));

export const SW_URL = '/sw.js';
let wb: Workbox | null = null;
let started = false;

export function registerServiceWorker(): void {
  if (started || typeof window === 'undefined' || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  started = true;
  usePwaStore.setState({ controlled: Boolean(navigator.serviceWorker.controller) });
  const go = async () => {
    try {
      const { Workbox } = await import('workbox-window');
      wb = new Workbox(SW_URL, { scope: '/' });
      wb.addEventListener('waiting', () => usePwaStore.setState({ updateReady: true }));
      wb.addEventListener('controlling', () => usePwaStore.setState({ controlled: true }));
      await wb.register();
    } catch (err) {
      console.warn('service worker not registered', err);
    }
  };
  void go();
}

/** The visitor agreed: activate the waiting version, then reload once it controls the page. */
export function applyUpdate(): void {
  if (!wb) return;
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

export function dismissUpdate(): void {
  usePwaStore.setState({ updateReady: false });
}
