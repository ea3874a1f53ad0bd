import knexFactory from 'knex';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../helpers/api';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';

/**
 * GET /api/health (liveness) and GET /api/ready (readiness: database reachable, migrations
 * current), issue 11: what the image's HEALTHCHECK and compose ask. Each failure is caused for
 * real: a migration rolled back, a closed connection pool, a server that never answers.
 */
describe('health and readiness', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  beforeAll(async () => ({ db, destroy } = await createTestDb()));
  afterAll(() => destroy());

  it('health answers ok without asking the database', async () => {
    const r = await request(testApp(db).app).get('/api/health');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { status: 'ok' } });
  });

  it('ready answers ok on a migrated database, never from a cache', async () => {
    const r = await request(testApp(db).app).get('/api/ready');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { status: 'ok' } });
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('ready answers 503 MIGRATIONS_PENDING while a migration has not run, and ok once it has', async () => {
    const [, rolledBack] = await db.migrate.down();
    expect(rolledBack).toHaveLength(1);
    try {
      const r = await request(testApp(db).app).get('/api/ready');
      expect(r.status).toBe(503);
      expect(r.body.error.code).toBe('MIGRATIONS_PENDING');
      expect(r.body.error.message).toBe(
        'データベースの更新が終わっていません。しばらくしてからもう一度お試しください。',
      );
      expect(r.body.error.details).toBeUndefined(); // migration names stay in the log
      expect(r.headers['retry-after']).toBe('5');
    } finally {
      await db.migrate.latest();
    }
    expect((await request(testApp(db).app).get('/api/ready')).status).toBe(200);
  });

  it('ready answers 503 DATABASE_UNAVAILABLE once the connection pool is closed; health still answers', async () => {
    const closed = await createTestDb();
    const { app } = testApp(closed.db);
    await closed.destroy();
    const r = await request(app).get('/api/ready').set('x-lang', 'en');
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe('DATABASE_UNAVAILABLE');
    expect(r.body.error.message).toBe('The database cannot be reached. Please try again shortly.');
    expect(r.headers['retry-after']).toBe('5');
    expect((await request(app).get('/api/health')).body).toEqual({ data: { status: 'ok' } });
  });
});

describe('readiness against a database server that never answers', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  let db: Db;
  beforeAll(async () => {
    // Accepts connections and says nothing: PostgreSQL's client would wait for ever.
    silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
    const { port } = silent.address() as AddressInfo;
    // Its pending connection is aborted at the end, which knex would log as an error.
    const quiet = () => undefined;
    db = knexFactory({
      client: 'pg',
      connection: `postgres://u:p@127.0.0.1:${port}/none`,
      pool: { min: 0, max: 1 },
      log: { warn: quiet, error: quiet, debug: quiet, deprecate: quiet },
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((ok) => silent.close(ok));
    await db.destroy();
  });

  it('answers 503 DATABASE_UNAVAILABLE after its timeout instead of hanging', async () => {
    const r = await request(testApp(db).app).get('/api/ready');
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe('DATABASE_UNAVAILABLE');
    expect(sockets.size).toBe(1); // the connection was tried, and is still unanswered
  });
});
