import { useEffect, useRef, useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { onTokenChange, readToken } from './auth-token';
import type { Outcome, OutboxItem } from './offline-store';

/**
 * The small, always-loaded half of offline (issue 5): whether the network is there, the
 * pending queue and replay answers as the screens see them, and who is signed in. The
 * machinery that fills it (IndexedDB, the replay: lib/offline-sync) loads after the first
 * view, so it costs nothing there.
 */

export type OfflineState = {
  /** navigator.onLine, kept current by the online/offline events. */
  online: boolean;
  /** False after a request failed for want of network, until one succeeds. */
  reachable: boolean;
  /** Epoch ms of the last successful read saved for offline use. */
  lastSync: number | null;
  /** Requests waiting for the network, in press order. */
  pending: OutboxItem[];
  /** Answers to replayed requests (kept a week). */
  outcomes: Outcome[];
  syncing: boolean;
};

/** A read slower than this shows its saved copy (weak signal), if there is one. */
export const SLOW_READ_MS = 4000;

export const useOfflineStore = create<OfflineState>(() => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine !== false,
  reachable: true,
  lastSync: null,
  pending: [],
  outcomes: [],
  syncing: false,
}));

/** The visitor's id (the `sub` of our token), to keep one visitor's data from another. */
export function tokenSubject(token: string | null): string | null {
  if (!token) return null;
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : null;
  } catch {
    return null;
  }
}

/** The signed-in visitor's id, or null. */
export const currentOwner = (): string | null => tokenSubject(readToken());

/** The signed-in visitor's id in a component, following sign-in and sign-out. */
export function useOwner(): string | null {
  // Server-side render: nobody is signed in.
  return useSyncExternalStore(onTokenChange, currentOwner, () => null);
}

/** Whether to treat the network as gone: the phone says so, or the last request failed. */
export function looksOffline(): boolean {
  const s = useOfflineStore.getState();
  return !s.online || !s.reachable;
}

export function noteNetworkFailure(): void {
  if (useOfflineStore.getState().reachable) useOfflineStore.setState({ reachable: false });
}

export function noteNetworkSuccess(): void {
  if (!useOfflineStore.getState().reachable) useOfflineStore.setState({ reachable: true });
}

/**
 * Calls `onBack` when the network comes back (online and reachable again after it was not),
 * so a screen showing a saved copy loads the live data. Only on that change, never in a loop.
 */
export function useBackOnline(onBack: () => void): void {
  const up = useOfflineStore((s) => s.online && s.reachable);
  const was = useRef(up);
  const callback = useRef(onBack);
  callback.current = onBack;
  useEffect(() => {
    if (up && !was.current) callback.current();
    was.current = up;
  }, [up]);
}

/** Runs `fn` in an idle moment (at the latest after `timeout` ms). */
export function whenIdle(fn: () => void, timeout = 1500): void {
  const w = globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
  if (w.requestIdleCallback) w.requestIdleCallback(fn, { timeout });
  else setTimeout(fn, 1);
}

/** Work that can wait until the first view is up waits this long after the page's load. */
export const AFTER_FIRST_VIEW_MS = 2000;

/**
 * Runs `fn` once the first view is surely up: AFTER_FIRST_VIEW_MS after the page's load
 * event (or after this call, if later), in an idle moment. Saving offline copies and
 * starting the queue's machinery wait for it, so the first view never loads their code.
 */
export function afterFirstView(fn: () => void): void {
  if (typeof window === 'undefined') return;
  const go = () => setTimeout(() => whenIdle(fn), AFTER_FIRST_VIEW_MS);
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
}

let watching = false;

/** Keeps `online` current from the browser's online/offline events (once). */
export function watchNetwork(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('online', () => useOfflineStore.setState({ online: true, reachable: true }));
  window.addEventListener('offline', () => useOfflineStore.setState({ online: false, reachable: false }));
}
