/** `npm run seed`: migrates and seeds the configured database (only when it has no spots). */
import { loadConfig } from '../server/src/config';
import { createDb } from '../server/src/db/knex';
import { seedIfEmpty } from '../server/src/db/seed';

const config = loadConfig();
const db = createDb(config.database);
try {
  await db.migrate.latest();
  const production = config.nodeEnv === 'production';
  const seeded = await seedIfEmpty(db, { demoStaff: !production });
  console.log(
    seeded
      ? `Seeded${production ? ' (no demo accounts in production)' : ''}.`
      : 'The database already has spots: nothing seeded.',
  );
} finally {
  await db.destroy();
}
