import type { Knex } from 'knex';
import { findSpotsOfCouponNear } from '../../server/src/domains/spots/spots.repo';

type Position = { lat: number; lng: number };
type NearbyInput = { couponId: number; position: Position; rangeM?: number };

interface CapturedQuery {
  sql: string;
  bindings: unknown[];
  /** The name node-postgres prepares it under, if the repo gave one. */
  name?: string;
}

function call(db: Knex, q: NearbyInput) {
  return findSpotsOfCouponNear(db, {
    couponId: q.couponId,
    lat: q.position.lat,
    lng: q.position.lng,
    rangeM: q.rangeM,
    allowanceM: 0,
    page: 1,
    limit: 5,
    locale: 'ja',
  });
}

/** The SQL statements one nearby call sends, exactly as the repo builds them. */
export async function captureNearbyQueries(db: Knex, q: NearbyInput): Promise<CapturedQuery[]> {
  const captured: CapturedQuery[] = [];
  const listener = (e: { sql: string; bindings?: unknown[]; options?: { name?: string } }) =>
    captured.push({ sql: e.sql, bindings: e.bindings ?? [], name: e.options?.name });
  db.on('query', listener);
  try {
    await call(db, q);
  } finally {
    db.off('query', listener);
  }
  return captured;
}

/** Knex gives pg statements with $n placeholders; raw() wants `?` (in the same order). */
const toKnexPlaceholders = (sql: string) => sql.replace(/\$\d+/g, '?');

/** SQLite EXPLAIN QUERY PLAN as an indented tree, like the sqlite3 shell prints it. */
async function sqlitePlan(db: Knex, query: CapturedQuery): Promise<string> {
  const rows = (await db.raw(`explain query plan ${query.sql}`, query.bindings as Knex.RawBinding[])) as Array<{
    id: number;
    parent: number;
    detail: string;
  }>;
  const depth = new Map<number, number>([[0, -1]]);
  return rows
    .map((r) => {
      const d = (depth.get(r.parent) ?? -1) + 1;
      depth.set(r.id, d);
      return `${'  '.repeat(d)}${r.detail}`;
    })
    .join('\n');
}

/** A binding as an SQL literal (numbers, null and plain strings are all the nearby query binds). */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number') return String(v);
  return `'${String(v).replace(/'/g, "''")}'`;
}

type PlanRows = { rows: Array<{ 'QUERY PLAN': string }> };

/**
 * PostgreSQL EXPLAIN (ANALYZE, BUFFERS): the plan that really ran, with timings. A statement
 * the repo names is prepared as the server prepares it and run 6 times first: after 5
 * PostgreSQL settles on a generic plan when that is no costlier, and from the 6th it reuses
 * it, as the server's connections do.
 */
async function pgPlan(db: Knex, query: CapturedQuery): Promise<string> {
  if (!query.name) {
    const result = (await db.raw(
      `explain (analyze, buffers) ${toKnexPlaceholders(query.sql)}`,
      query.bindings as Knex.RawBinding[],
    )) as PlanRows;
    return result.rows.map((r) => r['QUERY PLAN']).join('\n');
  }
  return db.transaction(async (trx) => {
    await trx.raw(`prepare bench_explain as ${query.sql}`);
    const args = `(${query.bindings.map(literal).join(', ')})`;
    for (let i = 0; i < 6; i++) await trx.raw(`execute bench_explain${args}`);
    const result = (await trx.raw(`explain (analyze, buffers) execute bench_explain${args}`)) as PlanRows;
    await trx.raw('deallocate bench_explain');
    return result.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/** Each statement of one nearby call with its plan. */
export async function explainNearby(
  db: Knex,
  dialect: 'sqlite' | 'pg',
  q: NearbyInput,
): Promise<Array<{ sql: string; plan: string }>> {
  const queries = await captureNearbyQueries(db, q);
  const out: Array<{ sql: string; plan: string }> = [];
  for (const query of queries) {
    out.push({ sql: query.sql, plan: dialect === 'sqlite' ? await sqlitePlan(db, query) : await pgPlan(db, query) });
  }
  return out;
}

/**
 * The repo call alone, in this process, one after another: mean milliseconds per call and
 * the mean number of matching spots (`total`), to tell database time from HTTP overhead.
 */
export async function timeRepoCalls(
  db: Knex,
  couponId: number,
  positions: Position[],
  rangeM?: number,
): Promise<{ meanMs: number; meanTotal: number; withResults: number }> {
  for (const position of positions.slice(0, 50)) await call(db, { couponId, position, rangeM });
  let total = 0;
  let withResults = 0;
  const started = performance.now();
  for (const position of positions) {
    const r = await call(db, { couponId, position, rangeM });
    total += r.total;
    if (r.rows.length > 0) withResults++;
  }
  const ms = performance.now() - started;
  return { meanMs: ms / positions.length, meanTotal: total / positions.length, withResults };
}
