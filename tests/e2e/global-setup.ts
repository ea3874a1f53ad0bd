import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** Builds the client once (production mode) so the tests serve the real dist/client. */
export default async function setup(): Promise<void> {
  const started = Date.now();
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
      mode: 'production',
      logLevel: 'warn',
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  console.log(`e2e: client built in ${Date.now() - started} ms`);
}
