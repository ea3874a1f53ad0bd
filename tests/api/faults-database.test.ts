import knexFactory from 'knex';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbTimeouts } from '../../server/src/config';
import { createDb, knexConfig, type Db } from '../../server/src/db/knex';
import { errorCode, expectError, request } from '../helpers/api';
import { testApp } from '../helpers/app';
import { createTestDb, testDialect } from '../helpers/db';
import { createCampaign, createCoupon, createSpot, createVisitor } from '../helpers/factories';

/**
 * Issue 17, section 3: a database that cannot answer now answers 503 DATABASE_UNAVAILABLE
 * with Retry-After, quickly, never 500; the app recovers by itself once it is back; a held
 * table lock makes a blocked write answer 503 within its lock timeout while reads of other
 * tables go on. Every fault is caused for real: a TCP proxy in front of PostgreSQL that the
 * test closes and opens again, backends terminated with pg_terminate_backend, a second
 * connection that holds `LOCK TABLE` (PostgreSQL) or the write lock of the SQLite file.
 */

/** Short timeouts, so each fault shows in well under a second. */
const FAST: DbTimeouts = { statementMs: 2_000, lockMs: 300, acquireMs: 1_000, connectMs: 1_000, sqliteBusyMs: 200 };
const quiet = () => undefined;

type Fixture = { couponId: number; spot: { lat: number; lng: number } };

/** A spot, a coupon there and a running rally, for 'mark as used' calls. */
async function fixture(db: Db): Promise<Fixture> {
  const spot = await createSpot(db, { name: '熊本城前の店', rangeM: 500 });
  const couponId = await createCoupon(db, { spotIds: [spot.id], title: 'ランチ10%オフ' });
  await createCampaign(db);
  return { couponId, spot };
}

type App = Parameters<typeof request>[0];
let keySeq = 0;
const nextKey = () => `fault-key-${(keySeq += 1).toString().padStart(6, '0')}`;

/** A visitor's 'mark as used' at the spot, under an Idempotency-Key. */
const press = (app: App, f: Fixture, auth: string, key: string) =>
  request(app)
    .put(`/api/coupons/qr/${f.couponId}`)
    .set('Authorization', auth)
    .set('Idempotency-Key', key)
    .send({ lat: f.spot.lat, long: f.spot.lng });

/** One 'mark as used' of a fresh visitor. */
const markUsed = async (app: App, db: Db, f: Fixture) => press(app, f, (await createVisitor(db)).auth, nextKey());

/** The connection string of a PostgreSQL test database's Knex. */
const urlOf = (db: Db) => (db.client.config.connection as { connectionString: string }).connectionString;

const nearby = (app: App, f: Fixture) =>
  request(app).get(`/api/coupons/get/nearby/spot/list?lat=${f.spot.lat}&long=${f.spot.lng}&cid=${f.couponId}`);

function expectUnavailable(r: { status: number; body: unknown; headers: Record<string, string | undefined> }) {
  expectError(r, 503, 'DATABASE_UNAVAILABLE');
  expect(r.headers['retry-after']).toBe('5');
}

if (testDialect() !== 'pg')
  console.info(
    'faults-database.test: the outage, request-deadline and terminated-backend tests need a PostgreSQL server: api-postgres pass only',
  );

describe.skipIf(testDialect() !== 'pg')('PostgreSQL stopped and back (through a TCP proxy the test controls)', () => {
  let direct: Db;
  let destroy: () => Promise<void>;
  let proxied: Db;
  let proxy: Server | null = null;
  let proxyPort = 0;
  const links = new Set<Socket>();
  let f: Fixture;
  let pg: { host: string; port: number };

  /** Opens the proxy (on its former port after the first time): the database is back. */
  async function openProxy() {
    proxy = createServer((client) => {
      const server = connect(pg.port, pg.host);
      for (const s of [client, server]) {
        links.add(s);
        s.on('close', () => links.delete(s));
        s.on('error', () => (s === client ? server : client).destroy());
      }
      client.pipe(server).pipe(client);
    });
    await new Promise<void>((ok) => proxy!.listen(proxyPort, '127.0.0.1', ok));
    proxyPort = (proxy.address() as AddressInfo).port;
  }
  /** Refuses new connections and cuts the open ones: the database is down. */
  async function closeProxy() {
    const closed = new Promise((ok) => proxy!.close(ok));
    for (const s of links) s.destroy();
    await closed;
    proxy = null;
  }

  beforeAll(async () => {
    let url: string | undefined;
    ({ db: direct, destroy, url } = await createTestDb());
    f = await fixture(direct);
    const target = new URL(url!);
    pg = { host: target.hostname, port: Number(target.port || 5432) };
    await openProxy();
    target.hostname = '127.0.0.1';
    target.port = String(proxyPort);
    proxied = knexFactory({
      ...knexConfig({ client: 'pg', url: target.toString(), timeouts: FAST }),
      // The cut connections' errors are the point here, not news.
      log: { warn: quiet, error: quiet, debug: quiet, deprecate: quiet },
    });
  });
  afterAll(async () => {
    if (proxy) await closeProxy();
    await proxied.destroy();
    await destroy();
  });

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After while it is down, and recovers by itself', async () => {
    const { app } = testApp(proxied);
    expect((await nearby(app, f)).status).toBe(200);
    expect((await markUsed(app, direct, f)).status).toBe(200);

    await closeProxy(); // open pool connections cut, new ones refused
    const down = await Promise.all([
      ...Array.from({ length: 10 }, () => nearby(app, f)),
      ...Array.from({ length: 10 }, () => markUsed(app, direct, f)),
      request(app).get('/api/coupons/list/search'),
    ]);
    for (const r of down) expectUnavailable(r);

    await openProxy();
    // Connections cut while idle may still be in the pool: each is found broken once, then dropped.
    const after: string[] = [];
    for (let i = 0; i < 30 && after.filter((a) => a === '200').length < 10; i++) {
      const r = await nearby(app, f);
      after.push(r.status === 200 ? '200' : `${r.status} ${errorCode(r)}`);
    }
    expect(after.slice(-10)).toEqual(Array(10).fill('200'));
    expect(after.filter((a) => a !== '200' && a !== '503 DATABASE_UNAVAILABLE')).toEqual([]);
    expect((await markUsed(app, direct, f)).status).toBe(200);
  });
});

describe('a held lock', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let f: Fixture;
  const dir = mkdtempSync(join(tmpdir(), 'passport-lock-'));

  beforeAll(async () => {
    // SQLite: a file, so that a second connection can hold its write lock.
    ({ db, destroy } = await createTestDb({ timeouts: FAST, sqliteFile: join(dir, 'app.sqlite3') }));
    f = await fixture(db);
  });
  afterAll(async () => {
    await destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Runs `during` while another connection holds the lock a 'mark as used' needs: PostgreSQL
   * `LOCK TABLE redemptions`, or SQLite's write lock of the file (an immediate transaction).
   */
  async function whileLocked(during: () => Promise<void>) {
    const holder =
      testDialect() === 'pg'
        ? knexFactory({ ...knexConfig({ client: 'pg', url: urlOf(db) }), pool: { min: 0, max: 1 } })
        : createDb({ client: 'sqlite', file: join(dir, 'app.sqlite3') });
    const trx = await holder.transaction();
    try {
      if (testDialect() === 'pg') await trx.raw('lock table redemptions in access exclusive mode');
      await during();
    } finally {
      await trx.rollback();
      await holder.destroy();
    }
  }

  it('a blocked write answers 503 DATABASE_UNAVAILABLE after the lock timeout; reads of other tables keep answering', async () => {
    const { app } = testApp(db);
    const visitor = await createVisitor(db);
    await whileLocked(async () => {
      const [write, ...reads] = await Promise.all([
        press(app, f, visitor.auth, 'held-lock-key-000001'),
        ...Array.from({ length: 5 }, () => nearby(app, f)),
        request(app).get('/api/faqs/front/list/category'),
      ]);
      expectUnavailable(write!);
      for (const r of reads) expect(r.status).toBe(200);
    });
    // Nothing was stored, and the same press goes through once the lock is gone.
    expect(Number((await db('redemptions').where({ user_id: visitor.id }).count({ n: '*' }))[0]?.n)).toBe(0);
    expect((await press(app, f, visitor.auth, 'held-lock-key-000001')).status).toBe(200);
  });

  it('an exhausted pool answers 503 DATABASE_UNAVAILABLE after the acquire timeout, and serves once freed', async () => {
    const { app } = testApp(db);
    // Every connection of the pool busy in a transaction of its own.
    const held = await Promise.all(Array.from({ length: db.client.pool.max }, () => db.transaction()));
    try {
      const answers = await Promise.all([nearby(app, f), request(app).get('/api/coupons/list/search')]);
      for (const r of answers) expectUnavailable(r);
    } finally {
      await Promise.all(held.map((trx) => trx.rollback()));
    }
    expect((await nearby(app, f)).status).toBe(200);
  });

  describe.skipIf(testDialect() !== 'pg')('with the default timeouts (lock 3 s)', () => {
    let patient: Db;
    beforeAll(
      () =>
        void (patient = knexFactory({
          ...knexConfig({ client: 'pg', url: urlOf(db) }),
          log: { warn: quiet, error: quiet, debug: quiet, deprecate: quiet },
        })),
    );
    afterAll(() => patient.destroy());

    it('a request still waiting at the request deadline answers 503; a retry with its key gets the stored answer', async () => {
      const { app } = testApp(patient, { config: { requestTimeoutMs: 300 } });
      const visitor = await createVisitor(db);
      await whileLocked(async () => expectUnavailable(await press(app, f, visitor.auth, 'deadline-key-000001')));
      // The write went on once the lock was released: the retry answers what it stored, once.
      const retry = await press(app, f, visitor.auth, 'deadline-key-000001');
      expect(retry.status).toBe(200);
      const again = await press(app, f, visitor.auth, 'deadline-key-000001');
      expect(again.body).toEqual(retry.body);
      expect(Number((await db('redemptions').where({ user_id: visitor.id }).count({ n: '*' }))[0]?.n)).toBe(1);
      expect(Number((await db('stamps').where({ user_id: visitor.id }).count({ n: '*' }))[0]?.n)).toBe(1);
    });

    it('a write whose backend is terminated (57P01) answers 503, and the next request is served', async () => {
      const { app } = testApp(patient);
      const admin = knexFactory({ client: 'pg', connection: process.env.TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
      const dbName = new URL(urlOf(db)).pathname.slice(1);
      try {
        await whileLocked(async () => {
          const pending = markUsed(app, db, f);
          // Once the write waits for the lock, end its backend as an administrator would.
          let terminated = 0;
          for (let i = 0; i < 100 && terminated === 0; i++) {
            const r = await admin.raw(
              `select pg_terminate_backend(pid) as ok from pg_stat_activity
               where datname = ? and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
              [dbName],
            );
            terminated = r.rows.length;
            if (!terminated) await new Promise((ok) => setTimeout(ok, 20));
          }
          expect(terminated).toBe(1);
          expectUnavailable(await pending);
        });
      } finally {
        await admin.destroy();
      }
      expect((await markUsed(app, db, f)).status).toBe(200);
    });
  });
});
