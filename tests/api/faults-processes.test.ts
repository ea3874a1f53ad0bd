import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../server/src/db/knex';
import { jstDate } from '../../server/src/db/dialect';
import { checkAnswer, errorCode } from '../helpers/api';
import { createTestDb, testDialect } from '../helpers/db';
import { createCampaign, createCoupon, createSpot, createVisitor } from '../helpers/factories';

/**
 * Issue 17, section 3, measured from outside: the real server (`server/src/main.ts`) as
 * processes, on an SQLite file or a PostgreSQL database:
 * - 300 parallel 'mark as used' on two workers: no 5xx, no double redemption, each with its
 *   stamp (SQLite: immediate transactions and busy_timeout);
 * - a rolling restart (SIGTERM to one of two workers) under a burst loses no request;
 * - SIGKILL of every process mid-burst of 'mark as used': after a restart every acknowledged
 *   redemption is stored with exactly one stamp, and a retry with its Idempotency-Key gets the
 *   stored answer;
 * - SIGTERM mid-burst of 200 to a single process: every request already sent is answered,
 *   then it exits 0.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const JWT_SECRET = 'test-jwt-secret-0123456789';

type LogLine = { pid: number; msg: string; port?: number; worker?: number; code?: number | null };

/** A started server: its processes' log lines, its port, and a way to wait for a line. */
type Running = {
  proc: ChildProcess;
  port: number;
  lines: LogLine[];
  waitFor: (match: (l: LogLine) => boolean, what: string, timeoutMs?: number) => Promise<LogLine>;
  listening: () => Set<number>;
  exited: Promise<number | null>;
};

/** Starts main.ts with `workers` processes and waits until every one listens. */
async function startServer(env: Record<string, string>, workers: number): Promise<Running> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    // Its own process group: SIGKILL reaches the primary and its workers at once.
    detached: true,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: '0',
      JWT_SECRET,
      AUTO_SEED: 'false',
      WEB_CONCURRENCY: String(workers),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: LogLine[] = [];
  let rest = '';
  proc.stdout!.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) if (part.startsWith('{')) lines.push(JSON.parse(part) as LogLine);
  });
  const exited = new Promise<number | null>((ok) => proc.once('exit', (code) => ok(code)));
  const waitFor = (match: (l: LogLine) => boolean, what: string, timeoutMs = 60_000) =>
    new Promise<LogLine>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`timed out waiting for ${what}`)), timeoutMs);
      const check = () => {
        const found = lines.find(match);
        if (!found) return void setTimeout(check, 20);
        clearTimeout(timer);
        ok(found);
      };
      check();
    });
  const listening = () => new Set(lines.filter((l) => l.msg.startsWith('listening on')).map((l) => l.pid));
  await waitFor(() => listening().size === workers, `${workers} processes listening`);
  const port = (await waitFor((l) => l.port !== undefined, 'a port')).port!;
  return { proc, port, lines, waitFor, listening, exited };
}

/** What became of one request: its answer, or the error and whether it had been sent. */
type Outcome = { status: number; code?: string; body: unknown } | { error: string; sent: boolean };

/**
 * One request. `sent` means it was written to a connected socket: a request whose connection
 * was refused was never sent, one reset after it was sent is lost. Answers are checked
 * against the route table like every API test's.
 */
function call(
  port: number,
  method: string,
  path: string,
  opts: { body?: unknown; headers?: Record<string, string>; agent?: Agent | false } = {},
): Promise<Outcome> {
  return new Promise((done) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    let connected = false;
    let finished = false;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: opts.agent ?? false,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const answer = {
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string | undefined>,
            text,
            body: (res.headers['content-type'] ?? '').startsWith('application/json') ? JSON.parse(text) : {},
          };
          checkAnswer(method, path, answer);
          done({ status: answer.status, code: errorCode(answer), body: answer.body });
        });
      },
    );
    req.on('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else socket.once('connect', () => (connected = true));
    });
    req.on('finish', () => (finished = true));
    req.on('error', (err: NodeJS.ErrnoException) =>
      done({ error: err.code ?? err.message, sent: connected && finished }),
    );
    req.end(payload);
  });
}

const statusOf = (o: Outcome) =>
  'status' in o ? (o.status < 400 ? String(o.status) : `${o.status} ${o.code}`) : o.error;
const tally = (outcomes: Outcome[]) =>
  outcomes.map(statusOf).reduce<Record<string, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

describe(`the server as processes on ${testDialect() === 'pg' ? 'PostgreSQL' : 'an SQLite file'}`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'passport-faults-'));
  let db: Db;
  let destroy: () => Promise<void>;
  let serverEnv: Record<string, string>;
  let server: Running | null = null;
  let spot: { id: number; lat: number; lng: number };
  let couponId: number;
  const nowMs = Date.now();
  let keySeq = 0;
  const nextKey = () => `proc-key-${(keySeq += 1).toString().padStart(6, '0')}`;

  beforeAll(async () => {
    serverEnv = {
      UPLOAD_DIR: join(dir, 'uploads'),
      CLIENT_DIST: join(dir, 'dist'),
      // Waits are not under test here (faults-database.test.ts tests them): on a machine loaded
      // by other jobs a burst of 300 may queue for the pool longer than the 5 s default.
      DB_ACQUIRE_TIMEOUT_MS: '60000',
      DB_LOCK_TIMEOUT_MS: '60000',
      DB_STATEMENT_TIMEOUT_MS: '60000',
      SQLITE_BUSY_TIMEOUT_MS: '60000',
      REQUEST_TIMEOUT_MS: '120000',
    };
    if (testDialect() === 'pg') {
      let url: string | undefined;
      ({ db, destroy, url } = await createTestDb());
      serverEnv.DATABASE_URL = url!;
    } else {
      const file = join(dir, 'app.sqlite3');
      db = createDb({ client: 'sqlite', file });
      await db.migrate.latest();
      destroy = () => db.destroy();
      serverEnv.SQLITE_FILE = file;
    }
    // Valid today whatever today is: the server runs on the real clock.
    const day = (offsetDays: number) => jstDate(new Date(nowMs + offsetDays * 86_400_000));
    spot = await createSpot(db, { name: '熊本城前の店', rangeM: 500 });
    couponId = await createCoupon(db, { spotIds: [spot.id], validFrom: day(-30), validTo: day(30) });
    await createCampaign(db, { startsOn: day(-30), endsOn: day(30) });
    server = await startServer(serverEnv, 2);
  }, 120_000);

  afterAll(async () => {
    if (server && server.proc.exitCode === null) process.kill(-server.proc.pid!, 'SIGKILL');
    await destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const visitors = (n: number) => Promise.all(Array.from({ length: n }, () => createVisitor(db, { nowMs })));
  const markUsed = (port: number, auth: string, key: string) =>
    call(port, 'PUT', `/api/coupons/qr/${couponId}`, {
      body: { lat: spot.lat, long: spot.lng },
      headers: { authorization: auth, 'idempotency-key': key },
    });
  const count = async (table: string, userIds: number[]) =>
    Number((await db(table).whereIn('user_id', userIds).count({ n: '*' }))[0]?.n);

  it('300 parallel mark as used on two workers: no 5xx, one redemption and one stamp per visitor', async () => {
    const people = await visitors(150);
    // Each visitor presses twice with two keys, as two taps would: one wins, one is refused.
    const outcomes = await Promise.all(
      people.flatMap((v) => [markUsed(server!.port, v.auth, nextKey()), markUsed(server!.port, v.auth, nextKey())]),
    );
    expect(tally(outcomes)).toEqual({ '200': 150, '409 ALREADY_USED_TODAY': 150 });
    const ids = people.map((v) => v.id);
    expect(await count('redemptions', ids)).toBe(150);
    expect(await count('stamps', ids)).toBe(150);
    // Both workers served them.
    expect(server!.listening().size).toBe(2);
  }, 120_000);

  it('a rolling restart of one of two workers under a burst loses no request', async () => {
    const s = server!;
    const [victim] = [...s.listening()];
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    let answered = 0;
    const burst = Array.from({ length: 300 }, (_, i) =>
      // Half on keep-alive connections, half each on a connection of its own.
      call(s.port, 'GET', `/api/coupons/get/nearby/spot/list?lat=${spot.lat}&long=${spot.lng}&cid=${couponId}`, {
        agent: i % 2 === 0 ? agent : false,
      }).then((o) => {
        answered += 1;
        return o;
      }),
    );
    while (answered < 60) await sleep(5);
    process.kill(victim!, 'SIGTERM');
    const outcomes = await Promise.all(burst);
    agent.destroy();
    expect(tally(outcomes)).toEqual({ '200': 300 });
    const stopped = await s.waitFor(
      (l) => l.msg === 'worker stopped; starting another' && l.worker === victim,
      'the stopped worker to exit and be replaced',
      30_000,
    );
    expect(stopped.code).toBe(0);
    await s.waitFor(() => s.listening().size === 3, 'its replacement listening', 60_000);
  }, 150_000);

  it('SIGKILL mid-burst of mark as used: every acknowledged redemption is stored with one stamp, and its key answers it again', async () => {
    const s = server!;
    const people = await visitors(200);
    const keys = people.map(() => nextKey());
    let answered = 0;
    const burst = people.map((v, i) =>
      markUsed(s.port, v.auth, keys[i]!).then((o) => {
        answered += 1;
        return o;
      }),
    );
    while (answered < 40) await sleep(2);
    process.kill(-s.proc.pid!, 'SIGKILL');
    const outcomes = await Promise.all(burst);
    await s.exited;
    server = null;
    // No answer was an error of the server: each was a success, or the connection died.
    const acknowledged = outcomes.flatMap((o, i) => ('status' in o && o.status === 200 ? [i] : []));
    expect(outcomes.filter((o) => 'status' in o && o.status !== 200)).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    server = await startServer(serverEnv, 1);
    for (const i of acknowledged) {
      const body = (outcomes[i] as { body: { data: { redemption: { id: number }; stamp: unknown } } }).body;
      const stamps = await db('stamps').where({ redemption_id: body.data.redemption.id });
      expect(stamps).toHaveLength(1);
      expect(body.data.stamp).not.toBeNull();
      const retry = await markUsed(server.port, people[i]!.auth, keys[i]!);
      expect(retry).toEqual(outcomes[i]);
    }
    // Not one redemption anywhere without its stamp, nor two for one visitor.
    const ids = people.map((v) => v.id);
    const redemptions = await db('redemptions').whereIn('user_id', ids).select('id', 'user_id');
    expect(new Set(redemptions.map((r: { user_id: number }) => r.user_id)).size).toBe(redemptions.length);
    expect(await count('stamps', ids)).toBe(redemptions.length);
    // The unanswered presses, sent again with their keys, are each stored exactly once.
    const unanswered = people.flatMap((_, i) => (acknowledged.includes(i) ? [] : [i]));
    const retried = await Promise.all(unanswered.map((i) => markUsed(server!.port, people[i]!.auth, keys[i]!)));
    expect(tally(retried)).toEqual({ '200': unanswered.length });
    expect(await count('redemptions', ids)).toBe(200);
    expect(await count('stamps', ids)).toBe(200);
  }, 180_000);

  it('SIGTERM mid-burst of 200 to a single process: every request already sent is answered, then exit 0', async () => {
    const s = server!;
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    const path = `/api/coupons/get/nearby/spot/list?lat=${spot.lat}&long=${spot.lng}&cid=${couponId}`;
    // Open the connections first: the burst then goes out on them.
    await Promise.all(Array.from({ length: 20 }, () => call(s.port, 'GET', path, { agent })));
    let answered = 0;
    const burst = Array.from({ length: 200 }, () =>
      call(s.port, 'GET', path, { agent }).then((o) => {
        answered += 1;
        return o;
      }),
    );
    while (answered < 30) await sleep(2);
    s.proc.kill('SIGTERM');
    const outcomes = await Promise.all(burst);
    agent.destroy();
    // Answered, or never sent (its new connection refused once the server stopped listening).
    const lost = outcomes.filter((o) => 'error' in o && o.sent);
    expect(lost).toEqual([]);
    for (const o of outcomes) expect(statusOf(o)).toMatch(/^(200|ECONNREFUSED)$/);
    expect(outcomes.filter((o) => 'status' in o).length).toBeGreaterThanOrEqual(30);
    expect(await s.exited).toBe(0);
    server = null;
  }, 120_000);
});
