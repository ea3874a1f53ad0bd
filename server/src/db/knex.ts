import knexFactory, { type Knex } from 'knex';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config';

export type Db = Knex;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const MIGRATIONS_DIR = resolve(root, 'migrations');
export const SEEDS_DIR = resolve(root, 'seeds');

/** Knex settings for a database: PostgreSQL via `pg`, or SQLite via better-sqlite3 with foreign keys on. */
export function knexConfig(database: Config['database']): Knex.Config {
  const migrations = { directory: MIGRATIONS_DIR, loadExtensions: ['.ts'], tableName: 'knex_migrations' };
  const seeds = { directory: SEEDS_DIR, loadExtensions: ['.ts'] };
  if (database.client === 'pg') {
    return { client: 'pg', connection: database.url, pool: { min: 0, max: 10 }, migrations, seeds };
  }
  if (database.file !== ':memory:') mkdirSync(dirname(resolve(database.file)), { recursive: true });
  return {
    client: 'better-sqlite3',
    connection: { filename: database.file },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate: (conn: { pragma: (s: string) => unknown }, done: (err: Error | null, conn: unknown) => void) => {
        conn.pragma('foreign_keys = ON');
        conn.pragma('journal_mode = WAL');
        conn.pragma('busy_timeout = 5000');
        done(null, conn);
      },
    },
    migrations,
    seeds,
  };
}

/** Opens the database of the config (design: createDb). */
export function createDb(database: Config['database']): Db {
  return knexFactory(knexConfig(database));
}
