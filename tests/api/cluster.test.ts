import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnswer, errorCode } from '../helpers/api';
import { testDialect } from '../helpers/db';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

type LogLine = {
  pid: number;
  msg: string;
  port?: number;
  worker?: number;
  req?: { path: string };
  res?: { statusCode: number };
};

/**
 * One request on its own connection (no keep-alive), so the cluster may hand it to any worker;
 * the answer is checked against the route table like every API test's, and comes back as its
 * status, with the error code after it when it failed (`429 RATE_LIMITED`).
 */
function call(port: number, method: string, path: string, body?: unknown): Promise<string> {
  return new Promise((resolveCall, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: payload ? { 'content-type': 'application/json' } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            const text = Buffer.concat(chunks).toString('utf8');
            const answer = {
              status: res.statusCode ?? 0,
              headers: res.headers as Record<string, string | undefined>,
              text,
              body: (res.headers['content-type'] ?? '').startsWith('application/json') ? JSON.parse(text) : {},
            };
            checkAnswer(method, path, answer);
            resolveCall(answer.status < 400 ? String(answer.status) : `${answer.status} ${errorCode(answer)}`);
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * `node server/src/main.ts` with WEB_CONCURRENCY=2 on a fresh SQLite file: the primary
 * migrates and seeds, two workers answer on one port and share the rate-limit counts through
 * the database, a killed worker is replaced, SIGTERM stops everything. SQLite only (the file
 * is the point; the PostgreSQL pass has nothing to add).
 */
if (testDialect() === 'pg')
  console.info(
    'cluster.test: skipped on PostgreSQL: it starts main.ts on its own SQLite file, the same on either pass',
  );
describe.skipIf(testDialect() === 'pg')('several server processes (WEB_CONCURRENCY=2)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'passport-cluster-'));
  const lines: LogLine[] = [];
  let server: ChildProcess;
  let port = 0;

  /** Resolves with the first log line (past or future) that matches. */
  const waitFor = (match: (l: LogLine) => boolean, what: string, timeoutMs = 60_000) =>
    new Promise<LogLine>((resolveWait, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
      const check = () => {
        const found = lines.find(match);
        if (!found) return setTimeout(check, 50);
        clearTimeout(timer);
        resolveWait(found);
      };
      check();
    });
  const listening = () => new Set(lines.filter((l) => l.msg.startsWith('listening on')).map((l) => l.pid));

  beforeAll(async () => {
    server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        SQLITE_FILE: join(dir, 'app.sqlite3'),
        UPLOAD_DIR: join(dir, 'uploads'),
        CLIENT_DIST: join(dir, 'dist'),
        WEB_CONCURRENCY: '2',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let rest = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString();
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      for (const part of parts) if (part.startsWith('{')) lines.push(JSON.parse(part) as LogLine);
    });
    await waitFor(() => listening().size === 2, 'two workers listening');
    port = (await waitFor((l) => l.port !== undefined, 'a port')).port as number;
  }, 90_000);

  afterAll(() => {
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers from both workers on one port, with the seeded data', async () => {
    const statuses = await Promise.all(Array.from({ length: 12 }, () => call(port, 'GET', '/api/coupons/list/search')));
    expect(statuses).toEqual(Array(12).fill('200'));
    const logged = () => lines.filter((l) => l.req?.path === '/api/coupons/list/search' && l.res?.statusCode === 200);
    await waitFor(() => logged().length >= 12, 'the request logs');
    expect(new Set(logged().map((l) => l.pid)).size).toBe(2);
  });

  it('counts failed logins across the workers (rate-limit store in the database)', async () => {
    const statuses: string[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(await call(port, 'POST', '/api/login', { email: 'nobody@example.jp', password: 'wrong password' }));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill('401 INVALID_CREDENTIALS'));
    expect(statuses[10]).toBe('429 RATE_LIMITED');
    expect(new Set(lines.filter((l) => l.req?.path === '/api/login').map((l) => l.pid)).size).toBe(2);
  });

  it('replaces a worker that dies', async () => {
    const [victim] = [...listening()];
    process.kill(victim as number, 'SIGKILL');
    await waitFor(
      (l) => l.msg === 'worker died; starting another' && l.worker === victim,
      'the primary to notice',
      20_000,
    );
    await waitFor(() => listening().size === 3, 'a third worker listening', 30_000);
    expect(await call(port, 'GET', '/api/coupons/list/search')).toBe('200');
  }, 60_000);

  it('stops every process on SIGTERM', async () => {
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of listening()) expect(() => process.kill(pid, 0)).toThrow();
  }, 30_000);
});
