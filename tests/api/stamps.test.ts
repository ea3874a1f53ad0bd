import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { fixedClock, testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCampaign, createCoupon, createSpot, createVisitor } from '../helpers/factories';

/** GET /api/stamps/get/list (spec 7): my stamps in a rally with red, gold and total. */
describe('GET /api/stamps/get/list', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  const clock = fixedClock('2026-11-21T03:00:00Z');
  let app: ReturnType<typeof testApp>['app'];
  let rally: number;
  let lastYear: number;
  let spot: { id: number; lat: number; lng: number };
  let coupons: number[];
  let inn: number;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db, { clock }).app;
    lastYear = await createCampaign(db, { startsOn: '2025-11-01', endsOn: '2026-01-31', name: '去年のラリー' });
    rally = await createCampaign(db, { name: '今年のラリー' });
    spot = await createSpot(db, { name: '上通の店' });
    coupons = [
      await createCoupon(db, { spotIds: [spot.id], title: 'A' }),
      await createCoupon(db, { spotIds: [spot.id], title: 'B' }),
    ];
    inn = await createCoupon(db, { spotIds: [spot.id], purpose: 'lodging', title: '宿' });
  });
  afterAll(() => destroy());

  const use = (auth: string, couponId: number, k: string) =>
    request(app)
      .put(`/api/coupons/qr/${couponId}`)
      .set('Authorization', auth)
      .set('Idempotency-Key', k)
      .send({ lat: spot.lat, long: spot.lng });

  it('401 when signed out', async () => {
    const r = await request(app).get('/api/stamps/get/list');
    expectError(r, 401, 'UNAUTHORIZED');
  });

  it('is empty before any coupon is used', async () => {
    const v = await createVisitor(db);
    const r = await request(app).get('/api/stamps/get/list').set('Authorization', v.auth);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      campaign: { id: rally, name: '今年のラリー' },
      stamps: [],
      red: 0,
      gold: 0,
      total: 0,
    });
  });

  it('counts red as 1 and gold as 10, newest first, for the running rally and by campaignId', async () => {
    const v = await createVisitor(db);
    expect((await use(v.auth, coupons[0]!, 'stamp-key-0001')).status).toBe(200);
    clock.set('2026-11-21T04:00:00Z');
    expect((await use(v.auth, coupons[1]!, 'stamp-key-0002')).status).toBe(200);
    clock.set('2026-11-21T05:00:00Z');
    expect((await use(v.auth, inn, 'stamp-key-0003')).status).toBe(200);
    clock.set('2026-11-21T03:00:00Z');
    const other = await createVisitor(db);
    expect((await use(other.auth, coupons[0]!, 'stamp-key-0004')).status).toBe(200);

    const r = await request(app).get('/api/stamps/get/list').set('Authorization', v.auth);
    expect(r.body.data).toMatchObject({ red: 2, gold: 1, total: 12 });
    expect(r.body.data.stamps.map((s: { couponTitle: string; kind: string }) => [s.couponTitle, s.kind])).toEqual([
      ['宿', 'gold'],
      ['B', 'red'],
      ['A', 'red'],
    ]);
    expect(r.body.data.stamps[0]).toMatchObject({ value: 10, spotName: '上通の店', campaignId: rally });
    const byId = await request(app).get(`/api/stamps/get/list?campaignId=${rally}`).set('Authorization', v.auth);
    expect(byId.body.data.total).toBe(12);
    const old = await request(app).get(`/api/stamps/get/list?campaignId=${lastYear}`).set('Authorization', v.auth);
    expect(old.body.data).toMatchObject({ campaign: { id: lastYear }, stamps: [], total: 0 });
  });

  it('404 CAMPAIGN_NOT_FOUND for an unknown rally, and 400 for a bad id', async () => {
    const v = await createVisitor(db);
    const unknown = await request(app)
      .get('/api/stamps/get/list?campaignId=999')
      .set('Authorization', v.auth)
      .set('x-lang', 'en');
    expectError(unknown, 404, 'CAMPAIGN_NOT_FOUND');
    expect(unknown.body.error).toMatchObject({ code: 'CAMPAIGN_NOT_FOUND', message: 'The stamp rally was not found.' });
    expect(unknown.body.error.requestId).toBeTruthy();
    expect(unknown.body.data).toBeUndefined();
    expectError(
      await request(app).get('/api/stamps/get/list?campaignId=x').set('Authorization', v.auth),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('answers campaign null when no rally runs today and none is asked for', async () => {
    const v = await createVisitor(db, { nowMs: Date.parse('2027-03-01T03:00:00Z') });
    clock.set('2027-03-01T03:00:00Z');
    try {
      const r = await request(app).get('/api/stamps/get/list').set('Authorization', v.auth);
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({
        campaign: null,
        stamps: [],
        red: 0,
        gold: 0,
        total: 0,
        balance: { earned: 0, spent: 0, left: 0 },
      });
    } finally {
      clock.set('2026-11-21T03:00:00Z');
    }
  });
});
