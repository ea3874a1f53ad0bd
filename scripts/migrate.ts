/** `npm run migrate`: runs the pending migrations on the configured database. */
import { loadConfig } from '../server/src/config';
import { createDb } from '../server/src/db/knex';

const db = createDb(loadConfig().database);
try {
  const [, done] = await db.migrate.latest();
  console.log(done.length ? `Ran ${done.join(', ')}` : 'Already up to date.');
} finally {
  await db.destroy();
}
