/**
 * The servers under test, run as a child of bench/run.ts so that autocannon (in the parent)
 * and the servers do not share one event loop: the real app (createApp through the tests'
 * testApp, on the database in BENCH_DATABASE, clock fixed at FIXED_NOW) and a bare Express
 * app with one JSON endpoint at the same path, both on random loopback ports. Talks to the
 * parent over the IPC channel only. With BENCH_PROCESSES=n above 1 it is a node:cluster
 * primary, as server/src/main.ts is with WEB_CONCURRENCY=n: n workers each run both apps on
 * the same two ports, and the primary answers the parent for all of them (CPU summed, idle
 * when every worker is).
 */
import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import express from 'express';
import type { Config } from '../server/src/config';
import { createDb } from '../server/src/db/knex';
import { fixedClock, testApp } from '../tests/helpers/app';
import { FIXED_NOW, NEARBY_PATH, type FromServer, type ToServer } from './lib/protocol';

function listen(app: express.Express): Promise<Server> {
  return new Promise((resolveListen, reject) => {
    const server = app.listen(0, '127.0.0.1', (err?: Error) => (err ? reject(err) : resolveListen(server)));
  });
}

const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);

/** One server process: both apps, answering the parent (or, in a cluster, the primary). */
async function serve() {
  const send = (msg: FromServer) => process.send?.(msg);
  if (!process.send) throw new Error('bench/server.ts is started by bench/run.ts (it needs an IPC channel)');
  const database = JSON.parse(process.env.BENCH_DATABASE ?? 'null') as Config['database'] | null;
  if (!database) throw new Error('BENCH_DATABASE is not set');
  const db = createDb(database);

  // The app exactly as the API tests build it (tests/helpers/app.ts: test secrets, a fixed
  // clock, every createApp dependency), on the benchmark database.
  // Several processes are configured as main.ts configures them (rate-limit counts in the database).
  const logLevel = process.env.BENCH_LOG_LEVEL;
  const { app } = testApp(db, {
    clock: fixedClock(FIXED_NOW),
    config: {
      database,
      webConcurrency: PROCESSES,
      rateLimitStore: PROCESSES > 1 ? 'database' : 'memory',
      ...(logLevel ? { logLevel } : {}),
    },
  });

  const bare = express();
  bare.get(NEARBY_PATH, (_req, res) => {
    res.json({ data: [] });
  });

  const servers = [await listen(app), await listen(bare)];
  // Requests still running when autocannon stops must not spill into the next measurement.
  let inFlight = 0;
  for (const s of servers) {
    s.on('request', (_req: IncomingMessage, res: ServerResponse) => {
      inFlight++;
      res.once('close', () => inFlight--);
    });
  }
  // A request whose client went away counts as closed while its queries may still run, so
  // idle also means the database pool has been unused for a few consecutive checks.
  const pool = (db.client as { pool?: { numUsed(): number; numPendingAcquires(): number } }).pool;
  const busy = () => inFlight > 0 || (pool ? pool.numUsed() + pool.numPendingAcquires() > 0 : false);
  const idle = async () => {
    const started = performance.now();
    for (let quiet = 0; quiet < 3;) {
      await new Promise((r) => setTimeout(r, 10));
      quiet = busy() ? 0 : quiet + 1;
    }
    return performance.now() - started;
  };
  const [appServer, bareServer] = servers as [Server, Server];
  send({
    type: 'ready',
    appPort: (appServer.address() as AddressInfo).port,
    barePort: (bareServer.address() as AddressInfo).port,
  });

  const stop = async () => {
    await idle();
    for (const s of servers) s.closeAllConnections();
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    await db.destroy();
    process.exit(0);
  };
  process.on('message', (msg: ToServer) => {
    if (msg.type === 'cpu') {
      const cpu = process.cpuUsage();
      send({ type: 'cpu', userMicros: cpu.user, systemMicros: cpu.system, wallMs: performance.now() });
    } else if (msg.type === 'idle') {
      void idle().then((waitedMs) => send({ type: 'idle', waitedMs }));
    } else if (msg.type === 'stop') {
      void stop();
    }
  });
  // The parent went away (crash, Ctrl-C): do not linger.
  process.on('disconnect', () => void stop());
}

/** Asks every worker the same question and collects one answer of `type` from each. */
function askAll(workers: Worker[], msg: ToServer, type: FromServer['type']): Promise<FromServer[]> {
  return Promise.all(
    workers.map(
      (w) =>
        new Promise<FromServer>((resolveAnswer) => {
          const onMessage = (answer: FromServer) => {
            if (answer.type !== type) return;
            w.off('message', onMessage);
            resolveAnswer(answer);
          };
          w.on('message', onMessage);
          w.send(msg);
        }),
    ),
  );
}

/** The cluster primary: forks the workers, then speaks for them to the parent. */
async function supervise() {
  const send = (msg: FromServer) => process.send?.(msg);
  if (!process.send) throw new Error('bench/server.ts is started by bench/run.ts (it needs an IPC channel)');
  let stopping = false;
  const workers = Array.from({ length: PROCESSES }, () => cluster.fork());
  for (const w of workers) {
    w.on('exit', (code) => {
      if (stopping) return;
      console.error(`[bench] a server worker exited (${code})`);
      process.exit(1);
    });
  }
  const ready = (await Promise.all(
    workers.map((w) => new Promise<FromServer>((r) => w.on('message', (m: FromServer) => m.type === 'ready' && r(m)))),
  )) as Array<Extract<FromServer, { type: 'ready' }>>;
  const [first] = ready as [Extract<FromServer, { type: 'ready' }>];
  if (ready.some((r) => r.appPort !== first.appPort || r.barePort !== first.barePort))
    throw new Error('the workers listen on different ports');
  send(first);

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all(
      workers.map(
        (w) =>
          new Promise((exited) => {
            if (w.isDead()) return exited(null);
            w.once('exit', exited);
            w.send({ type: 'stop' } satisfies ToServer);
          }),
      ),
    );
    process.exit(0);
  };
  process.on('message', (msg: ToServer) => {
    if (msg.type === 'cpu') {
      void askAll(workers, msg, 'cpu').then((answers) => {
        const total = process.cpuUsage();
        for (const a of answers) {
          if (a.type !== 'cpu') continue;
          total.user += a.userMicros;
          total.system += a.systemMicros;
        }
        send({ type: 'cpu', userMicros: total.user, systemMicros: total.system, wallMs: performance.now() });
      });
    } else if (msg.type === 'idle') {
      void askAll(workers, msg, 'idle').then((answers) =>
        send({ type: 'idle', waitedMs: Math.max(...answers.map((a) => (a.type === 'idle' ? a.waitedMs : 0))) }),
      );
    } else if (msg.type === 'stop') {
      void stop();
    }
  });
  process.on('disconnect', () => void stop());
}

(cluster.isPrimary && PROCESSES > 1 ? supervise() : serve()).catch((err) => {
  console.error(err);
  process.exit(1);
});
