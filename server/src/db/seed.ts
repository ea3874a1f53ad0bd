import type { Db } from './knex';
import { seed as seedSpotsAndCoupons } from '../../../seeds/01_kumamoto';
import { seed as seedDemoStaff } from '../../../seeds/02_demo_staff';
import { seed as seedFaq } from '../../../seeds/03_faqs';

/**
 * Seeds the development data when the database has no spots yet (first start of
 * `npm start`, `npm run seed`, tests that ask for it): real Kumamoto spots, demo coupons,
 * the winter rally, the starting FAQ, and, unless `demoStaff` is false (production), the demo staff accounts.
 * @returns whether it seeded
 */
export async function seedIfEmpty(db: Db, opts: { demoStaff?: boolean } = {}): Promise<boolean> {
  const [row] = await db('spots').count({ n: '*' });
  if (Number(row?.n ?? 0) > 0) return false;
  await seedSpotsAndCoupons(db);
  await seedFaq(db);
  if (opts.demoStaff !== false) await seedDemoStaff(db);
  return true;
}
