import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { fixedClock, testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCampaign, createCoupon, createSpot, createVisitor } from '../helpers/factories';

/**
 * GET /api/stamps/spotcount (spec 7; issue 15, the rally page): the rally, where it stands,
 * and a signed-in visitor's stamps per area. Clock 2026-11-21 12:00 JST.
 */
describe('GET /api/stamps/spotcount', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  const clock = fixedClock('2026-11-21T03:00:00Z');
  let app: ReturnType<typeof testApp>['app'];
  let rally: number;
  let lastYear: number;
  let city: { id: number; lat: number; lng: number };
  let city2: { id: number; lat: number; lng: number };
  let aso: { id: number; lat: number; lng: number };
  let ramen: number;
  let gyoza: number;
  let inn: number;
  const zero = { stamps: 0, points: 0, spots: 0 };

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db, { clock }).app;
    lastYear = await createCampaign(db, { startsOn: '2025-11-01', endsOn: '2026-01-31', name: '去年のラリー' });
    rally = await createCampaign(db, { name: '今年のラリー' });
    city = await createSpot(db, { area: 'city' });
    city2 = await createSpot(db, { area: 'city', lat: 32.8032, lng: 130.7079 });
    aso = await createSpot(db, { area: 'aso', lat: 32.8847, lng: 131.1036 });
    ramen = await createCoupon(db, { spotIds: [city.id, city2.id] });
    gyoza = await createCoupon(db, { spotIds: [city.id] });
    inn = await createCoupon(db, { spotIds: [aso.id], area: 'aso', purpose: 'lodging' });
  });
  afterAll(() => destroy());

  let k = 0;
  const use = async (auth: string, couponId: number, at: { lat: number; lng: number }) => {
    k += 1;
    const r = await request(app)
      .put(`/api/coupons/qr/${couponId}`)
      .set('Authorization', auth)
      .set('Idempotency-Key', `spotcount-${k}-key`)
      .send({ lat: at.lat, long: at.lng });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  const spotcount = (query = '', auth?: string) => {
    const r = request(app).get(`/api/stamps/spotcount${query}`);
    return auth ? r.set('Authorization', auth) : r;
  };

  it('anonymous: the running rally, state running, mine null', async () => {
    const r = await spotcount();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      data: {
        campaign: { id: rally, name: '今年のラリー', description: '', startsOn: '2026-11-01', endsOn: '2027-01-31' },
        state: 'running',
        mine: null,
      },
    });
  });

  it('a past rally by id is over; 404 CAMPAIGN_NOT_FOUND for an unknown id; 400 for a bad one', async () => {
    const r = await spotcount(`?campaignId=${lastYear}`);
    expect(r.body.data).toMatchObject({ campaign: { id: lastYear }, state: 'over', mine: null });
    expectError(await spotcount('?campaignId=999999'), 404, 'CAMPAIGN_NOT_FOUND');
    expectError(await spotcount('?campaignId=abc'), 400, 'VALIDATION_FAILED');
    expectError(await spotcount('?campaignId=0'), 400, 'VALIDATION_FAILED');
  });

  it('a rally not begun is upcoming; with none running and none asked, campaign null', async () => {
    clock.set('2026-10-15T03:00:00Z');
    expect((await spotcount(`?campaignId=${rally}`)).body.data.state).toBe('upcoming');
    expect((await spotcount()).body).toEqual({ data: { campaign: null, state: null, mine: null } });
    clock.set('2026-11-21T03:00:00Z');
  });

  it('a visitor: zero in all six areas, then stamps, points and distinct spots per area', async () => {
    const v = await createVisitor(db);
    const before = await spotcount('', v.auth);
    expect(before.body.data.mine).toEqual({
      red: 0,
      gold: 0,
      total: 0,
      areas: ['north', 'center', 'city', 'aso', 'south', 'amakusa'].map((area) => ({ area, ...zero })),
    });

    await use(v.auth, ramen, city2);
    await use(v.auth, gyoza, city);
    await use(v.auth, inn, aso);
    const other = await createVisitor(db);
    await use(other.auth, ramen, city);

    const r = await spotcount('', v.auth);
    expect(r.body.data.mine).toEqual({
      red: 2,
      gold: 1,
      total: 12,
      areas: [
        { area: 'north', ...zero },
        { area: 'center', ...zero },
        { area: 'city', stamps: 2, points: 2, spots: 2 },
        { area: 'aso', stamps: 1, points: 10, spots: 1 },
        { area: 'south', ...zero },
        { area: 'amakusa', ...zero },
      ],
    });
    // Last year's rally has none of them.
    expect((await spotcount(`?campaignId=${lastYear}`, v.auth)).body.data.mine.total).toBe(0);
    // The totals agree with /stamps/get/list.
    const list = await request(app).get('/api/stamps/get/list').set('Authorization', v.auth);
    expect([list.body.data.red, list.body.data.gold, list.body.data.total]).toEqual([2, 1, 12]);
  });
});
