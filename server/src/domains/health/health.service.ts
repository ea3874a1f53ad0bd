import { pendingMigrations, type Db } from '../../db/knex';

/** How long readiness waits for the database before it answers 503, in milliseconds. */
export const READY_TIMEOUT_MS = 2_000;

/** Seconds a caller is asked to wait before it asks for readiness again (`Retry-After`). */
export const READY_RETRY_AFTER_S = 5;

export type Readiness =
  | { ready: true }
  | { ready: false; code: 'DATABASE_UNAVAILABLE'; cause: string }
  | { ready: false; code: 'MIGRATIONS_PENDING'; cause: string };

/**
 * Readiness (issue 11): the database answers within `timeoutMs` (READY_TIMEOUT_MS) and has
 * run every migration this build has. Changes nothing and never waits longer than the
 * timeout. Not ready: DATABASE_UNAVAILABLE (unreachable, failing or too slow) or
 * MIGRATIONS_PENDING (a migration of this build has not run yet), with the cause for the log.
 */
export async function checkReady(db: Db, timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database in ${timeoutMs} ms`)), timeoutMs);
  });
  let pending: string[];
  try {
    pending = await Promise.race([pendingMigrations(db), timeout]);
  } catch (err) {
    return { ready: false, code: 'DATABASE_UNAVAILABLE', cause: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
  if (pending.length) return { ready: false, code: 'MIGRATIONS_PENDING', cause: `not run: ${pending.join(', ')}` };
  return { ready: true };
}
