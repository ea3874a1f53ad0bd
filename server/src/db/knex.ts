import knexFactory, { type Knex } from 'knex';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP_ROOT, COMPILED } from '../app-root';
import type { Config, DbTimeouts } from '../config';

export type Db = Knex;

/** migrations/*.ts, or once compiled their JavaScript, which `npm run build` writes here. */
export const MIGRATIONS_DIR = resolve(APP_ROOT, COMPILED ? 'dist/server-app/migrations' : 'migrations');
const extension = COMPILED ? '.js' : '.ts';

type Migration = { up: (k: Knex) => Promise<void>; down: (k: Knex) => Promise<void> };

/**
 * Lists the migrations and loads each with our own `import()`: the TypeScript files under tsx
 * and Vitest (knex's loader would use Node's, which cannot read .ts), their compiled
 * JavaScript in the built server. A migration is always named by its source file
 * (`…_foundation.ts`, as knex_migrations records it), so either runs the same list.
 */
const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () =>
    readdirSync(MIGRATIONS_DIR)
      .filter((f) => /^\d+_.+\.[jt]s$/.test(f) && f.endsWith(extension))
      .map((f) => f.replace(/\.js$/, '.ts'))
      .sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) =>
    (await import(pathToFileURL(resolve(MIGRATIONS_DIR, name.replace(/\.ts$/, extension))).href)) as Migration,
};

/**
 * Names of the migrations this build has that the database has not run (every one when it
 * has never been migrated). Reads only: unlike `migrate.list`, never creates knex's tables.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const all = await migrationSource.getMigrations([]);
  if (!(await db.schema.hasTable('knex_migrations'))) return all;
  const done = new Set((await db('knex_migrations').select('name')).map((r: { name: string }) => r.name));
  return all.filter((name) => !done.has(name));
}

/** The subset of a better-sqlite3 connection that the pool set-up touches. */
interface SqliteConnection {
  pragma(source: string): unknown;
  prepare(sql: string): unknown;
}

/** Prepared statements kept per SQLite connection (the most recently used ones). */
export const SQLITE_STATEMENT_CACHE_SIZE = 200;

/**
 * Makes `conn.prepare` keep its last `size` statements by SQL text, so a statement Knex sends
 * again (the same text, new bindings) is not compiled again: Knex prepares every query anew
 * on better-sqlite3, which for the nearby query costs about as much as running it. Only
 * compiled statements are kept, never results; SQLite recompiles a kept statement itself when
 * the schema changes. Knex runs each statement to completion at once (`all`/`run`), so a
 * kept statement is never busy when it is handed out again. Knex's per-query
 * `safeIntegers` option would stick to a kept statement; the app never sets it.
 */
export function cachePreparedStatements(conn: SqliteConnection, size = SQLITE_STATEMENT_CACHE_SIZE): void {
  const prepare = conn.prepare.bind(conn);
  const kept = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    let statement = kept.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (kept.size >= size) kept.delete(kept.keys().next().value as string);
    } else {
      kept.delete(sql); // re-inserted below as the most recently used
    }
    kept.set(sql, statement);
    return statement;
  };
}

/** The database timeouts when the config names none (the defaults of config.ts). */
export const DEFAULT_DB_TIMEOUTS: DbTimeouts = {
  statementMs: 5_000,
  lockMs: 3_000,
  acquireMs: 5_000,
  connectMs: 5_000,
  sqliteBusyMs: 5_000,
};

/** knex's own dialect classes (no typings; knex documents a Client class as `client`). */
const knexInternals = createRequire(import.meta.url);
const BetterSqliteClient = knexInternals('knex/lib/dialects/better-sqlite3') as new (config: Knex.Config) => object;
const SqliteTransaction = knexInternals('knex/lib/dialects/sqlite3/execution/sqlite-transaction') as new (
  ...args: unknown[]
) => { begin(conn: unknown): Promise<unknown>; query(conn: unknown, sql: string): Promise<unknown> };

/**
 * SQLite transactions that take the write lock when they begin (`BEGIN IMMEDIATE`). knex
 * begins with a deferred `BEGIN`: a transaction that reads and then writes, while another
 * process (WEB_CONCURRENCY > 1 on one file) committed in between, fails with
 * SQLITE_BUSY_SNAPSHOT, which no busy handler can retry. Beginning immediately makes the
 * second writer wait in `busy_timeout` instead, before it has read anything. Every
 * transaction of the app writes or reads for a write, and one process runs one at a time
 * anyway (a pool of one connection).
 */
class ImmediateSqliteTransaction extends SqliteTransaction {
  override begin(conn: unknown) {
    return this.query(conn, 'BEGIN IMMEDIATE;');
  }
}

class ImmediateBetterSqliteClient extends BetterSqliteClient {
  transaction(...args: unknown[]) {
    return new ImmediateSqliteTransaction(this, ...args);
  }
}

/**
 * Knex settings for a database: PostgreSQL via `pg` with per-connection statement and lock
 * timeouts, or SQLite via better-sqlite3 with foreign keys on, WAL, a busy timeout and
 * immediate transactions. Either way a pool connection is waited for `acquireMs` at most.
 */
export function knexConfig(database: Config['database']): Knex.Config {
  const migrations = { migrationSource, tableName: 'knex_migrations' };
  const timeouts = database.timeouts ?? DEFAULT_DB_TIMEOUTS;
  if (database.client === 'pg') {
    return {
      client: 'pg',
      // pg sends both timeouts as start-up parameters of each connection (no extra statement).
      connection: {
        connectionString: database.url,
        statement_timeout: timeouts.statementMs,
        lock_timeout: timeouts.lockMs,
        connectionTimeoutMillis: timeouts.connectMs,
      } as Knex.PgConnectionConfig,
      pool: { min: 0, max: 10 },
      acquireConnectionTimeout: timeouts.acquireMs,
      migrations,
    };
  }
  if (database.file !== ':memory:') mkdirSync(dirname(resolve(database.file)), { recursive: true });
  return {
    client: ImmediateBetterSqliteClient as unknown as typeof Knex.Client,
    connection: { filename: database.file },
    useNullAsDefault: true,
    acquireConnectionTimeout: timeouts.acquireMs,
    pool: {
      min: 1,
      max: 1,
      afterCreate: (conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) => {
        conn.pragma('foreign_keys = ON');
        conn.pragma('journal_mode = WAL');
        conn.pragma(`busy_timeout = ${Math.trunc(timeouts.sqliteBusyMs)}`);
        cachePreparedStatements(conn);
        done(null, conn);
      },
    },
    migrations,
  };
}

/** Opens the database of the config (design: createDb). */
export function createDb(database: Config['database']): Db {
  return knexFactory(knexConfig(database));
}
