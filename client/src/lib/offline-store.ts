import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The only IndexedDB code (design: lib/offline-store). Offline data must not depend on a
 * service worker (LINE's iOS web view may run none), so everything the app shows offline
 * and the queue of pending actions live here; the page and the service worker share it.
 *
 * - snapshots: the last answer of a read (coupon list pages, coupon details, my stamps, the
 *   running rally), with when it was saved and, for per-visitor data, whose it is;
 * - outbox: requests to send when the network is back ('mark as used'), in press order;
 * - outcomes: what the server answered to a replayed request, until the visitor saw it;
 * - meta: small values (the time of the last successful sync).
 *
 * Where IndexedDB cannot be opened (a private mode, a blocked web view) the same calls work
 * on memory for the life of the page.
 */

/** A request waiting for the network. Replayed byte for byte: same key, same body. */
export type OutboxItem = {
  /** Press order (auto-increment). */
  id?: number;
  /** The Idempotency-Key header: a replay of a request that did arrive changes nothing. */
  key: string;
  method: 'PUT' | 'POST';
  /** API path without `/api`, e.g. `/coupons/qr/12`. */
  path: string;
  body: unknown;
  /** `x-lang` of the page it was made on, so the answer's message is in that language. */
  locale: string;
  /** The visitor (token subject) who made it; another visitor's session never sends it. */
  owner: string;
  /** Their bearer token at the time, for a replay from the service worker (no cookies there). */
  token: string;
  /** When the visitor pressed (ISO 8601). */
  createdAt: string;
  /** What it is about, for the screens and the notices. */
  ref:
    | {
        kind: 'markUsed';
        couponId: number;
        title: string;
        /** A lodging coupon: its stamp will be gold (absent on items queued before this was kept). */
        givesGold?: boolean;
      }
    | {
        /** Setting a favourite (issue 15): the state wanted, sent with PUT /coupons/set/favorite. */
        kind: 'favorite';
        couponId: number;
        title: string;
        favorite: boolean;
        /** The coupon's card, so the favourites screen can show an unsent favourite offline. */
        card?: unknown;
      };
  attempts: number;
  lastTriedAt: string | null;
};

/** The server's answer to a replayed request. */
export type Outcome = {
  key: string;
  owner: string;
  ref: OutboxItem['ref'];
  /** done: accepted (2xx); refused: a final answer such as already used or not nearby. */
  status: 'done' | 'refused';
  httpStatus: number;
  code: string | null;
  /** The server's message, in the request's language. */
  message: string | null;
  /** The response's `data` when done. */
  data: unknown;
  createdAt: string;
  at: string;
  /** The visitor has seen the notice. */
  seen: boolean;
};

export type Snapshot<T = unknown> = {
  id: string;
  data: T;
  /** Epoch ms of the successful read. */
  savedAt: number;
  /** Token subject for per-visitor data, null for public data. */
  owner: string | null;
};

interface OfflineDb extends DBSchema {
  snapshots: { key: string; value: Snapshot };
  outbox: { key: number; value: OutboxItem; indexes: { byKey: string } };
  outcomes: { key: string; value: Outcome };
  meta: { key: string; value: unknown };
}

export const DB_NAME = 'passport-offline';
const DB_VERSION = 1;

let opening: Promise<IDBPDatabase<OfflineDb> | null> | null = null;

function database(): Promise<IDBPDatabase<OfflineDb> | null> {
  opening ??= (async () => {
    try {
      if (typeof indexedDB === 'undefined') return null;
      const db = await openDB<OfflineDb>(DB_NAME, DB_VERSION, {
        upgrade(d) {
          d.createObjectStore('snapshots', { keyPath: 'id' });
          const outbox = d.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true });
          outbox.createIndex('byKey', 'key', { unique: true });
          d.createObjectStore('outcomes', { keyPath: 'key' });
          d.createObjectStore('meta');
        },
        // Another tab or the service worker opens a newer version: let it.
        blocking() {
          db.close();
          opening = null;
        },
      });
      return db;
    } catch {
      return null;
    }
  })();
  return opening;
}

// The memory fallback: same shapes, gone with the page.
const mem = {
  snapshots: new Map<string, Snapshot>(),
  outbox: new Map<number, OutboxItem>(),
  outcomes: new Map<string, Outcome>(),
  meta: new Map<string, unknown>(),
  nextId: 1,
};

/** Whether the data survives a reload (IndexedDB opened), for diagnostics and tests. */
export async function isPersistent(): Promise<boolean> {
  return (await database()) !== null;
}

// ---- snapshots ----

const LAST_SYNC = 'lastSync';

/** Saves the answer of a read; also records the time of the last successful sync. */
export async function putSnapshot<T>(
  id: string,
  data: T,
  owner: string | null = null,
  savedAt = Date.now(),
): Promise<void> {
  const snap: Snapshot = { id, data, savedAt, owner };
  const db = await database();
  if (!db) {
    mem.snapshots.set(id, snap);
    mem.meta.set(LAST_SYNC, savedAt);
    return;
  }
  try {
    const tx = db.transaction(['snapshots', 'meta'], 'readwrite');
    await Promise.all([tx.objectStore('snapshots').put(snap), tx.objectStore('meta').put(savedAt, LAST_SYNC), tx.done]);
  } catch {
    // Quota or a closing database: the copy is a convenience, the screen already has the data.
  }
}

/** The saved answer of a read, if any; per-visitor data only for the same visitor. */
export async function getSnapshot<T>(id: string, owner: string | null = null): Promise<Snapshot<T> | null> {
  const db = await database();
  let snap: Snapshot | undefined;
  try {
    snap = db ? await db.get('snapshots', id) : mem.snapshots.get(id);
  } catch {
    snap = undefined;
  }
  if (!snap || snap.owner !== owner) return null;
  return snap as Snapshot<T>;
}

/** Rewrites a saved answer in place (say, a coupon now used today); no-op when none. */
export async function updateSnapshot<T>(id: string, owner: string | null, change: (data: T) => T): Promise<void> {
  const snap = await getSnapshot<T>(id, owner);
  if (!snap) return;
  const next: Snapshot = { ...snap, data: change(snap.data) };
  const db = await database();
  if (!db) mem.snapshots.set(id, next);
  else await db.put('snapshots', next).catch(() => undefined);
}

/** Forgets every visitor's per-visitor data except `keepOwner`'s (sign-out, another visitor). */
export async function forgetOtherVisitors(keepOwner: string | null): Promise<void> {
  const db = await database();
  if (!db) {
    for (const [id, s] of mem.snapshots) if (s.owner !== null && s.owner !== keepOwner) mem.snapshots.delete(id);
    return;
  }
  const tx = db.transaction('snapshots', 'readwrite');
  for await (const cursor of tx.store) {
    const owner = cursor.value.owner;
    if (owner !== null && owner !== keepOwner) await cursor.delete();
  }
  await tx.done;
}

/** Epoch ms of the last successful read saved here, or null. */
export async function lastSyncAt(): Promise<number | null> {
  const db = await database();
  const v = db ? await db.get('meta', LAST_SYNC).catch(() => undefined) : mem.meta.get(LAST_SYNC);
  return typeof v === 'number' ? v : null;
}

// ---- outbox ----

/** Queues a request; a second call with the same key keeps the first. @returns the item's id */
export async function addToOutbox(item: Omit<OutboxItem, 'id'>): Promise<number> {
  const db = await database();
  if (!db) {
    for (const [id, v] of mem.outbox) if (v.key === item.key) return id;
    const id = mem.nextId++;
    mem.outbox.set(id, { ...item, id });
    return id;
  }
  const tx = db.transaction('outbox', 'readwrite');
  const existing = await tx.store.index('byKey').getKey(item.key);
  const id = existing ?? (await tx.store.add(item as OutboxItem));
  await tx.done;
  return id;
}

/** Removes the queued requests that `match` picks (a later favourite toggle replaces an earlier one). */
export async function dropFromOutbox(match: (item: OutboxItem) => boolean): Promise<void> {
  const db = await database();
  if (!db) {
    for (const [id, v] of mem.outbox) if (match(v)) mem.outbox.delete(id);
    return;
  }
  const tx = db.transaction('outbox', 'readwrite');
  for await (const cursor of tx.store) if (match(cursor.value)) await cursor.delete();
  await tx.done;
}

/** Every queued request in press order. */
export async function listOutbox(): Promise<OutboxItem[]> {
  const db = await database();
  if (!db) return [...mem.outbox.values()].sort((a, b) => a.id! - b.id!);
  return db.getAll('outbox').catch(() => []);
}

/** Records a try of a queued request that got no final answer. */
export async function noteAttempt(id: number, at: string): Promise<void> {
  const db = await database();
  if (!db) {
    const v = mem.outbox.get(id);
    if (v) mem.outbox.set(id, { ...v, attempts: v.attempts + 1, lastTriedAt: at });
    return;
  }
  const tx = db.transaction('outbox', 'readwrite');
  const v = await tx.store.get(id);
  if (v) await tx.store.put({ ...v, attempts: v.attempts + 1, lastTriedAt: at });
  await tx.done;
}

/** Removes a queued request and stores the server's final answer, in one transaction. */
export async function settleOutboxItem(id: number, outcome: Outcome): Promise<void> {
  const db = await database();
  if (!db) {
    mem.outbox.delete(id);
    mem.outcomes.set(outcome.key, outcome);
    return;
  }
  const tx = db.transaction(['outbox', 'outcomes'], 'readwrite');
  await Promise.all([tx.objectStore('outbox').delete(id), tx.objectStore('outcomes').put(outcome), tx.done]);
}

// ---- outcomes ----

export async function listOutcomes(): Promise<Outcome[]> {
  const db = await database();
  const all = db ? await db.getAll('outcomes').catch(() => []) : [...mem.outcomes.values()];
  return all.sort((a, b) => a.at.localeCompare(b.at));
}

/** The visitor has seen these notices. */
export async function markOutcomesSeen(keys: string[]): Promise<void> {
  const db = await database();
  if (!db) {
    for (const k of keys) {
      const v = mem.outcomes.get(k);
      if (v) mem.outcomes.set(k, { ...v, seen: true });
    }
    return;
  }
  const tx = db.transaction('outcomes', 'readwrite');
  for (const k of keys) {
    const v = await tx.store.get(k);
    if (v) await tx.store.put({ ...v, seen: true });
  }
  await tx.done;
}

/** Drops outcomes older than `maxAgeMs` (kept a while so a screen opened later still shows them). */
export async function pruneOutcomes(maxAgeMs: number, now = Date.now()): Promise<void> {
  const db = await database();
  const old = (await listOutcomes()).filter((o) => now - Date.parse(o.at) > maxAgeMs).map((o) => o.key);
  if (!db) {
    old.forEach((k) => mem.outcomes.delete(k));
    return;
  }
  const tx = db.transaction('outcomes', 'readwrite');
  await Promise.all([...old.map((k) => tx.store.delete(k)), tx.done]);
}
