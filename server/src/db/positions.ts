import type { Knex } from 'knex';

/**
 * Removes the rows at the given list offsets (0-based, in `rows`' order) from `table` and
 * renumbers the rest 0, 1, 2... in `position`, through negative positions first so that a
 * unique (owner, position) index never clashes. `rows` are the owner's rows in position order
 * (coupon or prize images). Returns the removed rows. Runs in the caller's transaction.
 */
export async function removeAtOffsets<T extends { id: number }>(
  trx: Knex,
  table: string,
  rows: T[],
  offsets: number[],
): Promise<T[]> {
  const removed = offsets.map((o) => rows[o]).filter((r): r is T => !!r);
  if (removed.length)
    await trx(table)
      .whereIn(
        'id',
        removed.map((r) => r.id),
      )
      .delete();
  const kept = rows.filter((r) => !removed.includes(r));
  for (const [i, row] of kept.entries())
    await trx(table)
      .where({ id: row.id })
      .update({ position: -1 - i });
  for (const [i, row] of kept.entries()) await trx(table).where({ id: row.id }).update({ position: i });
  return removed;
}
