/**
 * `npm run build`: the client (dist/client, the PWA with its service worker and manifest) and
 * the server-side render of its first views (dist/server/entry-server.js, issue 5), both in
 * production mode. The e2e tests' global setup and the client bench build through this too.
 */
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const CONFIG = fileURLToPath(new URL('../vite.config.ts', import.meta.url));

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

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  buildClient().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
