import type { Knex } from 'knex';
import type { Visitor } from '../../contracts/auth';
import { isPostgres, toIso } from '../../db/dialect';

type Row = { id: number; display_name: string; picture_url: string | null };
const present = (r: Row): Visitor => ({ id: r.id, displayName: r.display_name, pictureUrl: r.picture_url });

/**
 * Creates the user of a LINE user id or updates its profile; safe against two sign-ins at
 * once (insert ... on conflict on the unique line_user_id).
 */
export async function upsertByLineId(
  db: Knex,
  u: { lineUserId: string; displayName: string; pictureUrl: string | null; now: Date },
): Promise<Visitor> {
  const now = u.now.toISOString();
  await db('users')
    .insert({
      line_user_id: u.lineUserId,
      display_name: u.displayName,
      picture_url: u.pictureUrl,
      created_at: now,
      updated_at: now,
    })
    .onConflict('line_user_id')
    .merge({ display_name: u.displayName, picture_url: u.pictureUrl, updated_at: now });
  const row: Row = await db('users').where({ line_user_id: u.lineUserId }).first();
  return present(row);
}

export async function findUser(db: Knex, id: number): Promise<Visitor | undefined> {
  const row: Row | undefined = await db('users').where({ id }).first();
  return row ? present(row) : undefined;
}

/** When the user's account was created, or undefined for an unknown id. */
export async function findUserCreatedAt(db: Knex, id: number): Promise<Date | undefined> {
  const row: { created_at: unknown } | undefined = await db('users').where({ id }).first('created_at');
  return row ? new Date(toIso(row.created_at)) : undefined;
}

/**
 * Locks the user's row until the transaction ends (PostgreSQL `select ... for update`), so
 * that two transactions of one visitor run one after the other; false for an unknown id.
 * SQLite needs no lock: it runs one write transaction at a time.
 */
export async function lockUserRow(trx: Knex, id: number): Promise<boolean> {
  const query = trx('users').where({ id }).first('id');
  if (isPostgres(trx)) query.forUpdate();
  return (await query) !== undefined;
}
