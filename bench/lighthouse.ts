/**
 * Issue 5: a Lighthouse run of `/coupon/` with Lighthouse's own mobile settings (a mid-range
 * Android phone's screen and user agent, simulated slow 4G and a 4x slower CPU), in Debian
 * Chromium started here with a fresh profile and a DevTools port. Several runs; each figure's
 * median is reported: performance score, LCP, CLS, total blocking time and the others.
 *
 * Used by bench/client.ts; `runLighthouse(url)` needs the built client served there.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';

/** Issue 5's goal: LCP under this on Lighthouse's mobile settings. */
export const GOAL_LCP_MS = 1500;

export type LighthouseRun = {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  siMs: number;
  /** What Lighthouse took as the largest contentful paint. */
  lcpElement: string | null;
};
export type LighthouseReport = {
  url: string;
  runs: LighthouseRun[];
  median: LighthouseRun;
  goalMet: boolean;
  lighthouse: string;
  chromium: string;
};

async function startChromium(path: string): Promise<{ port: number; version: string; stop: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'passport-lh-'));
  const child = spawn(
    path,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${err.slice(-500)}`)), 20_000);
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${err.slice(-500)}`)));
  });
  const version = ((await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser: string })
    .Browser;
  return {
    port,
    version,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      } catch {
        // A temporary profile left behind is harmless.
      }
    },
  };
}

/** One Lighthouse performance run of `url` with the default (mobile) settings. */
async function once(url: string, port: number): Promise<{ run: LighthouseRun; version: string }> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error('Lighthouse returned nothing');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
  const lcpItems = (
    lhr.audits['largest-contentful-paint-element']?.details as
      { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined
  )?.items;
  return {
    version: lhr.lighthouseVersion,
    run: {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: num('largest-contentful-paint'),
      cls: num('cumulative-layout-shift'),
      tbtMs: num('total-blocking-time'),
      fcpMs: num('first-contentful-paint'),
      siMs: num('speed-index'),
      lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? null,
    },
  };
}

/** `runs` Lighthouse runs of `url` (a fresh page each, one browser) and each figure's median. */
export async function runLighthouse(
  url: string,
  opts: { chromiumPath: string; runs?: number },
): Promise<LighthouseReport> {
  const chrome = await startChromium(opts.chromiumPath);
  try {
    const runs: LighthouseRun[] = [];
    let version = '';
    for (let i = 0; i < (opts.runs ?? 3); i++) {
      // Lighthouse sometimes loses a trace (NO_NAVSTART and the like): such a run is done again.
      for (let attempt = 1; ; attempt++) {
        try {
          const r = await once(url, chrome.port);
          runs.push(r.run);
          version = r.version;
          break;
        } catch (err) {
          if (attempt >= 3) throw err;
          console.warn(`[bench:client] Lighthouse run ${i + 1} failed, again: ${(err as Error).message}`);
        }
      }
    }
    const mid = (f: (r: LighthouseRun) => number) => {
      const v = runs.map(f).sort((a, b) => a - b);
      return v[Math.floor(v.length / 2)]!;
    };
    // Each figure's own median (the runs differ in which one is slow).
    const median: LighthouseRun = {
      score: mid((r) => r.score),
      lcpMs: mid((r) => r.lcpMs),
      cls: mid((r) => r.cls),
      tbtMs: mid((r) => r.tbtMs),
      fcpMs: mid((r) => r.fcpMs),
      siMs: mid((r) => r.siMs),
      lcpElement: runs.find((r) => r.lcpMs === mid((x) => x.lcpMs))?.lcpElement ?? null,
    };
    return { url, runs, median, goalMet: median.lcpMs < GOAL_LCP_MS, lighthouse: version, chromium: chrome.version };
  } finally {
    await chrome.stop();
  }
}

/** The report as Markdown lines (bench/README.md and the console). */
export function lighthouseMarkdown(r: LighthouseReport): string[] {
  const ms = (n: number) => `${Math.round(n).toLocaleString('en')} ms`;
  const row = (x: LighthouseRun, label: string) =>
    `| ${label} | ${x.score} | ${ms(x.lcpMs)} | ${x.cls.toFixed(3)} | ${ms(x.tbtMs)} | ${ms(x.fcpMs)} | ${ms(x.siMs)} |`;
  return [
    `Lighthouse ${r.lighthouse}, ${r.chromium}, default mobile settings (simulated slow 4G, 4x CPU slowdown), \`${new URL(r.url).pathname}\`, ${r.runs.length} runs:`,
    '',
    '| Run | Performance | LCP | CLS | TBT | FCP | Speed Index |',
    '|---|--:|--:|--:|--:|--:|--:|',
    ...r.runs.map((x, i) => row(x, String(i + 1))),
    row(r.median, '**median**'),
    '',
    `- ${r.goalMet ? '**met**' : '**MISSED**'} LCP under ${ms(GOAL_LCP_MS)} on Lighthouse's mobile settings: ${ms(r.median.lcpMs)}.`,
    ...(r.median.lcpElement
      ? [`- The LCP element: \`${r.median.lcpElement.replace(/\s+/g, ' ').slice(0, 160)}\`.`]
      : []),
  ];
}
