import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import type { DbTimeouts } from '../../server/src/config';
import { createDb, type Db } from '../../server/src/db/knex';
import { seedIfEmpty } from '../../seeds';

/** Which database the data tests run on: `TEST_DB=pg` (with TEST_DATABASE_URL) or SQLite. */
export const testDialect = (): 'pg' | 'sqlite' => (process.env.TEST_DB === 'pg' ? 'pg' : 'sqlite');

/**
 * A fresh, migrated database for one test file: an in-memory SQLite database (or the given
 * file), or a new PostgreSQL database on TEST_DATABASE_URL's server, dropped again by
 * `destroy`; `url` is that PostgreSQL database's connection string.
 */
export async function createTestDb(
  opts: { seed?: boolean; timeouts?: DbTimeouts; sqliteFile?: string } = {},
): Promise<{ db: Db; destroy: () => Promise<void>; url?: string }> {
  if (testDialect() === 'sqlite') {
    const db = createDb({ client: 'sqlite', file: opts.sqliteFile ?? ':memory:', timeouts: opts.timeouts });
    await db.migrate.latest();
    if (opts.seed) await seedIfEmpty(db);
    return { db, destroy: () => db.destroy() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
  const name = `passport_t_${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const db = createDb({ client: 'pg', url: dbUrl.toString(), timeouts: opts.timeouts });
  await db.migrate.latest();
  if (opts.seed) await seedIfEmpty(db);
  return {
    db,
    url: dbUrl.toString(),
    destroy: async () => {
      await db.destroy();
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}

/**
 * Counts the SQL statements `db` runs until `stop()` (knex's query event): a test bounds an
 * operation's work by its statements, which do not vary with the machine, not by its time.
 */
export function countStatements(db: Db): { stop: () => number } {
  let n = 0;
  const onQuery = () => void (n += 1);
  db.on('query', onQuery);
  return {
    stop: () => {
      db.off('query', onQuery);
      return n;
    },
  };
}
