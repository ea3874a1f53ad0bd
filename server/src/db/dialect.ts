import type { Knex } from 'knex';

/**
 * The only place for differences between PostgreSQL and SQLite, and for JST day maths.
 */

/** True when the error is a unique-index (or primary key) violation on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return (
    !!e && (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
  );
}

/** Node's socket errors for a database server that is down, unreachable or went away. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs that say "not now" rather than "wrong": too many connections (53300),
 * query cancelled by `statement_timeout` (57014), admin or crash shutdown and "cannot connect
 * now" while starting (57P01-57P03), lock wait past `lock_timeout` (55P03); and class 08,
 * connection exceptions.
 */
const PG_UNAVAILABLE = new Set(['53300', '57014', '57P01', '57P02', '57P03', '55P03']);

/**
 * Whether an error means the database cannot answer now, so the request may succeed if
 * tried again later: the server refused or dropped the connection, it is shutting down or
 * starting, a statement or lock wait ran past its timeout, no pool connection came within
 * `acquireConnectionTimeout` (KnexTimeoutError), or SQLite's file stayed locked by another
 * process past `busy_timeout` (SQLITE_BUSY*, SQLITE_LOCKED*). The only place these are
 * recognised; the error handler answers them 503 DATABASE_UNAVAILABLE with Retry-After.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; name?: unknown; message?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (CONNECTION_ERRNOS.has(code) || PG_UNAVAILABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (/^SQLITE_(BUSY|LOCKED)/.test(code)) return true;
  if (e.name === 'KnexTimeoutError') return true;
  // pg's own errors for a connection that broke or never opened carry no code (knex may
  // prefix the statement: "ROLLBACK - Connection terminated unexpectedly").
  const message = typeof e.message === 'string' ? e.message : '';
  if (/Connection terminated|Client has encountered a connection error|timeout expired$/.test(message)) return true;
  // Connecting to a name with several addresses fails with all of their errors.
  return Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every(isDatabaseUnavailable);
}

const jstFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The business day of an instant: its calendar date in Asia/Tokyo as `YYYY-MM-DD`. */
export function jstDate(instant: Date): string {
  return jstFormatter.format(instant);
}

const jstTimeFormatter = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** An instant as JST wall-clock time `YYYY-MM-DD HH:mm:ss` (CSV exports read in Japan). */
export function jstDateTime(instant: Date): string {
  return jstTimeFormatter.format(instant);
}

/** Mean Earth radius in metres (IUGG), used by the haversine distance. */
export const EARTH_RADIUS_M = 6371008.8;

/**
 * SQL text of the great-circle (haversine) distance in metres between two positions, each
 * given as SQL expressions in degrees (columns, or `?` placeholders the caller binds). Both
 * PostgreSQL and SQLite (built with math functions, as better-sqlite3 is) have
 * radians/sin/cos/asin/sqrt/power.
 */
export function distanceSqlText(latA: string, lngA: string, latB: string, lngB: string): string {
  return (
    `(2 * ${EARTH_RADIUS_M} * asin(sqrt(power(sin((radians(${latA}) - radians(${latB})) / 2), 2) + ` +
    `cos(radians(${latB})) * cos(radians(${latA})) * power(sin((radians(${lngA}) - radians(${lngB})) / 2), 2))))`
  );
}

/** Whether a Knex instance (or transaction) talks to PostgreSQL. */
export function isPostgres(knex: Knex): boolean {
  return knex.client.config.client === 'pg';
}

/**
 * The join keyword (SQL) that keeps the tables already in the query as the outer loop.
 * Without ANALYZE statistics SQLite's planner prefers to drive a join from an equality on the
 * joined table's primary key; for `coupon_spots (coupon_id = ?)` and a chain coupon linked to
 * every spot that walks all its links (about 95 ms for 277,207 spots instead of 1 ms, see
 * bench/README.md). `cross join` is SQLite's documented way to fix the join order (an `on`
 * clause may follow it there). PostgreSQL gets a plain `join` and plans it from its statistics.
 */
export function outerFirstJoin(knex: Knex): 'join' | 'cross join' {
  return isPostgres(knex) ? 'join' : 'cross join';
}

/** Degrees of latitude and of longitude per metre around a latitude (for a bounding-box pre-filter). */
export function degreesPerMetre(lat: number): { lat: number; lng: number } {
  const dLat = (1 / EARTH_RADIUS_M) * (180 / Math.PI);
  return { lat: dLat, lng: dLat / Math.max(Math.cos((lat * Math.PI) / 180), 1e-6) };
}

/** The rows of a `db.raw` select: PostgreSQL answers `{ rows }`, better-sqlite3 the array itself. */
export function rawRows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Booleans come back as 0/1 from SQLite and true/false from PostgreSQL. */
export function toBool(v: unknown): boolean {
  return v === true || v === 1 || v === '1' || v === 't';
}

/** Timestamps come back as Date (pg), or as ISO strings (SQLite, as we write them). */
export function toIso(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'number') return new Date(v).toISOString();
  return new Date(String(v)).toISOString();
}

/** Counts come back as strings from pg (bigint) and numbers from SQLite. */
export function toInt(v: unknown): number {
  return typeof v === 'number' ? v : Number.parseInt(String(v ?? 0), 10);
}

/**
 * Serialises writers of a table for the rest of the transaction, for rules no index can
 * express (e.g. "rallies may not overlap"). PostgreSQL takes a SHARE ROW EXCLUSIVE lock
 * (reads go on, a second writer waits); SQLite already runs one write transaction at a time.
 */
export async function lockTableForWrite(trx: Knex, table: string): Promise<void> {
  if (trx.client.config.client === 'pg') await trx.raw(`lock table ?? in share row exclusive mode`, [table]);
}
