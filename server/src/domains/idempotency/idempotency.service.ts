import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { BusinessRuleError } from '../../http/errors';
import { findStored, insertStored, type StoredResponse } from './idempotency.repo';

/** SHA-256 of a request's meaningful content, to tell "same request again" from "key reused". */
export function requestHash(content: unknown): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/**
 * The stored answer for (visitor, key) when this is a replay of the same request.
 * @returns undefined when the key is new
 * @throws BusinessRuleError IDEMPOTENCY_KEY_REUSED (422) when the key came with another request
 */
export async function replayOf(
  db: Knex,
  userId: number,
  key: string,
  hash: string,
): Promise<StoredResponse | undefined> {
  const stored = await findStored(db, userId, key);
  if (!stored) return undefined;
  if (stored.requestHash !== hash) throw new BusinessRuleError('IDEMPOTENCY_KEY_REUSED');
  return stored;
}

/** Records the answer to a keyed request inside the transaction that made the change. */
export async function remember(
  trx: Knex,
  entry: { userId: number; key: string; scope: string; requestHash: string; status: number; body: unknown; now: Date },
): Promise<void> {
  await insertStored(trx, entry);
}
