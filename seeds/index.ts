import type { Db } from '../server/src/db/knex';
import { seed as seedSpotsAndCoupons } from './01_kumamoto';
import { seed as seedDemoStaff } from './02_demo_staff';
import { seed as seedFaq } from './03_faqs';
import { seed as seedDemoPrizes } from './04_prizes';

/**
 * Seeds the development data when the database has no spots yet (first start of
 * `npm start`, `npm run seed`, tests that ask for it): real Kumamoto spots, the winter rally,
 * the starting FAQ and, unless turned off (production), the invented demo coupons and
 * the rally's demo prizes (`demoCoupons`) and the demo staff accounts (`demoStaff`).
 * @returns whether it seeded
 */
export async function seedIfEmpty(db: Db, opts: { demoStaff?: boolean; demoCoupons?: boolean } = {}): Promise<boolean> {
  const [row] = await db('spots').count({ n: '*' });
  if (Number(row?.n ?? 0) > 0) return false;
  await seedSpotsAndCoupons(db, { demoCoupons: opts.demoCoupons !== false });
  await seedFaq(db);
  if (opts.demoCoupons !== false) await seedDemoPrizes(db);
  if (opts.demoStaff !== false) await seedDemoStaff(db);
  return true;
}
