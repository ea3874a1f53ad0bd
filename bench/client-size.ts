/**
 * Issue 5: the JavaScript and CSS a phone downloads for the first view of `/coupon/`,
 * gzipped (level 9, as a compressing proxy or CDN would serve them; the app server itself
 * sends them uncompressed). Measured in Debian Chromium on a 390x844 phone with service
 * workers blocked: the first view is every script and style sheet whose fetch started before
 * the app itself showed the coupon grid (Resource Timing against a mutation observer). The
 * server sends the page already rendered, which paints before any script; the app's first
 * render then replaces it, and that render is what the budget is about;
 * what loads after it (saving the offline copy, the service worker and its precache, the idle
 * prefetch of linked screens) is not part of it, and the whole build is reported apart.
 *
 * Used by bench/client.ts; `measureClientSize(baseURL)` needs the built client served there.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

/** Issue 5's goal: at most this much gzipped JavaScript for the first view of /coupon/. */
export const GOAL_JS_GZIP_KB = 120;

export type AssetSize = { path: string; kind: 'js' | 'css'; bytes: number; gzip: number };
export type ClientSizeReport = {
  url: string;
  /** Milliseconds from navigation start until the grid showed (informative only). */
  firstViewMs: number;
  assets: AssetSize[];
  js: { bytes: number; gzip: number };
  css: { bytes: number; gzip: number };
  /** Every JS and CSS file of the build (what the service worker precaches over time). */
  build: { files: number; jsGzip: number; cssGzip: number };
  goalMet: boolean;
};

const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;
const kb = (n: number) => n / 1024;

/** Sizes of every JS and CSS file the build wrote (dist/client/assets). */
export function buildSizes(distAssets: string): ClientSizeReport['build'] {
  let jsGzip = 0;
  let cssGzip = 0;
  let files = 0;
  for (const f of readdirSync(distAssets)) {
    const p = join(distAssets, f);
    if (!statSync(p).isFile()) continue;
    if (f.endsWith('.js')) jsGzip += gz(readFileSync(p));
    else if (f.endsWith('.css')) cssGzip += gz(readFileSync(p));
    else continue;
    files++;
  }
  return { files, jsGzip, cssGzip };
}

/**
 * Loads `/coupon/` in a fresh phone context and sums the scripts and style sheets requested
 * before the coupon grid appeared.
 */
export async function measureClientSize(
  browser: Browser,
  baseURL: string,
  distAssets: string,
): Promise<ClientSizeReport> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    locale: 'ja-JP',
    serviceWorkers: 'block',
  });
  // The moment the app shows the grid, from inside the page. The server renders the page with
  // its grid (parsed while the document loads); the app's first render replaces that whole
  // page, so the app's grid is one whose server-rendered page is gone (or never was).
  await context.addInitScript(() => {
    const w = window as unknown as { __gridAt?: number };
    let served: Element | null = null;
    new MutationObserver((_m, obs) => {
      const first = document.getElementById('root')?.firstElementChild ?? null;
      if (!served && first && document.readyState === 'loading') served = first;
      if (document.querySelector('[data-testid="coupon-grid"] > li') && (!served || !served.isConnected)) {
        w.__gridAt = performance.now();
        obs.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const bodies = new Map<string, { kind: 'js' | 'css'; body: Promise<Buffer | null> }>();
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    bodies.set(res.url(), { kind: type === 'script' ? 'js' : 'css', body: res.body().catch(() => null) });
  });
  await page.goto(`${baseURL}/coupon/`);
  await page.waitForFunction(() => (window as unknown as { __gridAt?: number }).__gridAt !== undefined);
  await page.waitForTimeout(500);
  // Scripts and style sheets whose fetch started before the app showed the grid (Resource Timing).
  const { gridAt, before } = await page.evaluate(() => {
    const at = (window as unknown as { __gridAt: number }).__gridAt;
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return { gridAt: at, before: entries.filter((e) => e.startTime <= at).map((e) => e.name) };
  });
  const firstViewMs = Math.round(gridAt);

  const assets: AssetSize[] = [];
  for (const url of before) {
    const r = bodies.get(url);
    const body = r ? await r.body : null;
    if (!r || !body) continue;
    assets.push({ path: new URL(url).pathname, kind: r.kind, bytes: body.length, gzip: gz(body) });
  }
  await context.close();
  const sum = (kind: 'js' | 'css') =>
    assets
      .filter((a) => a.kind === kind)
      .reduce((acc, a) => ({ bytes: acc.bytes + a.bytes, gzip: acc.gzip + a.gzip }), { bytes: 0, gzip: 0 });
  const js = sum('js');
  return {
    url: `${baseURL}/coupon/`,
    firstViewMs,
    assets: assets.sort((a, b) => b.gzip - a.gzip),
    js,
    css: sum('css'),
    build: buildSizes(distAssets),
    goalMet: kb(js.gzip) <= GOAL_JS_GZIP_KB,
  };
}

/** The report as Markdown lines (bench/README.md and the console). */
export function clientSizeMarkdown(r: ClientSizeReport): string[] {
  const f = (n: number) => `${kb(n).toFixed(1)} KB`;
  return [
    '| File (first view of `/coupon/`) | Size | Gzipped |',
    '|---|--:|--:|',
    ...r.assets.map((a) => `| \`${a.path.replace(/-[\w-]{8}\.(js|css)$/, '-….$1')}\` | ${f(a.bytes)} | ${f(a.gzip)} |`),
    `| **JavaScript** | ${f(r.js.bytes)} | **${f(r.js.gzip)}** |`,
    `| **CSS** | ${f(r.css.bytes)} | **${f(r.css.gzip)}** |`,
    '',
    `- ${r.goalMet ? '**met**' : '**MISSED**'} at most ${GOAL_JS_GZIP_KB} KB of gzipped JavaScript for the first view: ${f(r.js.gzip)} (CSS ${f(r.css.gzip)} more).`,
    `- The whole build, which the service worker precaches after the first view: ${r.build.files} files, ${f(r.build.jsGzip)} JavaScript and ${f(r.build.cssGzip)} CSS gzipped.`,
  ];
}
