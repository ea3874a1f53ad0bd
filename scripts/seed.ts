/**
 * `npm run seed [-- --demo-coupons]`: migrates and seeds the configured database (only when it
 * has no spots). In production it seeds the real spots, the rally and the FAQ, never the demo
 * staff accounts, and the invented demo coupons only when `--demo-coupons` asks for them (a
 * trial installation, or the CI's production check).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/src/config';
import { createDb } from '../server/src/db/knex';
import { seedIfEmpty } from '../seeds';

const { values } = parseArgs({ options: { 'demo-coupons': { type: 'boolean', default: false } } });
const config = loadConfig();
const db = createDb(config.database);
try {
  await db.migrate.latest();
  const production = config.nodeEnv === 'production';
  const demoCoupons = !production || values['demo-coupons'];
  const seeded = await seedIfEmpty(db, { demoStaff: !production, demoCoupons });
  const left = [production && 'no demo accounts', !demoCoupons && 'no demo coupons'].filter(Boolean);
  console.log(
    seeded ? `Seeded${left.length ? ` (${left.join(', ')})` : ''}.` : 'The database already has spots: nothing seeded.',
  );
} finally {
  await db.destroy();
}
