import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);

/**
 * Whether this code runs compiled (dist/server-app/*.js from `npm run build`, as production
 * does) rather than from its TypeScript sources (tsx, Vitest).
 */
export const COMPILED = !here.endsWith('.ts');

/**
 * The project's root folder, the nearest one above this code holding package.json: server/src
 * in the sources, dist/server-app once compiled. The server reads locales/ and seeds/data/
 * from there, wherever the bundle put the code that asks.
 */
export const APP_ROOT = findRoot(dirname(here));

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json in ${from} or above`);
  }
}
