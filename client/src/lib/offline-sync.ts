import { ApiError } from './api-client';
import { clearToken, onTokenChange, readToken } from './auth-token';
import { ClientError } from './errors';
import {
  addToOutbox,
  forgetOtherVisitors,
  getSnapshot,
  lastSyncAt,
  listOutbox,
  listOutcomes,
  markOutcomesSeen,
  pruneOutcomes,
  putSnapshot,
  type OutboxItem,
} from './offline-store';
import {
  currentOwner,
  noteNetworkFailure,
  noteNetworkSuccess,
  SLOW_READ_MS,
  tokenSubject,
  useOfflineStore,
  watchNetwork,
} from './offline-status';
import { OFFLINE_CHANNEL, OUTBOX_SYNC_TAG, replayOutbox, type ReplayResult } from './outbox';
import { translate } from './i18n';

/**
 * The page's offline machinery (issue 5), loaded after the first view: it fills the store of
 * lib/offline-status from IndexedDB (the time of the last sync, the pending queue, the
 * answers to replayed requests); reads that fall back to their saved copy; and the replay of
 * the queue at start, on `online`, when the page becomes visible again, every RETRY_MS while
 * items wait, and when another tab or the service worker reports a change.
 */

/** How long answers to replayed requests are kept for the screens. */
export const OUTCOME_KEEP_MS = 7 * 24 * 3600 * 1000;
/** Retry interval while requests wait and the phone claims to be online. */
export const RETRY_MS = 30_000;

const isNetworkError = (err: unknown) => err instanceof ApiError && err.status === 0;

/** Reloads the queue, outcomes and last sync time from IndexedDB into the store. */
export async function refreshOffline(): Promise<void> {
  const [pending, outcomes, lastSync] = await Promise.all([listOutbox(), listOutcomes(), lastSyncAt()]);
  useOfflineStore.setState({ pending, outcomes, lastSync });
}

function pageEnv() {
  return {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
    tokenFor: (item: OutboxItem) => {
      const token = readToken();
      return tokenSubject(token) === item.owner ? token : item.token;
    },
    onUnauthorized: () => {
      const token = readToken();
      if (token) clearToken();
    },
  };
}

/** Sends the queue now (when online), then refreshes the store. */
export async function syncNow(): Promise<ReplayResult | null> {
  if (useOfflineStore.getState().pending.length === 0) await refreshOffline();
  if (!useOfflineStore.getState().online || useOfflineStore.getState().pending.length === 0) return null;
  useOfflineStore.setState({ syncing: true });
  try {
    const result = await replayOutbox(pageEnv());
    if (result.stopped === 'network') noteNetworkFailure();
    else if (result.sent > 0) noteNetworkSuccess();
    return result;
  } finally {
    await refreshOffline();
    useOfflineStore.setState({ syncing: false });
  }
}

async function requestBackgroundSync(): Promise<void> {
  try {
    const reg = await navigator.serviceWorker?.getRegistration();
    const sync = (
      reg as (ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }) | undefined
    )?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync (Safari, Firefox, a web view): the page replays on `online` and at start.
  }
}

/**
 * Queues a request for when the network is back (the queue survives reloads and closing the
 * app), asks the service worker for a Background Sync, and tries at once when online.
 */
export async function enqueue(item: Omit<OutboxItem, 'id' | 'attempts' | 'lastTriedAt'>): Promise<void> {
  await addToOutbox({ ...item, attempts: 0, lastTriedAt: null });
  await refreshOffline();
  void requestBackgroundSync();
  if (useOfflineStore.getState().online) void syncNow();
}

/** The visitor saw these answers: they no longer show as notices. */
export async function dismissOutcomes(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await markOutcomesSeen(keys);
  await refreshOffline();
}

export type Fresh<T> = { data: T; savedAt: null };
export type Saved<T> = { data: T; savedAt: number };

/**
 * A read with an offline copy: from the network when it answers (then saved for later), else
 * the saved copy with the time it was saved. Offline the copy comes at once; on a weak
 * signal it comes after SLOW_READ_MS while the network read goes on to refresh the copy.
 * @throws the read's error when there is no copy (no network: a message saying so)
 */
export async function readThrough<T>(opts: {
  id: string;
  owner?: string | null;
  load: () => Promise<T>;
}): Promise<Fresh<T> | Saved<T>> {
  const owner = opts.owner ?? null;
  const saved = () => getSnapshot<T>(opts.id, owner);
  const noCopy = (err: unknown) =>
    isNetworkError(err) ? new ClientError('NETWORK', translate('offline.notSaved')) : err;

  if (!useOfflineStore.getState().online) {
    const snap = await saved();
    if (snap) return { data: snap.data, savedAt: snap.savedAt };
  }
  const network = opts.load().then(
    async (data) => {
      noteNetworkSuccess();
      await putSnapshot(opts.id, data, owner);
      void refreshOffline();
      return { data, savedAt: null } as Fresh<T>;
    },
    (err: unknown) => {
      if (isNetworkError(err)) noteNetworkFailure();
      throw err;
    },
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), SLOW_READ_MS)));
  try {
    const first = await Promise.race([network, slow]);
    if (first !== 'slow') return first;
    const snap = await saved();
    if (snap) {
      network.catch(() => undefined);
      return { data: snap.data, savedAt: snap.savedAt };
    }
    return await network;
  } catch (err) {
    if (!isNetworkError(err)) throw err;
    const snap = await saved();
    if (snap) return { data: snap.data, savedAt: snap.savedAt };
    throw noCopy(err);
  } finally {
    clearTimeout(timer);
  }
}

let started = false;

/**
 * Starts the page's offline machinery once: network state, the replay triggers, messages
 * from other tabs and the service worker, and forgetting another visitor's saved data.
 */
export function startOfflineSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  watchNetwork();
  useOfflineStore.subscribe((s, prev) => {
    if (s.online && !prev.online) void syncNow();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refreshOffline().then(() => syncNow());
  });
  if (typeof BroadcastChannel !== 'undefined') {
    new BroadcastChannel(OFFLINE_CHANNEL).onmessage = () => void refreshOffline();
  }
  setInterval(() => {
    const s = useOfflineStore.getState();
    if (s.pending.length > 0 && s.online && !s.syncing) void syncNow();
  }, RETRY_MS);

  let owner = currentOwner();
  onTokenChange(() => {
    const next = currentOwner();
    if (next === owner) return;
    owner = next;
    // Saved stamps belong to one visitor: never show them to the next one on this phone.
    void forgetOtherVisitors(next).then(() => syncNow());
  });

  void pruneOutcomes(OUTCOME_KEEP_MS)
    .then(() => refreshOffline())
    .then(() => syncNow());
}
