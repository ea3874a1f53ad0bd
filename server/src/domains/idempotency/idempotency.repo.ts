import type { Knex } from 'knex';

export interface StoredResponse {
  requestHash: string;
  status: number;
  body: unknown;
}

/** The answer stored for a visitor's idempotency key, if any. */
export async function findStored(db: Knex, userId: number, key: string): Promise<StoredResponse | undefined> {
  const row = await db('idempotency_keys').where({ user_id: userId, key }).first();
  if (!row) return undefined;
  return { requestHash: row.request_hash, status: row.response_status, body: JSON.parse(row.response_body) };
}

/** Stores the answer for a key; the unique (user_id, key) index refuses a second one. */
export async function insertStored(
  trx: Knex,
  row: { userId: number; key: string; scope: string; requestHash: string; status: number; body: unknown; now: Date },
): Promise<void> {
  await trx('idempotency_keys').insert({
    user_id: row.userId,
    key: row.key,
    scope: row.scope,
    request_hash: row.requestHash,
    response_status: row.status,
    response_body: JSON.stringify(row.body),
    created_at: row.now.toISOString(),
  });
}
