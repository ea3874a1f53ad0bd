/**
 * `npm run build`: the client (dist/client, the PWA with its service worker and manifest), the
 * server-side render of its first views (dist/server/entry-server.js, issue 5), both in
 * production mode, and the server itself compiled to JavaScript (dist/server-app, issue 11),
 * which `npm start` runs. The e2e tests' global setup and the client bench build the client
 * through this too.
 */
import { build as esbuild, type BuildOptions } from 'esbuild';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = resolve(ROOT, 'vite.config.ts');
/** Where the compiled server goes: one file per entry, and migrations/ (server/src/db/knex.ts looks there). */
export const SERVER_OUT = resolve(ROOT, 'dist/server-app');

/** Builds dist/client, then dist/server. */
export async function buildClient(opts: { logLevel?: 'info' | 'warn' } = {}): Promise<void> {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const logLevel = opts.logLevel ?? 'info';
    await build({ configFile: CONFIG, mode: 'production', logLevel });
    await build({ configFile: CONFIG, mode: 'production', logLevel, build: { ssr: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * Compiles the server into dist/server-app: main.js (`npm start`) and the production commands
 * migrate.js, seed.js and admin-create.js, each one bundled ESM file for Node with a source
 * map (esbuild reads tsconfig, path aliases included); packages stay imports from
 * node_modules, so the production install (`npm ci --omit=dev`) has all it needs. Each
 * migration is compiled on its own into dist/server-app/migrations, where knex finds it.
 */
export async function buildServer(opts: { logLevel?: 'info' | 'warn' } = {}): Promise<void> {
  rmSync(SERVER_OUT, { recursive: true, force: true });
  const common: BuildOptions = {
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    tsconfig: resolve(ROOT, 'tsconfig.json'),
    logLevel: opts.logLevel === 'warn' ? 'warning' : 'info',
  };
  await esbuild({
    ...common,
    entryPoints: {
      main: 'server/src/main.ts',
      migrate: 'scripts/migrate.ts',
      seed: 'scripts/seed.ts',
      'admin-create': 'scripts/admin-create.ts',
    },
    outdir: SERVER_OUT,
  });
  await esbuild({ ...common, entryPoints: ['migrations/*.ts'], outdir: resolve(SERVER_OUT, 'migrations') });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  buildClient()
    .then(() => buildServer())
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
