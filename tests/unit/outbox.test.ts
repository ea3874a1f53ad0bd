import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '../../client/src/lib/offline-store';
import { createDb, DEFAULT_DB_TIMEOUTS, type Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCoupon, createSpot, createVisitor, northOf } from '../helpers/factories';

/**
 * The offline queue (client/src/lib/offline-store + outbox, issue 5) on fake-indexeddb, each
 * test on a database of its own, replayed against the real API on a real port: press order
 * kept, replay in order, a network failure keeps the item and stops there, a final refusal
 * removes the item and keeps the server's answer, a retry sends the same Idempotency-Key,
 * and the queue outlives a reload (new module instances over the same database). The server's
 * database is an SQLite file, so that a second connection can hold its write lock: the
 * server then answers 503 DATABASE_UNAVAILABLE, for real.
 */

/** A page load: fresh instances of the client modules over the current IndexedDB. */
async function loadPage() {
  vi.resetModules();
  const store = await import('../../client/src/lib/offline-store');
  const outbox = await import('../../client/src/lib/outbox');
  return { ...store, ...outbox };
}

describe('offline queue (outbox)', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let server: Server;
  let base: string;
  let spot: { id: number; lat: number; lng: number };
  let visitor: { id: number; auth: string };
  const NOW = new Date('2026-11-21T03:00:00Z');
  let seq = 0;

  const dir = mkdtempSync(join(tmpdir(), 'passport-outbox-'));
  const file = join(dir, 'app.sqlite3');

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb({
      sqliteFile: file,
      timeouts: { ...DEFAULT_DB_TIMEOUTS, sqliteBusyMs: 100 },
    }));
    server = testApp(db).app.listen(0, '127.0.0.1');
    await new Promise((ok) => server.once('listening', ok));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    spot = await createSpot(db, { name: '熊本城前の店', rangeM: 500 });
  });
  afterAll(async () => {
    await new Promise((ok) => server.close(ok));
    await destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    globalThis.indexedDB = new IDBFactory();
    visitor = await createVisitor(db);
  });

  const token = () => visitor.auth.replace('Bearer ', '');
  const coupon = () => createCoupon(db, { spotIds: [spot.id], title: `クーポン${(seq += 1)}` });
  /** A 'mark as used' pressed offline at the shop (or `at` elsewhere). */
  const press = (couponId: number, key: string, at: { lat: number; lng: number } = spot, locale = 'ja') =>
    ({
      key,
      method: 'PUT',
      path: `/coupons/qr/${couponId}`,
      body: { lat: at.lat, long: at.lng },
      locale,
      owner: String(visitor.id),
      token: token(),
      createdAt: NOW.toISOString(),
      ref: { kind: 'markUsed', couponId, title: 'クーポン' },
      attempts: 0,
      lastTriedAt: null,
    }) satisfies Omit<OutboxItem, 'id'>;

  /** The real fetch to the test server, with each request's path and key written down. */
  function network(to = () => base) {
    const sent: { path: string; key: string | null }[] = [];
    const env = {
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        sent.push({ path: String(input), key: new Headers(init?.headers).get('Idempotency-Key') });
        return fetch(`${to()}${String(input)}`, init);
      }) as typeof fetch,
      tokenFor: (item: OutboxItem) => item.token,
      now: () => NOW,
    };
    return { env, sent };
  }
  /** An address where nothing listens: fetch fails as it does with no network. */
  async function deadAddress(): Promise<string> {
    const s = testApp(db).app.listen(0, '127.0.0.1');
    await new Promise((ok) => s.once('listening', ok));
    const { port } = s.address() as AddressInfo;
    await new Promise((ok) => s.close(ok));
    return `http://127.0.0.1:${port}`;
  }
  const redemptions = async (couponId: number) =>
    Number((await db('redemptions').where({ user_id: visitor.id, coupon_id: couponId }).count({ n: '*' }))[0]?.n);

  it('keeps press order, and a second add of one key keeps the first', async () => {
    const page = await loadPage();
    const [a, b, c] = [await coupon(), await coupon(), await coupon()];
    const first = await page.addToOutbox(press(a, 'key-a'));
    await page.addToOutbox(press(b, 'key-b'));
    await page.addToOutbox(press(c, 'key-c'));
    expect(await page.addToOutbox(press(c, 'key-a'))).toBe(first);
    expect((await page.listOutbox()).map((i) => i.key)).toEqual(['key-a', 'key-b', 'key-c']);
    expect(await page.isPersistent()).toBe(true);
  });

  it('replays in press order; each accepted item leaves the queue with its answer kept', async () => {
    const page = await loadPage();
    const ids = [await coupon(), await coupon(), await coupon()];
    for (const [i, id] of ids.entries()) await page.addToOutbox(press(id, `ordered-${i}`));
    const { env, sent } = network();
    const result = await page.replayOutbox(env);
    expect(sent).toEqual(ids.map((id, i) => ({ path: `/api/coupons/qr/${id}`, key: `ordered-${i}` })));
    expect(result).toMatchObject({ sent: 3, stopped: null });
    expect(await page.listOutbox()).toEqual([]);
    const outcomes = await page.listOutcomes();
    expect(outcomes.map((o) => [o.key, o.status, o.httpStatus])).toEqual([
      ['ordered-0', 'done', 200],
      ['ordered-1', 'done', 200],
      ['ordered-2', 'done', 200],
    ]);
    expect(outcomes[0]!.data).toMatchObject({ redemption: { couponId: ids[0], spotId: spot.id } });
    for (const id of ids) expect(await redemptions(id)).toBe(1);
  });

  it('on a network failure keeps the item, counts the try and stops: later presses never overtake it', async () => {
    const page = await loadPage();
    const [a, b] = [await coupon(), await coupon()];
    await page.addToOutbox(press(a, 'net-a'));
    await page.addToOutbox(press(b, 'net-b'));
    const dead = await deadAddress();
    const { env, sent } = network(() => dead);
    const result = await page.replayOutbox(env);
    expect(result).toEqual({ sent: 0, settled: [], stopped: 'network' });
    expect(sent.map((s) => s.key)).toEqual(['net-a']);
    const queue = await page.listOutbox();
    expect(queue.map((i) => [i.key, i.attempts, i.lastTriedAt])).toEqual([
      ['net-a', 1, NOW.toISOString()],
      ['net-b', 0, null],
    ]);
    expect(await page.listOutcomes()).toEqual([]);
    expect(await redemptions(a)).toBe(0);
  });

  it("removes an item the server refuses for good, keeps its code and message in the press's language, and goes on", async () => {
    const page = await loadPage();
    const [used, far, next] = [await coupon(), await coupon(), await coupon()];
    await page.addToOutbox(press(used, 'refused-1'));
    await page.addToOutbox(press(used, 'refused-2', spot, 'en')); // the same coupon again today
    await page.addToOutbox(press(far, 'refused-3', northOf(spot.lat, spot.lng, 20_000), 'en'));
    await page.addToOutbox(press(next, 'refused-4'));
    const result = await page.replayOutbox(network().env);
    expect(result).toMatchObject({ sent: 4, stopped: null });
    expect(await page.listOutbox()).toEqual([]);
    const byKey = Object.fromEntries((await page.listOutcomes()).map((o) => [o.key, o]));
    expect(byKey['refused-1']).toMatchObject({ status: 'done', httpStatus: 200, code: null });
    expect(byKey['refused-2']).toMatchObject({ status: 'refused', httpStatus: 409, code: 'ALREADY_USED_TODAY' });
    expect(byKey['refused-2']!.message).toMatch(/already/i);
    expect(byKey['refused-3']).toMatchObject({ status: 'refused', httpStatus: 422, code: 'NOT_NEARBY', data: null });
    expect(byKey['refused-4']).toMatchObject({ status: 'done', httpStatus: 200 });
    expect(await redemptions(used)).toBe(1);
  });

  it('keeps the item and stops on 401, and tells the page to sign in again', async () => {
    const page = await loadPage();
    const a = await coupon();
    await page.addToOutbox({ ...press(a, 'expired-token'), token: 'not-a-token' });
    const onUnauthorized = vi.fn();
    const result = await page.replayOutbox({ ...network().env, onUnauthorized });
    expect(result.stopped).toBe('signin');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect((await page.listOutbox()).map((i) => [i.key, i.attempts])).toEqual([['expired-token', 1]]);
  });

  it('keeps the item on 503 DATABASE_UNAVAILABLE and stops; sends it once the database answers again', async () => {
    const page = await loadPage();
    const [a, b] = [await coupon(), await coupon()];
    await page.addToOutbox(press(a, 'busy-key-a'));
    await page.addToOutbox(press(b, 'busy-key-b'));
    // Another connection holds the file's write lock past the server's busy timeout.
    const holder = createDb({ client: 'sqlite', file });
    const lock = await holder.transaction();
    const { env, sent } = network();
    let result: Awaited<ReturnType<typeof page.replayOutbox>>;
    try {
      result = await page.replayOutbox(env);
    } finally {
      await lock.rollback();
      await holder.destroy();
    }
    expect(result).toEqual({ sent: 1, settled: [], stopped: 'server' });
    expect((await page.listOutbox()).map((i) => [i.key, i.attempts])).toEqual([
      ['busy-key-a', 1],
      ['busy-key-b', 0],
    ]);
    expect(await redemptions(a)).toBe(0);
    const again = await page.replayOutbox(env);
    expect(again).toMatchObject({ sent: 2, stopped: null });
    expect(sent.map((s) => s.key)).toEqual(['busy-key-a', 'busy-key-a', 'busy-key-b']);
    expect(await page.listOutbox()).toEqual([]);
    expect(await redemptions(a)).toBe(1);
  });

  it('sends the same Idempotency-Key again on a retry; a press that had arrived is not counted twice', async () => {
    const page = await loadPage();
    const a = await coupon();
    await page.addToOutbox(press(a, 'retry-key'));
    const dead = await deadAddress();
    let to = dead;
    const { env, sent } = network(() => to);
    expect((await page.replayOutbox(env)).stopped).toBe('network');
    // The same press reaches the server another way (the answer to it was lost on the way back).
    const direct = await fetch(`${base}/api/coupons/qr/${a}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: visitor.auth, 'Idempotency-Key': 'retry-key' },
      body: JSON.stringify(press(a, 'retry-key').body),
    });
    expect(direct.status).toBe(200);
    to = base;
    const result = await page.replayOutbox(env);
    expect(sent.map((s) => s.key)).toEqual(['retry-key', 'retry-key']);
    expect(result.settled).toEqual([expect.objectContaining({ key: 'retry-key', status: 'done', httpStatus: 200 })]);
    expect(result.settled[0]!.data).toEqual(((await direct.json()) as { data: unknown }).data);
    expect(await redemptions(a)).toBe(1);
  });

  it('outlives a reload: a new page over the same database finds the queue and replays it', async () => {
    const before = await loadPage();
    const [a, b] = [await coupon(), await coupon()];
    await before.addToOutbox(press(a, 'reload-a'));
    await before.addToOutbox(press(b, 'reload-b'));
    const after = await loadPage();
    expect(after.listOutbox).not.toBe(before.listOutbox);
    expect((await after.listOutbox()).map((i) => i.key)).toEqual(['reload-a', 'reload-b']);
    expect((await after.replayOutbox(network().env)).sent).toBe(2);
    const again = await loadPage();
    expect(await again.listOutbox()).toEqual([]);
    expect((await again.listOutcomes()).map((o) => o.key)).toEqual(['reload-a', 'reload-b']);
  });
});
