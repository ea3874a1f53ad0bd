import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import type { Config } from '../../server/src/config';
import { createDb, type Db } from '../../server/src/db/knex';
import type { TownPoint } from './points';

/** A database the benchmark created, and how to remove it again. */
export interface BenchDatabase {
  label: 'SQLite' | 'PostgreSQL';
  database: Config['database'];
  /** Where it lives, for the log (no credentials). */
  where: string;
  drop(): Promise<void>;
}

/** What was loaded: the chain coupon's id and how long loading took. */
export interface LoadResult {
  couponId: number;
  spots: number;
  loadMs: number;
}

const CREATED_AT = '2026-10-01T00:00:00.000Z';

/** The spot rows' varying columns; the constant ones are written by the insert itself. */
function spotColumns(points: TownPoint[], from: number, to: number) {
  const ids: number[] = [];
  const codes: string[] = [];
  const lats: number[] = [];
  const lngs: number[] = [];
  const addresses: string[] = [];
  const names: string[] = [];
  for (let i = from; i < to; i++) {
    const p = points[i] as TownPoint;
    ids.push(i + 1);
    codes.push(`JA${String(i + 1).padStart(7, '0')}`);
    lats.push(p.lat);
    lngs.push(p.lng);
    addresses.push(`${p.pref}${p.muni}${p.town}${p.koaza}`);
    names.push(`${p.pref}${p.muni}${p.town}`);
  }
  return { ids, codes, lats, lngs, addresses, names };
}

/** The one published chain coupon (valid 2026-10-01..2027-03-31) the spots are linked to. */
async function insertChainCoupon(db: Db): Promise<number> {
  const [row] = await db('coupons')
    .insert({
      area: 'city',
      purpose: 'gourmet',
      genre: 'chain',
      valid_from: '2026-10-01',
      valid_to: '2027-03-31',
      published: true,
      created_at: CREATED_AT,
      updated_at: CREATED_AT,
    })
    .returning('id');
  const couponId = Number(typeof row === 'object' ? (row as { id: number }).id : row);
  await db('coupon_translations').insert({
    coupon_id: couponId,
    locale: 'ja',
    title: '全国チェーン 10%オフ',
    description: 'ベンチマーク用: すべての店舗で使えるクーポン',
    discount_text: '10%オフ',
  });
  return couponId;
}

/** The subset of better-sqlite3 the loader uses (the package ships no types here). */
interface SqliteStatement {
  run(...params: unknown[]): unknown;
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  pragma(source: string): unknown;
  transaction(fn: () => void): () => void;
  close(): void;
}
type SqliteConstructor = new (file: string) => SqliteConnection;

/**
 * A fresh SQLite file in a temp dir, migrated with the real migrations, loaded with
 * prepared statements inside one transaction (better-sqlite3 directly: knex would add
 * seconds of SQL building for 830,000 rows and nothing to what is measured).
 */
export async function loadSqlite(points: TownPoint[]): Promise<{ target: BenchDatabase; load: LoadResult }> {
  const dir = mkdtempSync(join(tmpdir(), 'passport-bench-'));
  const file = join(dir, 'bench.sqlite3');
  const target: BenchDatabase = {
    label: 'SQLite',
    database: { client: 'sqlite', file },
    where: file,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
  const started = performance.now();
  const db = createDb(target.database);
  let couponId: number;
  try {
    await db.migrate.latest();
    couponId = await insertChainCoupon(db);
  } finally {
    await db.destroy();
  }
  const Database = createRequire(import.meta.url)('better-sqlite3') as SqliteConstructor;
  const conn = new Database(file);
  try {
    conn.pragma('foreign_keys = ON');
    conn.pragma('journal_mode = WAL');
    const spot = conn.prepare(
      `insert into spots (id, store_code, latitude, longitude, area, purpose, address, usable_range_m, source, created_at, updated_at)
       values (?, ?, ?, ?, 'city', 'gourmet', ?, 500, 'japanese-addresses', ?, ?)`,
    );
    const name = conn.prepare(`insert into spot_translations (spot_id, locale, name) values (?, 'ja', ?)`);
    const link = conn.prepare(`insert into coupon_spots (coupon_id, spot_id) values (?, ?)`);
    const c = spotColumns(points, 0, points.length);
    conn.transaction(() => {
      for (let i = 0; i < c.ids.length; i++) {
        spot.run(c.ids[i], c.codes[i], c.lats[i], c.lngs[i], c.addresses[i], CREATED_AT, CREATED_AT);
        name.run(c.ids[i], c.names[i]);
        link.run(couponId, c.ids[i]);
      }
    })();
  } finally {
    conn.close();
  }
  return { target, load: { couponId, spots: points.length, loadMs: performance.now() - started } };
}

/**
 * A fresh PostgreSQL database next to `adminUrl`'s, migrated with the real migrations,
 * loaded in one transaction with array inserts (`insert ... select from unnest(...)`) of
 * 20,000 rows a statement, then VACUUM ANALYZEd (what autovacuum does shortly after such a
 * load: planner statistics, and a visibility map so index-only scans skip the heap).
 */
export async function loadPostgres(
  points: TownPoint[],
  adminUrl: string,
): Promise<{ target: BenchDatabase; load: LoadResult }> {
  const name = `passport_bench_${randomBytes(5).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const target: BenchDatabase = {
    label: 'PostgreSQL',
    database: { client: 'pg', url: url.toString() },
    where: `${url.host}/${name}`,
    drop: async () => {
      try {
        await admin.raw(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.destroy();
      }
    },
  };
  const started = performance.now();
  const db = createDb(target.database);
  try {
    await db.migrate.latest();
    const couponId = await insertChainCoupon(db);
    const chunk = 20_000;
    await db.transaction(async (trx) => {
      for (let from = 0; from < points.length; from += chunk) {
        const c = spotColumns(points, from, Math.min(points.length, from + chunk));
        await trx.raw(
          `insert into spots (id, store_code, latitude, longitude, area, purpose, address, usable_range_m, source, created_at, updated_at)
           select id, code, lat, lng, 'city', 'gourmet', addr, 500, 'japanese-addresses', ?::timestamptz, ?::timestamptz
           from unnest(?::int[], ?::text[], ?::float8[], ?::float8[], ?::text[]) as t(id, code, lat, lng, addr)`,
          [CREATED_AT, CREATED_AT, c.ids, c.codes, c.lats, c.lngs, c.addresses],
        );
        await trx.raw(
          `insert into spot_translations (spot_id, locale, name) select id, 'ja', name from unnest(?::int[], ?::text[]) as t(id, name)`,
          [c.ids, c.names],
        );
        await trx.raw(`insert into coupon_spots (coupon_id, spot_id) select ?, id from unnest(?::int[]) as t(id)`, [
          couponId,
          c.ids,
        ]);
      }
      await trx.raw(`select setval(pg_get_serial_sequence('spots', 'id'), (select max(id) from spots))`);
    });
    await db.raw('vacuum analyze');
    await db.destroy();
    return { target, load: { couponId, spots: points.length, loadMs: performance.now() - started } };
  } catch (err) {
    await db.destroy();
    await target.drop();
    throw err;
  }
}
