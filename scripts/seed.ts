/** `npm run seed`: migrates and seeds the configured database (only when it has no spots). */
import { loadConfig } from '../server/src/config';
import { createDb } from '../server/src/db/knex';
import { seedIfEmpty } from '../server/src/db/seed';

const db = createDb(loadConfig().database);
try {
  await db.migrate.latest();
  console.log((await seedIfEmpty(db)) ? 'Seeded.' : 'The database already has spots: nothing seeded.');
} finally {
  await db.destroy();
}
