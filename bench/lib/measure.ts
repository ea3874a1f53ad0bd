import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** One autocannon run against one endpoint at one concurrency. */
export interface Measurement {
  connections: number;
  durationS: number;
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /**
   * CPU in % of one core: the server process, the database server's backends serving it
   * (PostgreSQL only), the load generator (this process), and everything else on the
   * machine (other work running at the same time skews the figures).
   */
  serverCpuPct?: number;
  dbCpuPct?: number;
  loadgenCpuPct: number;
  otherCpuPct?: number;
  /** How long it waited for a quiet machine first, and the CPU others used when it started. */
  quiet?: { waitedMs: number; busyPct: number };
}

/** Exact percentile (nearest rank) of sorted values. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/** Busy and total jiffies of all cores from /proc/stat (Linux), or undefined elsewhere. */
function machineTicks(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const total = v.reduce((a, b) => a + b, 0);
    const idle = (v[3] ?? 0) + (v[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/**
 * Waits (up to `maxMs`) until the machine is nearly idle, i.e. other work (tests, builds)
 * uses under `thresholdPct` of one core while our processes rest. Returns how long it
 * waited and the last reading, or undefined where /proc/stat is missing.
 */
export async function waitForQuietMachine(
  maxMs: number,
  thresholdPct: number,
  cores: number,
): Promise<{ waitedMs: number; busyPct: number } | undefined> {
  const started = performance.now();
  for (;;) {
    const before = machineTicks();
    await new Promise((r) => setTimeout(r, 500));
    const after = machineTicks();
    if (!before || !after) return undefined;
    const busyPct = ((after.busy - before.busy) / Math.max(1, after.total - before.total)) * 100 * cores;
    const waitedMs = performance.now() - started;
    if (busyPct < thresholdPct || waitedMs >= maxMs) return { waitedMs, busyPct };
  }
}

export type CpuProbe = () => Promise<{ micros: number; wallMs: number }>;

/** Linux clock ticks per second for /proc/<pid>/stat (USER_HZ, 100 on every mainstream kernel build). */
const USER_HZ = 100;

/** CPU microseconds used so far by some processes (Linux /proc), 0 for those that are gone. */
export function processesCpuMicros(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // exited
    }
  }
  return (ticks / USER_HZ) * 1e6;
}

/**
 * Runs autocannon for `durationS` seconds with `connections` concurrent connections, each
 * request taking the next path of `paths` (one shared rotation, so all connections walk the
 * same fixed list). Latency percentiles come from every response's own timing (float ms),
 * not from autocannon's integer-millisecond histogram, so sub-millisecond figures are exact.
 */
export async function measure(opts: {
  origin: string;
  paths: string[];
  connections: number;
  durationS: number;
  serverCpu?: CpuProbe;
  /** Cumulative CPU microseconds of the database server's processes serving the app. */
  dbCpu?: () => Promise<number>;
  /** Waits until the server has finished the previous run's requests. */
  settle?: () => Promise<unknown>;
  /** Before measuring, wait up to this long for other work on the machine to calm down. */
  quietWaitMs?: number;
  cores: number;
}): Promise<Measurement> {
  await opts.settle?.();
  const quiet = opts.quietWaitMs ? await waitForQuietMachine(opts.quietWaitMs, 25, opts.cores) : undefined;
  let next = 0;
  const latencies: number[] = [];
  let non2xx = 0;
  const cpuBefore = opts.serverCpu ? await opts.serverCpu() : undefined;
  const dbBefore = opts.dbCpu ? await opts.dbCpu() : undefined;
  const machineBefore = machineTicks();
  const ownBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const result = await new Promise<autocannon.Result>((resolveRun, reject) => {
    const instance = autocannon(
      {
        url: opts.origin,
        connections: opts.connections,
        duration: opts.durationS,
        timeout: 10,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => {
              req.path = opts.paths[next++ % opts.paths.length] as string;
              return req;
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolveRun(res)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else non2xx++;
    });
  });
  const wallMs = performance.now() - wallBefore;
  const own = process.cpuUsage(ownBefore);
  const machineAfter = machineTicks();
  const dbAfter = opts.dbCpu ? await opts.dbCpu() : undefined;
  const cpuAfter = opts.serverCpu ? await opts.serverCpu() : undefined;
  const pct = (micros: number) => (micros / 1000 / wallMs) * 100;
  const serverCpuPct =
    cpuBefore && cpuAfter
      ? ((cpuAfter.micros - cpuBefore.micros) / 1000 / (cpuAfter.wallMs - cpuBefore.wallMs)) * 100
      : undefined;
  const dbCpuPct = dbBefore !== undefined && dbAfter !== undefined ? pct(dbAfter - dbBefore) : undefined;
  const loadgenCpuPct = pct(own.user + own.system);
  const machineCpuPct =
    machineBefore && machineAfter
      ? ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * 100 * opts.cores
      : undefined;

  const sorted = Float64Array.from(latencies).sort();
  const sum = latencies.reduce((a, b) => a + b, 0);
  return {
    connections: opts.connections,
    durationS: opts.durationS,
    requests: latencies.length + non2xx,
    rps: (latencies.length + non2xx) / (wallMs / 1000),
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    meanMs: latencies.length ? sum / latencies.length : Number.NaN,
    maxMs: sorted.length ? (sorted[sorted.length - 1] as number) : Number.NaN,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: Math.max(non2xx, result.non2xx),
    serverCpuPct,
    dbCpuPct,
    loadgenCpuPct,
    otherCpuPct:
      machineCpuPct === undefined || serverCpuPct === undefined
        ? undefined
        : Math.max(0, machineCpuPct - serverCpuPct - loadgenCpuPct - (dbCpuPct ?? 0)),
    quiet,
  };
}
