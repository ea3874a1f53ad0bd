import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDerivedData, type DerivedData } from '../../server/src/db/derived-data';
import type { Db } from '../../server/src/db/knex';
import { COUPON_SEARCH_DATA } from '../../server/src/domains/coupon-search';
import { request } from '../helpers/api';
import { fixedClock, testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';

/**
 * Derived data at start (db/derived-data.ts): the coupon search documents of a database that
 * has coupons but no documents (an upgraded database: the migration builds none) are built
 * once, by the version check, and only again when the builder's version changes.
 */
describe('derived data brought up to date at start', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  const clock = fixedClock('2026-11-21T03:00:00Z');

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb({ seed: true }));
  });
  afterAll(() => destroy());

  const keywordTotal = async (keyword: string) => {
    const r = await request(testApp(db, { clock }).app).get('/api/coupons/list/search').query({ keyword });
    expect(r.status).toBe(200);
    return r.body.meta.total as number;
  };

  it('rebuilds missing documents once, then only for a new version', async () => {
    const before = await keywordTotal('阿蘇');
    expect(before).toBeGreaterThan(0);
    await db('coupon_search_docs').delete();
    await db('coupon_municipalities').delete();
    await db('derived_data_versions').delete();
    expect(await keywordTotal('阿蘇')).toBe(0);

    expect(await ensureDerivedData(db, [COUPON_SEARCH_DATA])).toEqual(['coupon_search']);
    expect(await keywordTotal('阿蘇')).toBe(before);
    expect(await ensureDerivedData(db, [COUPON_SEARCH_DATA])).toEqual([]);

    const next: DerivedData = { ...COUPON_SEARCH_DATA, version: COUPON_SEARCH_DATA.version + 1 };
    expect(await ensureDerivedData(db, [next])).toEqual(['coupon_search']);
    const row = await db('derived_data_versions').where({ name: 'coupon_search' }).first('version');
    expect(Number(row.version)).toBe(COUPON_SEARCH_DATA.version + 1);
  });

  it('processes starting together rebuild once', async () => {
    let rebuilds = 0;
    const set: DerivedData = {
      name: 'test_parallel',
      version: 1,
      rebuild: async () => {
        rebuilds++;
      },
    };
    const results = await Promise.all(Array.from({ length: 4 }, () => ensureDerivedData(db, [set])));
    expect(rebuilds).toBe(1);
    expect(results.flat()).toEqual(['test_parallel']);
  });

  it('a failed rebuild records nothing, and the next start tries again', async () => {
    const failing: DerivedData = {
      name: 'test_failing',
      version: 1,
      rebuild: async (trx) => {
        await trx('coupon_search_docs').delete();
        throw new Error('builder failed');
      },
    };
    const docs = Number((await db('coupon_search_docs').count({ n: '*' }))[0]!.n);
    await expect(ensureDerivedData(db, [failing])).rejects.toThrow('builder failed');
    expect(Number((await db('coupon_search_docs').count({ n: '*' }))[0]!.n)).toBe(docs);
    expect(await db('derived_data_versions').where({ name: 'test_failing' }).first()).toBeUndefined();
  });
});
