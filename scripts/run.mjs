/**
 * `npm start` (`main`), `npm run migrate`, `npm run seed`, `npm run admin:create`: runs one of
 * the server's entries. Plain JavaScript, so it runs where only the production dependencies
 * are installed.
 *
 * - NODE_ENV=production: the compiled dist/server-app/<entry>.js that `npm run build` made;
 *   nothing is built and no dev dependency (tsx, Vite) is needed.
 * - Otherwise `main` builds first (client and server), then runs the compiled server, so
 *   `npm install && npm start` works on a fresh clone; the other entries run their
 *   TypeScript (scripts/<entry>.ts) through tsx.
 *
 * Workers of WEB_CONCURRENCY > 1 run this file again (node:cluster) and only import.
 */
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ENTRIES = ['main', 'migrate', 'seed', 'admin-create'];
const entry = process.argv[2];
if (!ENTRIES.includes(entry)) {
  console.error(`usage: node scripts/run.mjs ${ENTRIES.join('|')} [arguments]`);
  process.exit(2);
}
// The commands read their own arguments from argv[2] on; `main` keeps its argv, which
// node:cluster hands to the workers it starts with this file.
if (entry !== 'main') process.argv.splice(2, 1);
const production = process.env.NODE_ENV === 'production';

if (!production && entry !== 'main') {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL(`./${entry}.ts`, import.meta.url).href);
} else {
  if (!production && cluster.isPrimary) {
    const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const compiled = fileURLToPath(new URL(`../dist/server-app/${entry}.js`, import.meta.url));
  if (!existsSync(compiled)) {
    console.error(`${compiled} is missing: run \`npm run build\` first (production runs only what the build made).`);
    process.exit(1);
  }
  await import(pathToFileURL(compiled).href);
}
