/**
 * The keyword-search benchmark of issue 15, run by bench/run.ts (`npm run bench`): GET
 * /api/coupons/list/search?keyword=… (page 1, limit 10, as the list asks) on one coupon per
 * benchmark spot (277,207 by default), each with its own search document built by the app's
 * own builder, on SQLite (FTS5 trigram) and PostgreSQL (pg_trgm GIN). Goal: p99 under 30 ms
 * at 10 concurrent. See bench/README.md, "Keyword search".
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import type { Config } from '../server/src/config';
import { createDb, type Db } from '../server/src/db/knex';
import { rebuildCouponSearch } from '../server/src/domains/coupon-search';
import { AREAS, PURPOSES } from '@contracts/common';
import { seededRandom, type TownPoint } from './lib/points';
import type { Measurement } from './lib/measure';

export const SEARCH_PATH = '/api/coupons/list/search';
/** Issue 15's goal: p99 under this at GOAL_AT concurrent requests. */
export const SEARCH_GOAL_P99_MS = 30;
export const SEARCH_GOAL_AT = 10;
const CREATED_AT = '2026-10-01T00:00:00.000Z';
/** Rows per insert statement: 9 columns x 500 stays under SQLite's 32,766 bound parameters. */
const BATCH = 500;

export interface SearchDatabase {
  label: 'SQLite' | 'PostgreSQL';
  database: Config['database'];
  where: string;
  drop(): Promise<void>;
}

/**
 * Writes one published coupon per point, each at its own spot named after the town
 * (`熊本県熊本市中央区手取本町`, as the nearby benchmark names them) with the town's address,
 * a title and discount naming the town, an area and purpose spread over spec 3's lists; then
 * builds every search document with the app's rebuildCouponSearch, in one transaction.
 */
async function fill(db: Db, points: TownPoint[]): Promise<{ docsMs: number }> {
  await db.transaction(async (trx) => {
    for (let from = 0; from < points.length; from += BATCH) {
      const part = points.slice(from, from + BATCH);
      const ids = part.map((_, i) => from + i + 1);
      await trx('spots').insert(
        part.map((p, i) => ({
          id: ids[i],
          store_code: `JS${String(ids[i]).padStart(7, '0')}`,
          latitude: p.lat,
          longitude: p.lng,
          area: AREAS[ids[i]! % AREAS.length],
          purpose: PURPOSES[ids[i]! % PURPOSES.length],
          address: `${p.pref}${p.muni}${p.town}${p.koaza}`,
          usable_range_m: 500,
          created_at: CREATED_AT,
          updated_at: CREATED_AT,
        })),
      );
      await trx('spot_translations').insert(
        part.map((p, i) => ({ spot_id: ids[i], locale: 'ja', name: `${p.muni}${p.town}の店` })),
      );
      await trx('coupons').insert(
        part.map((_, i) => ({
          id: ids[i],
          area: AREAS[ids[i]! % AREAS.length],
          purpose: PURPOSES[ids[i]! % PURPOSES.length],
          valid_from: '2026-10-01',
          valid_to: '2027-03-31',
          published: true,
          created_at: new Date(Date.parse(CREATED_AT) + ids[i]! * 1000).toISOString(),
          updated_at: CREATED_AT,
        })),
      );
      await trx('coupon_translations').insert(
        part.map((p, i) => ({
          coupon_id: ids[i],
          locale: 'ja',
          title: `${p.town}で使える 10%オフ`,
          description: `${p.pref}${p.muni}のお店のクーポン`,
          discount_text: '10%オフ',
        })),
      );
      await trx('coupon_spots').insert(part.map((_, i) => ({ coupon_id: ids[i], spot_id: ids[i] })));
    }
    if (db.client.config.client === 'pg') {
      for (const table of ['spots', 'coupons'])
        await trx.raw(`select setval(pg_get_serial_sequence(?, 'id'), (select max(id) from ??))`, [table, table]);
    }
  });
  const started = performance.now();
  await db.transaction((trx) => rebuildCouponSearch(trx));
  return { docsMs: performance.now() - started };
}

/** A fresh SQLite file or PostgreSQL database, migrated, holding the search data. */
export async function loadSearchDatabase(
  label: SearchDatabase['label'],
  points: TownPoint[],
  pgUrl?: string,
): Promise<{ target: SearchDatabase; loadMs: number; docsMs: number }> {
  const started = performance.now();
  let target: SearchDatabase;
  if (label === 'SQLite') {
    const dir = mkdtempSync(join(tmpdir(), 'passport-search-'));
    const file = join(dir, 'search.sqlite3');
    target = {
      label,
      database: { client: 'sqlite', file },
      where: file,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  } else {
    if (!pgUrl) throw new Error('no PostgreSQL URL');
    const name = `passport_search_${randomBytes(5).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: pgUrl, pool: { min: 0, max: 1 } });
    await admin.raw(`create database ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    target = {
      label,
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
  }
  const db = createDb(target.database);
  try {
    await db.migrate.latest();
    const { docsMs } = await fill(db, points);
    if (label === 'PostgreSQL') await db.raw('vacuum analyze');
    else await db.raw('analyze');
    return { target, loadMs: performance.now() - started, docsMs };
  } catch (err) {
    await db.destroy();
    await target.drop();
    throw err;
  } finally {
    await db.destroy().catch(() => undefined);
  }
}

export interface SearchCase {
  key: 'long' | 'short';
  title: string;
}
export const SEARCH_CASES: SearchCase[] = [
  { key: 'long', title: 'keyword of 3+ characters (trigram index)' },
  { key: 'short', title: 'keyword of 2 characters (scan of the folded documents)' },
];

/**
 * 1,000 request paths per case from randomly chosen towns (fixed seed): `long` asks for a
 * town's name (3 characters or more; a town name is in its coupon's title, shop name and
 * address, and often in other towns' too), `short` for its first 2 characters.
 */
export function searchPaths(points: TownPoint[], c: SearchCase, seed: number, count = 1000): string[] {
  const rnd = seededRandom(seed);
  const out: string[] = [];
  for (let tries = 0; out.length < count && tries < count * 50; tries++) {
    const town = points[Math.floor(rnd() * points.length)]?.town ?? '';
    const chars = [...town];
    if (chars.length < 3) continue;
    const keyword = c.key === 'long' ? town : chars.slice(0, 2).join('');
    out.push(`${SEARCH_PATH}?page=1&limit=10&keyword=${encodeURIComponent(keyword)}`);
  }
  if (out.length === 0) throw new Error('no town names of 3 characters or more');
  return out;
}

/** The verdict line of the goal: p99 at SEARCH_GOAL_AT concurrent under SEARCH_GOAL_P99_MS. */
export function searchVerdict(label: string, c: SearchCase, runs: Measurement[]): { met: boolean; text: string } {
  const m = runs.find((r) => r.connections === SEARCH_GOAL_AT);
  if (!m) return { met: false, text: `${label}, ${c.title}: no run at ${SEARCH_GOAL_AT} concurrent` };
  const met = m.p99Ms < SEARCH_GOAL_P99_MS && m.errors + m.non2xx + m.timeouts === 0;
  const goal = c.key === 'long' ? 'goal' : 'same bar (informational)';
  return {
    met,
    text:
      `${label}, ${c.title}: ${goal}: p99 at ${SEARCH_GOAL_AT} concurrent ${m.p99Ms.toFixed(2)} ms ` +
      `(< ${SEARCH_GOAL_P99_MS}: ${met ? 'met' : 'MISSED'}), ${m.rps.toFixed(0)} req/s`,
  };
}
