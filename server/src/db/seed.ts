import type { Db } from './knex';
import { seed } from '../../../seeds/01_kumamoto';

/**
 * Seeds the development data (seeds/01_kumamoto.ts) when the database has no spots yet:
 * the first start of `npm start`, `npm run seed`, and tests that ask for it.
 * @returns whether it seeded
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db('spots').count({ n: '*' });
  if (Number(row?.n ?? 0) > 0) return false;
  await seed(db);
  return true;
}
