import type { Knex } from 'knex';
import { findSpotsOfCouponNear } from '../../server/src/domains/spots/spots.repo';

type Position = { lat: number; lng: number };
type NearbyInput = { couponId: number; position: Position; rangeM?: number };

interface CapturedQuery {
  sql: string;
  bindings: unknown[];
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
  const listener = (e: { sql: string; bindings?: unknown[] }) => captured.push({ sql: e.sql, bindings: e.bindings ?? [] });
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

/** PostgreSQL EXPLAIN (ANALYZE, BUFFERS): the plan that really ran, with timings. */
async function pgPlan(db: Knex, query: CapturedQuery): Promise<string> {
  const result = (await db.raw(`explain (analyze, buffers) ${toKnexPlaceholders(query.sql)}`, query.bindings as Knex.RawBinding[])) as {
    rows: Array<{ 'QUERY PLAN': string }>;
  };
  return result.rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** Each statement of one nearby call with its plan. */
export async function explainNearby(db: Knex, dialect: 'sqlite' | 'pg', q: NearbyInput): Promise<Array<{ sql: string; plan: string }>> {
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
