/**
 * The client's figures for issue 5: gzipped JavaScript and CSS of the first view of
 * `/coupon/` (bench/client-size.ts) and a Lighthouse mobile run of it (bench/lighthouse.ts).
 * It builds the client (production), serves it with the real app on a seeded in-memory
 * database with the tests' fixed clock (2026-11-21 12:00 JST), and measures in Debian
 * Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 *
 *   node --import tsx bench/client.ts [--write-readme]
 *
 * Environment: BENCH_CLIENT_SKIP_BUILD=1 to measure the dist/client already built;
 * BENCH_LIGHTHOUSE_RUNS (default 3). With `--write-readme` the figures replace the
 * generated client section of bench/README.md. bench/run.ts calls `runClientBench`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { buildClient } from '../scripts/build';
import { testApp } from '../tests/helpers/app';
import { createTestDb } from '../tests/helpers/db';
import { clientSizeMarkdown, measureClientSize, type ClientSizeReport } from './client-size';
import { lighthouseMarkdown, runLighthouse, type LighthouseReport } from './lighthouse';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST_ASSETS = resolve(ROOT, 'dist/client/assets');
const README = resolve(ROOT, 'bench/README.md');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const START = '<!-- bench:client:start -->';
const END = '<!-- bench:client:end -->';

const log = (m: string) => console.log(`[bench:client] ${m}`);

export type ClientBench = { size: ClientSizeReport; lighthouse: LighthouseReport; markdown: string };

/** Builds, serves and measures; prints the figures; with `writeReadme` updates bench/README.md. */
export async function runClientBench(opts: { writeReadme?: boolean } = {}): Promise<ClientBench> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM} (install Debian's chromium or set CHROMIUM_PATH)`);
  if (process.env.BENCH_CLIENT_SKIP_BUILD !== '1') {
    const t = performance.now();
    await buildClient({ logLevel: 'warn' });
    log(`client built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  const { db, destroy } = await createTestDb({ seed: true });
  const { app } = testApp(db);
  const server = await new Promise<Server>((ok) => {
    const s = app.listen(0, '127.0.0.1', () => ok(s));
  });
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
    });
    let size: ClientSizeReport;
    try {
      size = await measureClientSize(browser, baseURL, DIST_ASSETS);
    } finally {
      await browser.close();
    }
    log(
      `first view of /coupon/: ${(size.js.gzip / 1024).toFixed(1)} KB JS, ${(size.css.gzip / 1024).toFixed(1)} KB CSS gzipped`,
    );
    const lighthouse = await runLighthouse(`${baseURL}/coupon/`, {
      chromiumPath: CHROMIUM,
      runs: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
    });
    log(`Lighthouse median: score ${lighthouse.median.score}, LCP ${Math.round(lighthouse.median.lcpMs)} ms`);

    const markdown = [
      `Run of ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}: the production build served by the app ` +
        '(seeded database, clock fixed at 2026-11-21 12:00 JST) on loopback.',
      '',
      '#### First view of `/coupon/` (JavaScript and CSS, gzip level 9)',
      '',
      ...clientSizeMarkdown(size),
      '',
      '#### Lighthouse, mobile',
      '',
      ...lighthouseMarkdown(lighthouse),
    ].join('\n');
    console.log(`\n${markdown}\n`);
    if (opts.writeReadme) writeReadme(markdown);
    return { size, lighthouse, markdown };
  } finally {
    await new Promise((r) => server.close(r));
    await destroy();
  }
}

/** Replaces the generated client section of bench/README.md (between its markers). */
function writeReadme(section: string): void {
  const text = readFileSync(README, 'utf8');
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error(`bench/README.md has no ${START} … ${END} section`);
  writeFileSync(README, `${text.slice(0, a + START.length)}\n${section}\n${text.slice(b)}`);
  log('bench/README.md updated');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  runClientBench({ writeReadme: process.argv.includes('--write-readme') })
    .catch((err: unknown) => {
      console.error('[bench:client] FAILED:', err);
      process.exitCode = 1;
    })
    .finally(() => setTimeout(() => process.exit(), 200).unref());
}
