import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { jstWeekStart } from '../../server/src/db/dialect';
import { fixedClock, testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCampaign, createCoupon, createSpot, createVisitor } from '../helpers/factories';

let keySeq = 0;
/** A redemption as 'mark as used' stores it, on JST day `usedOn`. */
async function redeem(db: Db, a: { userId: number; couponId: number; spotId: number; usedOn: string }) {
  keySeq += 1;
  await db('redemptions').insert({
    user_id: a.userId,
    coupon_id: a.couponId,
    spot_id: a.spotId,
    used_on: a.usedOn,
    received_on: a.usedOn,
    used_at: `${a.usedOn}T03:00:00.000Z`,
    latitude: 32.8,
    longitude: 130.7,
    distance_m: 10,
    idempotency_key: `k-${keySeq}-${Math.random().toString(36).slice(2)}`,
    created_at: `${a.usedOn}T03:00:00.000Z`,
  });
}

type Ranked = { id: number; rank: number; uses: number; area: string; favorite?: boolean };
type Body = {
  data: Ranked[];
  meta: {
    page: number;
    limit: number;
    total: number;
    period: string;
    from: string | null;
    to: string | null;
    campaignId: number | null;
  };
};

describe('jstWeekStart', () => {
  it('is the Monday of the JST week (weeks start on Monday)', () => {
    expect(jstWeekStart('2026-11-21')).toBe('2026-11-16'); // Saturday
    expect(jstWeekStart('2026-11-22')).toBe('2026-11-16'); // Sunday ends the week
    expect(jstWeekStart('2026-11-16')).toBe('2026-11-16'); // Monday
    expect(jstWeekStart('2027-01-01')).toBe('2026-12-28'); // across the year
  });
});

/** The ranking screen's paged list and the top of the ranking: same query, same answer. */
const LIST = '/api/coupons/list/search/ranking';
const TOP = '/api/coupons/get/ranking';

/**
 * GET /api/coupons/list/search/ranking and GET /api/coupons/get/ranking (spec 2 "a coupon
 * ranking", spec 7, issue 15). The clock is fixed at
 * 2026-11-21 12:00 JST, a Saturday: the week counted is 2026-11-16..21; the season is the
 * rally 2026-11-01..2027-01-31, counted to today.
 */
describe('coupon ranking', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  let rallyId: number;
  const ids: Record<'a' | 'b' | 'c' | 'd' | 'e', number> = { a: 0, b: 0, c: 0, d: 0, e: 0 };

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db).app;
    rallyId = await createCampaign(db);
    const spot = await createSpot(db, { name: '熊本ラーメン' });
    ids.a = await createCoupon(db, { spotIds: [spot.id], title: 'A', area: 'city' });
    ids.b = await createCoupon(db, { spotIds: [spot.id], title: 'B', area: 'city' });
    ids.c = await createCoupon(db, { spotIds: [spot.id], title: 'C', area: 'aso' });
    ids.d = await createCoupon(db, { spotIds: [spot.id], title: 'D', area: 'city', published: false });
    ids.e = await createCoupon(db, { spotIds: [spot.id], title: 'E', area: 'city' });
    const users = await Promise.all(Array.from({ length: 5 }, () => createVisitor(db)));
    const use = async (coupon: keyof typeof ids, days: string[]) => {
      let u = 0;
      for (const usedOn of days)
        await redeem(db, { userId: users[u++]!.id, couponId: ids[coupon], spotId: spot.id, usedOn });
    };
    // This week (Mon 16 .. Sat 21): A 3, C 2, B 1, E 1 (B and E tie), D 5 but unpublished.
    await use('a', ['2026-11-16', '2026-11-20', '2026-11-21', '2026-11-15', '2026-10-30']);
    await use('b', ['2026-11-18', '2026-11-10', '2026-11-11', '2026-11-12']);
    await use('c', ['2026-11-17', '2026-11-19']);
    await use('d', ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    await use('e', ['2026-11-21']);
  });
  afterAll(() => destroy());

  const get = (query: string, auth?: string) => {
    const r = request(app).get(`${LIST}${query}`);
    if (auth) r.set('Authorization', auth);
    return r;
  };
  const order = (b: Body) => b.data.map((c) => [c.id, c.rank, c.uses]);

  it('this week (the default): shown coupons by uses Monday..today, ties by id, page size 10', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    const body = res.body as Body;
    expect(order(body)).toEqual([
      [ids.a, 1, 3],
      [ids.c, 2, 2],
      [ids.b, 3, 1],
      [ids.e, 4, 1],
    ]);
    expect(body.meta).toEqual({
      page: 1,
      limit: 10,
      total: 4,
      period: 'week',
      from: '2026-11-16',
      to: '2026-11-21',
      campaignId: null,
    });
    // The list's card shape: title, spot, area...; no favourite flag for an anonymous caller.
    expect(body.data[0]).toMatchObject({ title: 'A', area: 'city', spot: { name: '熊本ラーメン' } });
    expect(body.data[0]).not.toHaveProperty('favorite');
  });

  it('this season: the running rally from its first day to today', async () => {
    const body = (await get('?period=season')).body as Body;
    expect(order(body)).toEqual([
      [ids.a, 1, 4],
      [ids.b, 2, 4],
      [ids.c, 3, 2],
      [ids.e, 4, 1],
    ]);
    expect(body.meta).toMatchObject({
      period: 'season',
      from: '2026-11-01',
      to: '2026-11-21',
      campaignId: rallyId,
      total: 4,
    });
  });

  it('per area, and paged with ranks continuing', async () => {
    const city = (await get('?period=week&area=city')).body as Body;
    expect(order(city)).toEqual([
      [ids.a, 1, 3],
      [ids.b, 2, 1],
      [ids.e, 3, 1],
    ]);
    expect(city.data.every((c) => c.area === 'city')).toBe(true);
    const page2 = (await get('?limit=2&page=2')).body as Body;
    expect(order(page2)).toEqual([
      [ids.b, 3, 1],
      [ids.e, 4, 1],
    ]);
    expect(page2.meta).toMatchObject({ page: 2, limit: 2, total: 4 });
  });

  it('a signed-in visitor sees which are their favourites', async () => {
    const v = await createVisitor(db);
    expect(
      (
        await request(app)
          .put('/api/coupons/set/favorite')
          .set('Authorization', v.auth)
          .send({ couponId: ids.c, favorite: true })
      ).status,
    ).toBe(200);
    const body = (await get('', v.auth)).body as Body;
    expect(body.data.map((c) => [c.id, c.favorite])).toEqual([
      [ids.a, false],
      [ids.c, true],
      [ids.b, false],
      [ids.e, false],
    ]);
  });

  it('the top of the ranking (GET /coupons/get/ranking): public, page 1 of the same ranking', async () => {
    const top3 = await request(app).get(`${TOP}?limit=3`);
    expect(top3.status).toBe(200);
    expect(order(top3.body as Body)).toEqual([
      [ids.a, 1, 3],
      [ids.c, 2, 2],
      [ids.b, 3, 1],
    ]);
    expect((top3.body as Body).meta).toMatchObject({ page: 1, limit: 3, total: 4, period: 'week' });
    for (const q of ['', '?period=season', '?period=season&area=city', '?area=aso&limit=1'])
      expect((await request(app).get(`${TOP}${q}`)).body, q).toEqual((await get(q)).body);
  });

  it('both calls are described in the OpenAPI document with their query and the ranked card', async () => {
    const api = (await request(app).get('/api/openapi.json')).body as { paths: Record<string, unknown> };
    for (const path of [LIST, TOP]) {
      const doc = JSON.stringify(api.paths[path]);
      for (const word of ['period', 'season', 'rank', 'uses', 'campaignId', 'area']) expect(doc, path).toContain(word);
    }
    expect(JSON.stringify(api.paths[LIST])).toContain('paged');
    expect(JSON.stringify(api.paths[TOP])).toContain('top of the ranking');
  });

  it('400 VALIDATION_FAILED for an unknown period or area and a bad page, on both calls', async () => {
    for (const path of [LIST, TOP])
      for (const q of ['?period=month', '?period=', '?area=tokyo', '?page=0', '?limit=51'])
        expectError(await request(app).get(`${path}${q}`), 400, 'VALIDATION_FAILED');
  });

  it('no rally running: the season is empty and says so; the week still counts', async () => {
    const later = testApp(db, { clock: fixedClock('2027-03-01T03:00:00Z') }).app; // a Monday, after the rally
    await redeem(db, {
      userId: (await createVisitor(db)).id,
      couponId: ids.b,
      spotId: (await createSpot(db)).id,
      usedOn: '2027-03-01',
    });
    const season = (await request(later).get(`${LIST}?period=season`)).body as Body;
    expect(season).toEqual({
      data: [],
      meta: { page: 1, limit: 10, total: 0, period: 'season', from: null, to: null, campaignId: null },
    });
    const week = (await request(later).get(LIST)).body as Body;
    expect(order(week)).toEqual([[ids.b, 1, 1]]);
    expect(week.meta).toMatchObject({ from: '2027-03-01', to: '2027-03-01' });
  });
});
