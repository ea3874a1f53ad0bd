import type { Knex } from 'knex';
import { isPostgres } from './dialect';

/**
 * Data derived from other tables by the app's own code (coupon search documents, ...), with
 * the version of the code that builds it. A migration creates the tables but never runs app
 * code (a migration must do the same thing forever); the serving process brings the data up
 * to date at start instead (main.ts): when the stored version differs from `version`,
 * `rebuild` runs once, and the new version is stored in the same transaction.
 */
export type DerivedData = {
  /** Key in `derived_data_versions`, e.g. `coupon_search`. */
  name: string;
  /** Raise it whenever the builder's output changes, so that existing rows are rebuilt. */
  version: number;
  /** Rewrites every row of the derived data from its sources, in the given transaction. */
  rebuild: (trx: Knex) => Promise<unknown>;
};

/** PostgreSQL advisory lock key held while derived data is brought up to date ("derived"). */
const DERIVED_LOCK_KEY = 0x64657269;

/**
 * Brings each derived data set to its current version: one transaction per set, so a crash
 * mid-way leaves the old version recorded and the next start rebuilds again. Several
 * processes starting at once wait for each other (PostgreSQL advisory lock without time
 * limit, SQLite's single writer) and the later ones find the version current and do nothing.
 * Returns the names of the sets it rebuilt.
 */
export async function ensureDerivedData(db: Knex, sets: readonly DerivedData[]): Promise<string[]> {
  const rebuilt: string[] = [];
  for (const set of sets) {
    const done = await db.transaction(async (trx) => {
      if (isPostgres(trx)) {
        // A rebuild of a large catalogue may take longer than the serving timeouts allow.
        await trx.raw('set local statement_timeout = 0');
        await trx.raw('set local lock_timeout = 0');
        await trx.raw('select pg_advisory_xact_lock(?)', [DERIVED_LOCK_KEY]);
      }
      const row = (await trx('derived_data_versions').where({ name: set.name }).first('version')) as
        { version: number | string } | undefined;
      if (row && Number(row.version) === set.version) return false;
      await set.rebuild(trx);
      const values = { name: set.name, version: set.version, built_at: new Date() };
      await trx('derived_data_versions').insert(values).onConflict('name').merge(['version', 'built_at']);
      return true;
    });
    if (done) rebuilt.push(set.name);
  }
  return rebuilt;
}
