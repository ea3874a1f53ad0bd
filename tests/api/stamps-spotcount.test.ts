import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { fixedClock, testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCampaign, createCoupon, createSpot, createStaffAccount, createVisitor } from '../helpers/factories';

/** GET /api/stamps/spotcount (spec 7, issue 12): my stamps in a rally counted per spot and area. */
describe('GET /api/stamps/spotcount', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  const clock = fixedClock('2026-11-21T03:00:00Z');
  let app: ReturnType<typeof testApp>['app'];
  let rally: number;
  let castle: { id: number; lat: number; lng: number };
  let aso: { id: number; lat: number; lng: number };
  let lunch: number;
  let tea: number;
  let inn: number;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db, { clock }).app;
    rally = await createCampaign(db, { name: '今年のラリー' });
    castle = await createSpot(db, { name: '城下の茶屋', nameEn: 'Castle tea house', area: 'city' });
    aso = await createSpot(db, { name: '阿蘇の宿', area: 'aso', lat: 32.88, lng: 131.1 });
    lunch = await createCoupon(db, { spotIds: [castle.id] });
    tea = await createCoupon(db, { spotIds: [castle.id] });
    inn = await createCoupon(db, { spotIds: [aso.id], purpose: 'lodging' });
  });
  afterAll(() => destroy());

  const use = (auth: string, couponId: number, at: { lat: number; lng: number }, k: string) =>
    request(app)
      .put(`/api/coupons/qr/${couponId}`)
      .set('Authorization', auth)
      .set('Idempotency-Key', k)
      .send({ lat: at.lat, long: at.lng });

  it('401 signed out, 403 for staff, 400 for a bad rally id, 404 for an unknown rally', async () => {
    expectError(await request(app).get('/api/stamps/spotcount'), 401, 'UNAUTHORIZED');
    const admin = await createStaffAccount(db, { role: 'admin' });
    expectError(await request(app).get('/api/stamps/spotcount').set('Authorization', admin.auth), 403, 'FORBIDDEN');
    const v = await createVisitor(db);
    const get = (q: string) => request(app).get(`/api/stamps/spotcount${q}`).set('Authorization', v.auth);
    expectError(await get('?campaignId=x'), 400, 'VALIDATION_FAILED');
    expectError(await get('?campaignId=99999'), 404, 'CAMPAIGN_NOT_FOUND');
  });

  it('counts the visitor’s stamps per spot (most points first) and per area, in the x-lang language', async () => {
    const v = await createVisitor(db);
    expect((await use(v.auth, lunch, castle, 'spot-key-0001')).status).toBe(200);
    clock.set('2026-11-21T04:00:00Z');
    expect((await use(v.auth, tea, castle, 'spot-key-0002')).status).toBe(200);
    clock.set('2026-11-21T05:00:00Z');
    expect((await use(v.auth, inn, aso, 'spot-key-0003')).status).toBe(200);
    clock.set('2026-11-21T03:00:00Z');
    const other = await createVisitor(db);
    expect((await use(other.auth, lunch, castle, 'spot-key-0004')).status).toBe(200);

    const r = await request(app).get('/api/stamps/spotcount').set('Authorization', v.auth).set('x-lang', 'en');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      campaign: expect.objectContaining({ id: rally }),
      spotsVisited: 2,
      spots: [
        {
          spotId: aso.id,
          spotName: '阿蘇の宿',
          area: 'aso',
          red: 0,
          gold: 1,
          points: 10,
          lastAt: '2026-11-21T05:00:00.000Z',
        },
        {
          spotId: castle.id,
          spotName: 'Castle tea house',
          area: 'city',
          red: 2,
          gold: 0,
          points: 2,
          lastAt: '2026-11-21T04:00:00.000Z',
        },
      ],
      areas: [
        { area: 'city', spots: 1, red: 2, gold: 0, points: 2 },
        { area: 'aso', spots: 1, red: 0, gold: 1, points: 10 },
      ],
      balance: { earned: 12, spent: 0, left: 12 },
    });
  });

  it('answers empty counts with campaign null when no rally runs', async () => {
    const v = await createVisitor(db, { nowMs: Date.parse('2027-03-01T03:00:00Z') });
    clock.set('2027-03-01T03:00:00Z');
    try {
      const r = await request(app).get('/api/stamps/spotcount').set('Authorization', v.auth);
      expect(r.body.data).toEqual({
        campaign: null,
        spotsVisited: 0,
        spots: [],
        areas: [],
        balance: { earned: 0, spent: 0, left: 0 },
      });
    } finally {
      clock.set('2026-11-21T03:00:00Z');
    }
  });
});
