import { buildClient } from '../../scripts/build';

/** Builds the client and its server-side render once (production mode) so the tests serve the real dist/. */
export default async function setup(): Promise<void> {
  const started = Date.now();
  await buildClient({ logLevel: 'warn' });
  console.log(`e2e: client built in ${Date.now() - started} ms`);
}
