/**
 * `npm run bench`: the nearby-spots query of issue 2 on 277,207 real points, on SQLite and
 * (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL, against a bare Express
 * JSON endpoint measured the same way. See bench/README.md. Never part of `npm test`.
 *
 * Environment: BENCH_POINTS_FILE (the towns CSV), BENCH_DATABASE_URL / TEST_DATABASE_URL (a
 * PostgreSQL server where a scratch database may be created and dropped), BENCH_DURATION
 * (seconds per measurement, default 10), BENCH_WARMUP (seconds, default 2), BENCH_DATABASES
 * (`sqlite,pg` by default), BENCH_LOG_LEVEL (the app's LOG_LEVEL; default silent as in tests),
 * BENCH_QUIET_WAIT (seconds to wait for other work on the machine to calm down before each
 * measurement, default 15; 0 to never wait), BENCH_PROCESSES (server process counts to
 * measure, default `1,<CPUs>`; the bare app runs with as many). With `--write-readme` the
 * results replace the generated section of bench/README.md.
 *
 * Issue 15's keyword search (bench/search.ts) runs after the nearby query on the same
 * databases' kinds: BENCH_SEARCH=0 skips it, BENCH_NEARBY=0 skips the nearby query,
 * BENCH_SEARCH_SPOTS=n loads only the first n points (a quick check; the goal is for all).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import { createDb } from '../server/src/db/knex';
import { explainNearby, timeRepoCalls } from './lib/explain';
import { loadPostgres, loadSqlite, type BenchDatabase, type LoadResult } from './lib/load';
import { measure, processesCpuMicros, type CpuProbe, type Measurement } from './lib/measure';
import { readTownPoints, samplePositions } from './lib/points';
import { FIXED_NOW, NEARBY_PATH, type FromServer, type ToServer } from './lib/protocol';
import {
  loadSearchDatabase,
  SEARCH_CASES,
  searchPaths,
  searchVerdict,
  type SearchCase,
  type SearchDatabase,
} from './search';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const POINTS_FILE = resolve(ROOT, process.env.BENCH_POINTS_FILE ?? '../shared/data/japanese-addresses-towns.csv');
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
const CONCURRENCY = [1, 10, 50] as const;
const QUIET_WAIT_MS = Number(process.env.BENCH_QUIET_WAIT ?? 15) * 1000;
const WANTED = (process.env.BENCH_DATABASES ?? 'sqlite,pg').split(',').map((x) => x.trim());
const SEED = 20261121;
const PATH_COUNT = 1000;
const GOAL_P99_MS = 20;
const GOAL_RATIO = 0.5;
const GOAL_AT = 50;
const CORES = cpus().length;
/** Server process counts: one process, and one per CPU as WEB_CONCURRENCY=auto deploys it. */
const PROCESS_COUNTS = [
  ...new Set((process.env.BENCH_PROCESSES ?? `1,${CORES}`).split(',').map((x) => Number(x.trim()))),
].filter((n) => Number.isInteger(n) && n >= 1);
/** Where the plans are explained: central Tokyo, among the densest parts of the data. */
const EXPLAIN_AT = { lat: 35.681236, lng: 139.767125 };
const SEARCH = process.env.BENCH_SEARCH !== '0';
const NEARBY = process.env.BENCH_NEARBY !== '0';
const SEARCH_SPOTS = process.env.BENCH_SEARCH_SPOTS ? Number(process.env.BENCH_SEARCH_SPOTS) : undefined;

type Position = { lat: number; lng: number };
interface Case {
  key: 'nearby' | 'range2000';
  title: string;
  rangeM?: number;
}
const CASES: Case[] = [
  { key: 'nearby', title: 'nearby (each spot’s 500 m range)' },
  { key: 'range2000', title: 'nearby range=2000', rangeM: 2000 },
];

/** The measurements with one number of server processes (the bare app with as many). */
interface ProcessRuns {
  processes: number;
  bare: Measurement[];
  cases: Array<{ c: Case; runs: Measurement[] }>;
}

interface DbReport {
  label: BenchDatabase['label'];
  load: LoadResult;
  configs: ProcessRuns[];
  repo: Array<{ c: Case; timing: Awaited<ReturnType<typeof timeRepoCalls>> }>;
  plans: Array<{ c: Case; statements: Array<{ sql: string; plan: string }> }>;
}

const processesLabel = (n: number) => (n === 1 ? '1 process' : `${n} processes`);

const log = (msg: string) => console.log(`[bench] ${msg}`);

function pathsFor(positions: Position[], couponId: number, rangeM?: number): string[] {
  return positions.map(
    (p) =>
      `${NEARBY_PATH}?page=1&limit=5&lat=${p.lat}&long=${p.lng}&cid=${couponId}${rangeM === undefined ? '' : `&range=${rangeM}`}`,
  );
}

/** Everything to undo if the run stops early (temp files, the scratch database, the server). */
const cleanups: Array<() => Promise<void>> = [];
async function runCleanups() {
  while (cleanups.length) {
    const fn = cleanups.pop() as () => Promise<void>;
    await fn().catch((err: unknown) => console.error('[bench] cleanup failed:', err));
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void runCleanups().finally(() => process.exit(130));
  });
}

/**
 * Starts bench/server.ts in its own Node process (its own event loop), or with `processes`
 * above 1 as a node:cluster primary with that many workers.
 */
async function startServer(database: BenchDatabase['database'], processes: number) {
  const child: ChildProcess = fork(resolve(ROOT, 'bench/server.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BENCH_DATABASE: JSON.stringify(database),
      BENCH_PROCESSES: String(processes),
    },
    // The app's request log (BENCH_LOG_LEVEL) would flood the terminal: its cost counts, its output not.
    stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'ignore' : 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Extract<FromServer, { type: 'ready' }>>((resolveReady, reject) => {
    child.once('exit', (code) => reject(new Error(`bench/server.ts exited (${code}) before it was ready`)));
    child.on('message', (msg: FromServer) => {
      if (msg.type === 'ready') resolveReady(msg);
    });
  });
  child.removeAllListeners('exit');
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const send = (msg: ToServer) => child.send(msg);
  const cpu: CpuProbe = () =>
    new Promise((resolveCpu) => {
      const onMessage = (msg: FromServer) => {
        if (msg.type !== 'cpu') return;
        child.off('message', onMessage);
        resolveCpu({ micros: msg.userMicros + msg.systemMicros, wallMs: msg.wallMs });
      };
      child.on('message', onMessage);
      send({ type: 'cpu' });
    });
  const settle = () =>
    new Promise<number>((resolveIdle) => {
      const onMessage = (msg: FromServer) => {
        if (msg.type !== 'idle') return;
        child.off('message', onMessage);
        resolveIdle(msg.waitedMs);
      };
      child.on('message', onMessage);
      send({ type: 'idle' });
    });
  const stop = async () => {
    if (child.exitCode === null && child.connected) send({ type: 'stop' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  return {
    appOrigin: `http://127.0.0.1:${ready.appPort}`,
    bareOrigin: `http://127.0.0.1:${ready.barePort}`,
    cpu,
    settle,
    stop,
  };
}

/**
 * CPU of the PostgreSQL backends connected to the bench database (the app's pool), read
 * from /proc: only when the server runs on this machine (a loopback URL on Linux).
 */
async function postgresCpuProbe(url: string): Promise<(() => Promise<number>) | undefined> {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host) || !existsSync('/proc/self/stat')) return undefined;
  const probe = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  cleanups.push(() => probe.destroy());
  return async () => {
    const result = (await probe.raw(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )) as {
      rows: Array<{ pid: number }>;
    };
    return processesCpuMicros(result.rows.map((r) => r.pid));
  };
}

/** One request each before measuring: the app must answer 200 with spots, the bare app 200. */
async function sanityCheck(appOrigin: string, bareOrigin: string | null, path: string) {
  const res = await fetch(appOrigin + path);
  const body = (await res.json()) as { data?: unknown[]; meta?: { total: number } };
  if (res.status !== 200 || !Array.isArray(body.data) || body.data.length === 0) {
    throw new Error(`sanity check failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
  if (bareOrigin === null) return;
  const bare = await fetch(bareOrigin + path);
  if (bare.status !== 200) throw new Error(`bare endpoint answered ${bare.status}`);
  await bare.text();
}

function describe(m: Measurement): string {
  const cpu =
    (m.serverCpuPct === undefined ? '' : `, CPU server ${m.serverCpuPct.toFixed(0)}%`) +
    (m.dbCpuPct === undefined ? '' : ` PG ${m.dbCpuPct.toFixed(0)}%`) +
    ` autocannon ${m.loadgenCpuPct.toFixed(0)}%` +
    (m.otherCpuPct === undefined ? '' : ` other ${m.otherCpuPct.toFixed(0)}%`) +
    (m.quiet && m.quiet.waitedMs > 1000
      ? ` (waited ${(m.quiet.waitedMs / 1000).toFixed(0)} s for a quiet machine)`
      : '');
  return (
    `c=${String(m.connections).padStart(2)} p50 ${m.p50Ms.toFixed(2)} ms, p99 ${m.p99Ms.toFixed(2)} ms, ` +
    `${m.rps.toFixed(0)} req/s, errors ${m.errors + m.non2xx + m.timeouts}${cpu}`
  );
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** Warm-up, then each concurrency: a short warm-up at that concurrency and the measurement. */
async function sweep(
  server: Server,
  origin: string,
  paths: string[],
  label: string,
  dbCpu: (() => Promise<number>) | undefined,
): Promise<Measurement[]> {
  const runs: Measurement[] = [];
  const common = { origin, paths, settle: server.settle, cores: CORES };
  await measure({ ...common, connections: 10, durationS: WARMUP_S });
  for (const connections of CONCURRENCY) {
    await measure({ ...common, connections, durationS: Math.max(1, Math.min(2, WARMUP_S)) });
    const m = await measure({
      ...common,
      connections,
      durationS: DURATION_S,
      serverCpu: server.cpu,
      dbCpu,
      quietWaitMs: QUIET_WAIT_MS,
    });
    log(`${label.padEnd(32)} ${describe(m)}`);
    runs.push(m);
  }
  return runs;
}

async function benchDatabase(
  label: BenchDatabase['label'],
  points: Awaited<ReturnType<typeof readTownPoints>>['points'],
  positions: Position[],
) {
  log(`${label}: loading ${points.length.toLocaleString('en')} spots ...`);
  const { target, load } = label === 'SQLite' ? await loadSqlite(points) : await loadPostgres(points, PG_URL as string);
  cleanups.push(async () => {
    await target.drop();
    log(`${label}: removed ${target.where}`);
  });
  log(
    `${label}: loaded into ${target.where} in ${(load.loadMs / 1000).toFixed(1)} s (chain coupon id ${load.couponId})`,
  );

  const dialect = target.database.client;
  const db = createDb(target.database);
  const report: DbReport = { label, load, configs: [], repo: [], plans: [] };
  try {
    for (const c of CASES) {
      report.plans.push({
        c,
        statements: await explainNearby(db, dialect, {
          couponId: load.couponId,
          position: EXPLAIN_AT,
          rangeM: c.rangeM,
        }),
      });
      const repo = await timeRepoCalls(db, load.couponId, positions.slice(0, 200), c.rangeM);
      report.repo.push({ c, timing: repo });
      log(
        `${label}: ${c.title}: repo call alone ${repo.meanMs.toFixed(2)} ms mean, ${repo.meanTotal.toFixed(1)} matching spots on average, ` +
          `${repo.withResults}/200 positions with results`,
      );
    }
  } finally {
    await db.destroy();
  }

  const dbCpu = target.database.client === 'pg' ? await postgresCpuProbe(target.database.url) : undefined;
  try {
    for (const processes of PROCESS_COUNTS) {
      const server = await startServer(target.database, processes);
      cleanups.push(server.stop);
      const tag = `${label} ${processes}p`;
      await sanityCheck(server.appOrigin, server.bareOrigin, pathsFor(positions, load.couponId)[0] as string);
      const config: ProcessRuns = { processes, bare: [], cases: [] };
      config.bare = await sweep(
        server,
        server.bareOrigin,
        pathsFor(positions, load.couponId),
        `${tag} bare Express`,
        dbCpu,
      );
      for (const c of CASES) {
        config.cases.push({
          c,
          runs: await sweep(
            server,
            server.appOrigin,
            pathsFor(positions, load.couponId, c.rangeM),
            `${tag} ${c.key}`,
            dbCpu,
          ),
        });
      }
      report.configs.push(config);
      cleanups.splice(cleanups.indexOf(server.stop), 1);
      await server.stop();
    }
  } finally {
    await runCleanups();
  }
  return report;
}

const fmt = (v: number | undefined, digits = 2) => (v === undefined || Number.isNaN(v) ? '–' : v.toFixed(digits));

const pctCell = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '–' : `${v.toFixed(0)}%`);

function resultsTable(reports: DbReport[]): string {
  const lines = [
    '| database | server | endpoint | concurrency | p50 ms | p99 ms | req/s | ratio to bare | errors + non-2xx | CPU: server | CPU: PG | CPU: autocannon | CPU: other |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of reports) {
    for (const config of r.configs) {
      const rows: Array<[string, Measurement[]]> = [
        ['bare Express `{data: []}`', config.bare],
        ...config.cases.map((x): [string, Measurement[]] => [x.c.title, x.runs]),
      ];
      for (const [name, runs] of rows) {
        runs.forEach((m, i) => {
          const bare = config.bare[i];
          const ratio = name.startsWith('bare') || !bare ? '' : fmt(m.rps / bare.rps);
          lines.push(
            `| ${r.label} | ${processesLabel(config.processes)} | ${name} | ${m.connections} | ${fmt(m.p50Ms)} | ${fmt(m.p99Ms)} | ${fmt(m.rps, 0)} | ${ratio} | ` +
              `${m.errors + m.non2xx + m.timeouts} | ${pctCell(m.serverCpuPct)} | ${pctCell(m.dbCpuPct)} | ${pctCell(m.loadgenCpuPct)} | ${pctCell(m.otherCpuPct)} |`,
          );
        });
      }
    }
  }
  return lines.join('\n');
}

interface Verdict {
  label: string;
  text: string;
  met: boolean;
}

/** A note when other work on the machine took a noticeable share of the CPU while measuring. */
function disturbed(ms: Measurement[]): string {
  const worst = Math.max(...ms.map((m) => m.otherCpuPct ?? 0));
  return worst > 25
    ? `; other work on the machine used up to ${worst.toFixed(0)}% of a core meanwhile, so these figures are pessimistic`
    : '';
}

function verdicts(reports: DbReport[]): Verdict[] {
  const out: Verdict[] = [];
  for (const r of reports) {
    for (const config of r.configs) {
      for (const x of config.cases) {
        const i = CONCURRENCY.indexOf(GOAL_AT);
        const m = x.runs[i];
        const bare = config.bare[i];
        if (!m || !bare) continue;
        const ratio = m.rps / bare.rps;
        const p99ok = m.p99Ms < GOAL_P99_MS;
        const ratioOk = ratio >= GOAL_RATIO;
        const goal = x.c.key === 'nearby' ? 'goal' : 'same bar (informational)';
        out.push({
          label: `${r.label}, ${processesLabel(config.processes)}, ${x.c.title}`,
          met: p99ok && ratioOk,
          text:
            `${goal}: p99 at ${GOAL_AT} concurrent ${m.p99Ms.toFixed(2)} ms (< ${GOAL_P99_MS}: ${p99ok ? 'met' : 'MISSED'}), ` +
            `ratio to bare ${ratio.toFixed(2)} (>= ${GOAL_RATIO}: ${ratioOk ? 'met' : 'MISSED'})` +
            disturbed([m, bare]),
        });
      }
    }
  }
  return out;
}

function plansMarkdown(reports: DbReport[]): string {
  const parts: string[] = [];
  for (const r of reports) {
    for (const p of r.plans) {
      parts.push(`#### ${r.label}, ${p.c.title}\n`);
      for (const s of p.statements) {
        parts.push('```sql\n' + s.sql + '\n```\n```\n' + s.plan + '\n```\n');
      }
    }
  }
  return parts.join('\n');
}

/** Issue 15: keyword search on one coupon per point, one server process; its table rows and verdicts. */
interface SearchReport {
  label: SearchDatabase['label'];
  coupons: number;
  loadMs: number;
  docsMs: number;
  cases: Array<{ c: SearchCase; runs: Measurement[] }>;
}

async function benchSearch(
  label: SearchDatabase['label'],
  points: Awaited<ReturnType<typeof readTownPoints>>['points'],
): Promise<SearchReport> {
  log(`${label}: loading ${points.length.toLocaleString('en')} coupons for the keyword search ...`);
  const { target, loadMs, docsMs } = await loadSearchDatabase(label, points, PG_URL);
  cleanups.push(async () => {
    await target.drop();
    log(`${label}: removed ${target.where}`);
  });
  log(`${label}: loaded in ${(loadMs / 1000).toFixed(1)} s (search documents ${(docsMs / 1000).toFixed(1)} s)`);
  const report: SearchReport = { label, coupons: points.length, loadMs, docsMs, cases: [] };
  const dbCpu = target.database.client === 'pg' ? await postgresCpuProbe(target.database.url) : undefined;
  try {
    const server = await startServer(target.database, 1);
    cleanups.push(server.stop);
    for (const c of SEARCH_CASES) {
      const paths = searchPaths(points, c, SEED + 15);
      if (c.key === 'long') await sanityCheck(server.appOrigin, null, paths[0] as string);
      report.cases.push({
        c,
        runs: await sweep(server, server.appOrigin, paths, `${label} 1p search ${c.key}`, dbCpu),
      });
    }
    cleanups.splice(cleanups.indexOf(server.stop), 1);
    await server.stop();
  } finally {
    await runCleanups();
  }
  return report;
}

function searchTable(reports: SearchReport[]): string {
  const lines = [
    '| database | coupons | keyword | concurrency | p50 ms | p99 ms | req/s | errors + non-2xx | CPU: server | CPU: PG |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of reports)
    for (const x of r.cases)
      for (const m of x.runs)
        lines.push(
          `| ${r.label} | ${r.coupons.toLocaleString('en')} | ${x.c.title} | ${m.connections} | ${fmt(m.p50Ms)} | ${fmt(m.p99Ms)} | ` +
            `${fmt(m.rps, 0)} | ${m.errors + m.non2xx + m.timeouts} | ${pctCell(m.serverCpuPct)} | ${pctCell(m.dbCpuPct)} |`,
        );
  return lines.join('\n');
}

function machine(): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${CORES} cores (${model}), Node ${process.version}, ${process.platform}`;
}

function writeReadme(section: string) {
  const file = resolve(ROOT, 'bench/README.md');
  const start = '<!-- bench:results:start -->';
  const end = '<!-- bench:results:end -->';
  const text = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n\n${start}\n${end}\n`;
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`bench/README.md has no ${start} ... ${end} section`);
  writeFileSync(file, `${text.slice(0, a + start.length)}\n${section}\n${text.slice(b)}`);
  log('wrote the results into bench/README.md');
}

async function main() {
  const started = performance.now();
  log(`machine: ${machine()}`);
  log(`points: ${relative(ROOT, POINTS_FILE) || POINTS_FILE}`);
  const { points, skipped } = await readTownPoints(POINTS_FILE);
  log(
    `read ${points.length.toLocaleString('en')} points${skipped ? ` (${skipped} rows without a position left out)` : ''}`,
  );
  if (points.length === 0) throw new Error('no points');
  const positions = samplePositions(points, PATH_COUNT, SEED);

  const reports: DbReport[] = [];
  const searches: SearchReport[] = [];
  const searchPoints = SEARCH_SPOTS === undefined ? points : points.slice(0, SEARCH_SPOTS);
  if (WANTED.includes('sqlite')) {
    if (NEARBY) reports.push(await benchDatabase('SQLite', points, positions));
    if (SEARCH) searches.push(await benchSearch('SQLite', searchPoints));
  }
  let pgNote = '';
  if (!WANTED.includes('pg')) {
    pgNote = 'PostgreSQL was skipped: BENCH_DATABASES does not list pg.';
    log(pgNote);
  } else if (PG_URL) {
    if (NEARBY) reports.push(await benchDatabase('PostgreSQL', points, positions));
    if (SEARCH) searches.push(await benchSearch('PostgreSQL', searchPoints));
  } else {
    pgNote = 'PostgreSQL was skipped: neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set.';
    log(pgNote);
  }

  const table = resultsTable(reports);
  const goals = verdicts(reports);
  const search = searchTable(searches);
  const searchGoals = searches.flatMap((r) => r.cases.map((x) => searchVerdict(r.label, x.c, x.runs)));
  const failures = [
    ...reports.flatMap((r) => r.configs.flatMap((config) => [config.bare, ...config.cases.map((x) => x.runs)]).flat()),
    ...searches.flatMap((r) => r.cases.flatMap((x) => x.runs)),
  ].filter((m) => m.errors + m.non2xx + m.timeouts > 0 || m.requests === 0);
  const totalS = (performance.now() - started) / 1000;
  console.log(`\n${table}\n`);
  for (const v of goals) console.log(`${v.met ? 'MET   ' : 'MISSED'} ${v.label}: ${v.text}`);
  if (searches.length) {
    console.log(`\nKeyword search (issue 15):\n\n${search}\n`);
    for (const v of searchGoals) console.log(`${v.met ? 'MET   ' : 'MISSED'} ${v.text}`);
  }
  if (pgNote) console.log(pgNote);
  console.log(`\nTotal time ${totalS.toFixed(0)} s.`);

  if (process.argv.includes('--write-readme')) {
    const section = [
      `Run of ${new Date().toISOString().slice(0, 10)} on ${machine()}; ${points.length.toLocaleString('en')} spots, ` +
        `${DURATION_S} s per measurement after a ${WARMUP_S} s warm-up, clock fixed at ${FIXED_NOW}; ` +
        `the app and the bare Express app each with ${PROCESS_COUNTS.map(processesLabel).join(' and with ')} ` +
        `(more than one: node:cluster workers on one port, as WEB_CONCURRENCY runs the server). ` +
        `\`npm run bench\` took ${totalS.toFixed(0)} s.`,
      '',
      table,
      '',
      ...goals.map((v) => `- ${v.met ? '**met**' : '**MISSED**'} ${v.label}: ${v.text}`),
      ...(pgNote ? ['', pgNote] : []),
      '',
      'The repo call alone (in one process, sequentially, no HTTP), per call:',
      '',
      ...reports.flatMap((r) =>
        r.repo.map(
          (x) =>
            `- ${r.label}, ${x.c.title}: ${x.timing.meanMs.toFixed(2)} ms mean, ${x.timing.meanTotal.toFixed(1)} matching spots on average ` +
            `(${x.timing.withResults} of 200 positions have any); load ${(r.load.loadMs / 1000).toFixed(1)} s`,
        ),
      ),
      '',
      ...(searches.length
        ? [
            '#### Keyword search (issue 15)',
            '',
            `One server process; ${searches.map((r) => `${r.label}: ${r.coupons.toLocaleString('en')} coupons loaded in ${(r.loadMs / 1000).toFixed(0)} s, of which the search documents ${(r.docsMs / 1000).toFixed(0)} s`).join('; ')}.`,
            '',
            search,
            '',
            ...searchGoals.map((v) => `- ${v.met ? '**met**' : '**MISSED**'} ${v.text}`),
            '',
          ]
        : []),
      '<details><summary>Query plans of this run (every statement of one call)</summary>',
      '',
      plansMarkdown(reports),
      '</details>',
    ].join('\n');
    writeReadme(section);
  }

  if (failures.length) {
    console.error(
      `\n[bench] FAILED: ${failures.length} measurement(s) had errors, timeouts or non-2xx answers (see the table).`,
    );
    process.exitCode = 1;
  }
}

main()
  // Issue 5: the client's figures (bench/client.ts: first-view size, Lighthouse) after the API's.
  .then(async () => {
    if (process.env.BENCH_CLIENT === '0') return;
    const { runClientBench } = await import('./client');
    await runClientBench({ writeReadme: process.argv.includes('--write-readme') });
  })
  .catch(async (err: unknown) => {
    console.error('[bench] FAILED:', err);
    await runCleanups();
    process.exitCode = 1;
  })
  .finally(() => {
    // autocannon and knex leave nothing behind, but do not hang on a stray handle.
    setTimeout(() => process.exit(), 200).unref();
  });
