import type { Db } from './knex';

/** Runs the seeds when the database has no spots yet (first start of `npm start`). */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db('spots').count({ n: '*' });
  if (Number(row?.n ?? 0) > 0) return false;
  await db.seed.run();
  return true;
}
