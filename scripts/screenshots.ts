/**
 * `npm run screenshots`: refreshes the pictures in docs/screenshots (the README's) from a
 * built app. The browser tests build the client once (tests/e2e/global-setup.ts), drive
 * Chromium through every screen and save their screenshots in a git-ignored folder; this
 * script runs them into a clean folder and copies every picture to docs/screenshots, so the
 * tracked pictures change only when someone asks for it. Extra arguments go to vitest (a
 * test file, say, to refresh only its pictures).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const OUT = resolve('artifacts/screenshots');
const DOCS = resolve('docs/screenshots');

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const run = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, SCREENSHOT_DIR: OUT },
});
if (run.status !== 0) {
  console.error('The browser tests failed: docs/screenshots left as it was.');
  process.exit(run.status ?? 1);
}
const taken = existsSync(OUT) ? readdirSync(OUT).filter((f) => f.endsWith('.png')) : [];
mkdirSync(DOCS, { recursive: true });
for (const name of taken) copyFileSync(join(OUT, name), join(DOCS, name));
const stale = readdirSync(DOCS).filter((f) => f.endsWith('.png') && !taken.includes(f));
console.log(`Copied ${taken.length} screenshots to docs/screenshots.`);
if (stale.length && process.argv.length <= 2)
  console.log(`No test takes these any more (delete them if no page links them): ${stale.join(', ')}`);
