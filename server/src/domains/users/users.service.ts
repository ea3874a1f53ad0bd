import type { Knex } from 'knex';
import type { Visitor } from '../../contracts/auth';
import { UnauthorizedError } from '../../http/errors';
import { findUser, findUserCreatedAt, lockUserRow, upsertByLineId } from './users.repo';

/** Finds or creates the visitor of a LINE user id, refreshing name and picture. */
export async function signInLineUser(
  db: Knex,
  profile: { lineUserId: string; displayName: string; pictureUrl: string | null; now: Date },
): Promise<Visitor> {
  return upsertByLineId(db, profile);
}

/**
 * The signed-in visitor's profile.
 * @throws UnauthorizedError when the token's user no longer exists
 */
export async function currentVisitor(db: Knex, userId: number): Promise<Visitor> {
  const user = await findUser(db, userId);
  if (!user) throw new UnauthorizedError('INVALID_TOKEN');
  return user;
}

/**
 * When the visitor's account was created (UTC instant): nothing they did can be older.
 * @throws UnauthorizedError when the token's user no longer exists
 */
export async function visitorSince(db: Knex, userId: number): Promise<Date> {
  const createdAt = await findUserCreatedAt(db, userId);
  if (!createdAt) throw new UnauthorizedError('INVALID_TOKEN');
  return createdAt;
}

/**
 * Serialises a visitor's writes that read their own balance first (issue 12: a prize
 * application checks the stamp balance, then spends): holds the visitor's row lock until
 * the transaction `trx` ends.
 * @throws UnauthorizedError INVALID_TOKEN (401) when the token's user no longer exists
 */
export async function lockVisitor(trx: Knex, userId: number): Promise<void> {
  if (!(await lockUserRow(trx, userId))) throw new UnauthorizedError('INVALID_TOKEN');
}
