import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { loadConfig, type Config } from './config';
import { createDb, type Db } from './db/knex';
import { ensureDerivedData } from './db/derived-data';
import { createApp } from './app';
import { systemClock } from './http/context';
import { seedIfEmpty } from '../../seeds';
import { createLogger } from './http/logger';
import { gracefulStop } from './http/graceful-stop';
import { createSmtpMailer, unconfiguredMailer } from './mail/mailer';
import { DOMAINS } from './domains';

/** How long a stopping process may take to finish its requests before it exits regardless (exit 1). */
const STOP_GRACE_MS = 10_000;
/** A worker that dies sooner than this after its start is replaced after RESTART_DELAY_MS, not at once... */
const CRASH_LOOP_MS = 5_000;
const RESTART_DELAY_MS = 1_000;
/** ...and after this many such deaths in a row the server gives up (exit 1) rather than loop. */
const CRASH_LOOP_LIMIT = 5;

/**
 * Migrations, the domains' derived data brought to its current version, then the first-start
 * seed (SQLite outside production): once per start, before serving.
 */
async function prepareDatabase(config: Config, db: Db): Promise<void> {
  await db.migrate.latest();
  await ensureDerivedData(
    db,
    DOMAINS.flatMap((domain) => domain.derived ?? []),
  );
  if (config.autoSeed)
    await seedIfEmpty(db, { demoStaff: config.nodeEnv !== 'production', demoCoupons: config.nodeEnv !== 'production' });
}

/**
 * One serving process: the app on PORT (shared by every worker under node:cluster) and the
 * domains' background jobs. On SIGINT/SIGTERM it stops accepting connections, answers every
 * request received and any that still come on open keep-alive connections (with
 * `Connection: close`, http/graceful-stop.ts), closes the pool and exits 0: within the
 * server's keep-alive timeout (5 s) after its last answer, and within STOP_GRACE_MS in any case.
 */
function serve(config: Config, logger: Logger, db: Db): void {
  const mailer = config.mail.smtpUrl ? createSmtpMailer(config.mail.smtpUrl, config.mail.from) : unconfiguredMailer;
  const app = createApp({ db, config, clock: systemClock, logger, mailer });
  // The domains' background jobs (domains/index.ts), in every process.
  const jobs = DOMAINS.flatMap((domain) => domain.jobs ?? []).map((job) =>
    setInterval(() => {
      job.run({ db, config, clock: systemClock, mailer }).catch((err: unknown) => logger.error({ err }, job.name));
    }, job.everyMs).unref(),
  );
  const server = app.listen(config.port, () => {
    const database = config.database.client === 'pg' ? 'PostgreSQL' : `SQLite ${config.database.file}`;
    const { port } = server.address() as AddressInfo;
    logger.info({ database, port }, `listening on http://localhost:${port}`);
  });
  let stopping = false;
  const drain = gracefulStop(server, () => {
    logger.info('stopped: every connection closed');
    void db.destroy().then(() => process.exit(0));
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping: no new connections; answering those already open');
    for (const job of jobs) clearInterval(job);
    setTimeout(() => process.exit(1), STOP_GRACE_MS).unref();
    drain();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * The primary of WEB_CONCURRENCY > 1: forks the workers, which share the port and keep no
 * state between requests in memory (rate-limit counts are in the database, the contact
 * outbox is claim-based), so any of them can answer any request. A worker that dies is
 * replaced; SIGINT/SIGTERM stop every worker gracefully, then the primary.
 */
function supervise(config: Config, logger: Logger): void {
  const startedAt = new Map<Worker, number>();
  let stopping = false;
  let youngDeaths = 0;
  const fork = () => startedAt.set(cluster.fork(), Date.now());
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = code;
    if (startedAt.size === 0) process.exit(code);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), STOP_GRACE_MS + 1_000).unref();
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit();
      return;
    }
    youngDeaths = lived < CRASH_LOOP_MS ? youngDeaths + 1 : 0;
    if (youngDeaths >= CRASH_LOOP_LIMIT) {
      logger.fatal(
        { worker: worker.process.pid, code, signal },
        `${youngDeaths} workers died right after starting; stopping`,
      );
      return stop(1);
    }
    // A worker stopped on purpose (SIGTERM: a rolling restart) exits 0 after its last answer.
    if (code === 0) logger.info({ worker: worker.process.pid, code }, 'worker stopped; starting another');
    else logger.error({ worker: worker.process.pid, code, signal }, 'worker died; starting another');
    if (youngDeaths > 0) setTimeout(fork, RESTART_DELAY_MS);
    else fork();
  });
  for (let i = 0; i < config.webConcurrency; i++) fork();
  logger.info({ workers: config.webConcurrency }, 'started the server processes');
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
}

/**
 * Starts the server: config, then with one process (WEB_CONCURRENCY=1) migrations, the
 * first-start seed and serving in this process; with more, this process prepares the
 * database once and supervises that many workers that only serve.
 */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  if (cluster.isWorker) return serve(config, logger, createDb(config.database));
  for (const note of config.notes) logger.warn(note);
  const db = createDb(config.database);
  await prepareDatabase(config, db);
  if (config.webConcurrency === 1) return serve(config, logger, db);
  await db.destroy();
  supervise(config, logger);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
