import { listOutbox, noteAttempt, settleOutboxItem, type Outcome, type OutboxItem } from './offline-store';

/**
 * Replays the queue of pending requests (issue 5), from the page and from the service
 * worker (Background Sync), so it imports nothing of the DOM or React.
 *
 * In press order, each request is sent exactly as stored: the same Idempotency-Key and body,
 * so a request that had already arrived answers what it answered then and changes nothing.
 * - 2xx: done, the item leaves the queue and its answer is kept as an outcome;
 * - a final refusal (409 already used, 422 not nearby, 404, 400...): the item leaves the
 *   queue and the server's localised message is kept for the visitor;
 * - no network, 5xx, 429 or 401 (sign in again): the item stays and the replay stops there,
 *   so later presses never overtake it.
 */

/** Background Sync tag and BroadcastChannel name shared by the page and the service worker. */
export const OUTBOX_SYNC_TAG = 'passport-outbox';
export const OFFLINE_CHANNEL = 'passport-offline';
/** Web Locks name: one replay at a time across tabs and the service worker. */
const LOCK = 'passport-outbox-replay';

export type ChannelMessage = { type: 'outbox-changed' };

export type ReplayEnv = {
  fetch: typeof fetch;
  /** The bearer token to send for this item's visitor: the page's current one, or the stored one. */
  tokenFor: (item: OutboxItem) => string | null;
  /** Called on a 401: the page forgets its token. */
  onUnauthorized?: () => void;
  now?: () => Date;
};

export type ReplayResult = { sent: number; settled: Outcome[]; stopped: null | 'network' | 'server' | 'signin' };

type AnswerBody = { data?: unknown; error?: { code?: unknown; message?: unknown } };

const FINAL = (status: number) => status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;

async function replayUnlocked(env: ReplayEnv): Promise<ReplayResult> {
  const now = env.now ?? (() => new Date());
  const result: ReplayResult = { sent: 0, settled: [], stopped: null };
  for (const item of await listOutbox()) {
    const token = env.tokenFor(item);
    if (!token) {
      result.stopped = 'signin';
      break;
    }
    let res: Response;
    try {
      res = await env.fetch(`/api${item.path}`, {
        method: item.method,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          Authorization: `Bearer ${token}`,
          'Idempotency-Key': item.key,
          'x-lang': item.locale,
        },
        body: JSON.stringify(item.body),
        credentials: 'same-origin',
        cache: 'no-store',
      });
    } catch {
      await noteAttempt(item.id!, now().toISOString());
      result.stopped = 'network';
      break;
    }
    result.sent++;
    let body: AnswerBody | null = null;
    try {
      body = (await res.json()) as AnswerBody;
    } catch {
      body = null;
    }
    if (res.ok || FINAL(res.status)) {
      const outcome: Outcome = {
        key: item.key,
        owner: item.owner,
        ref: item.ref,
        status: res.ok ? 'done' : 'refused',
        httpStatus: res.status,
        code: typeof body?.error?.code === 'string' ? body.error.code : null,
        message: typeof body?.error?.message === 'string' ? body.error.message : null,
        data: res.ok ? (body?.data ?? null) : null,
        createdAt: item.createdAt,
        at: now().toISOString(),
        // A favourite needs no notice: the heart shows the state (refused: the list's next read corrects it).
        seen: item.ref.kind === 'favorite',
      };
      await settleOutboxItem(item.id!, outcome);
      result.settled.push(outcome);
      continue;
    }
    await noteAttempt(item.id!, now().toISOString());
    if (res.status === 401) {
      env.onUnauthorized?.();
      result.stopped = 'signin';
    } else {
      result.stopped = 'server';
    }
    break;
  }
  return result;
}

let running: Promise<ReplayResult> | null = null;

/**
 * Sends the queue once (one run at a time in this context; across contexts through the Web
 * Locks API where it exists, and in any case harmless thanks to the idempotency keys), then
 * tells every tab that the queue changed.
 */
export function replayOutbox(env: ReplayEnv): Promise<ReplayResult> {
  running ??= (async () => {
    try {
      const locks = (globalThis.navigator as Navigator | undefined)?.locks;
      const result = locks ? await locks.request(LOCK, () => replayUnlocked(env)) : await replayUnlocked(env);
      if (result.settled.length > 0 || result.sent > 0) announce();
      return result;
    } finally {
      running = null;
    }
  })();
  return running;
}

/** Tells every page (and the service worker) of this origin that the queue or outcomes changed. */
export function announce(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const ch = new BroadcastChannel(OFFLINE_CHANNEL);
  ch.postMessage({ type: 'outbox-changed' } satisfies ChannelMessage);
  ch.close();
}
