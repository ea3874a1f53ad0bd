import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { fixedClock, testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import {
  createCampaign,
  createCoupon,
  createSpot,
  createStaffAccount,
  createVisitor,
  northOf,
} from '../helpers/factories';

/**
 * The remaining visitor coupon calls of spec 7 (issue 15): has/coupon/active, allnum/ticket,
 * get/issue/yearmonth, get/user/coupon/{id}, find/coupon/list, get/stamp/coupon and
 * coupon/detail/check. Clock: 2026-11-21 12:00 JST, inside the rally 2026-11-01..2027-01-31.
 */
describe('remaining coupon calls (spec 7)', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  const clock = fixedClock('2026-11-21T03:00:00Z');
  let app: ReturnType<typeof testApp>['app'];
  let rally: number;
  let city: { id: number; lat: number; lng: number };
  let aso: { id: number; lat: number; lng: number };
  let ramen: number;
  let onsen: number;
  let inn: number;
  let hidden: number;
  let expired: number;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db, { clock }).app;
    rally = await createCampaign(db, { name: '冬のラリー' });
    city = await createSpot(db, { name: '上通ラーメン', area: 'city' });
    aso = await createSpot(db, { name: '阿蘇の湯', area: 'aso', lat: 32.8847, lng: 131.1036, purpose: 'spa' });
    ramen = await createCoupon(db, {
      spotIds: [city.id],
      area: 'city',
      title: 'ラーメン大盛り無料',
      titleEn: 'Free large ramen',
    });
    onsen = await createCoupon(db, { spotIds: [aso.id], area: 'aso', purpose: 'spa', title: '入浴料100円引き' });
    inn = await createCoupon(db, { spotIds: [aso.id], area: 'aso', purpose: 'lodging', title: '宿泊5%オフ' });
    hidden = await createCoupon(db, { spotIds: [city.id], title: '準備中', published: false });
    expired = await createCoupon(db, {
      spotIds: [city.id],
      title: '夏限定',
      validFrom: '2026-06-01',
      validTo: '2026-08-31',
    });
  });
  afterAll(() => destroy());

  const as = (auth: string | null, r: ReturnType<ReturnType<typeof request>['get']>) =>
    auth ? r.set('Authorization', auth) : r;
  const get = (path: string, auth: string | null = null) => as(auth, request(app).get(path));
  const post = (path: string, body: unknown, auth: string | null = null) =>
    as(auth, request(app).post(path)).send(body as object);
  let keySeq = 0;
  /** Marks a coupon used at a spot, as the phone would (the real route, so stamps follow). */
  const use = async (auth: string, couponId: number, spot: { lat: number; lng: number }) => {
    keySeq += 1;
    const r = await request(app)
      .put(`/api/coupons/qr/${couponId}`)
      .set('Authorization', auth)
      .set('Idempotency-Key', `calls-test-${keySeq}`)
      .send({ lat: spot.lat, long: spot.lng });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { redemption: { id: number }; stamp: { id: number } | null };
  };
  /** Stores a past use directly (another JST day), with no stamp. */
  const pastUse = async (userId: number, couponId: number, spotId: number, day: string) => {
    keySeq += 1;
    await db('redemptions').insert({
      user_id: userId,
      coupon_id: couponId,
      spot_id: spotId,
      used_on: day,
      received_on: day,
      used_at: `${day}T03:00:00.000Z`,
      latitude: 32.8,
      longitude: 130.7,
      distance_m: 12.4,
      idempotency_key: `past-${keySeq}`,
      created_at: `${day}T03:00:00.000Z`,
    });
  };

  describe('GET /api/coupons/get/campaign with campaignId (the rally page)', () => {
    it('without it the running rally; with it that rally, running or not', async () => {
      const past = await createCampaign(db, { startsOn: '2025-11-01', endsOn: '2026-01-31', name: '去年のラリー' });
      expect((await get('/api/coupons/get/campaign')).body.data).toMatchObject({ id: rally, name: '冬のラリー' });
      expect((await get(`/api/coupons/get/campaign?campaignId=${past}`)).body).toEqual({
        data: { id: past, name: '去年のラリー', description: '', startsOn: '2025-11-01', endsOn: '2026-01-31' },
      });
      expect((await get(`/api/coupons/get/campaign?campaignId=${rally}`)).body.data.id).toBe(rally);
    });

    it('404 CAMPAIGN_NOT_FOUND for an unknown id, 400 VALIDATION_FAILED for a bad one', async () => {
      expectError(await get('/api/coupons/get/campaign?campaignId=999999'), 404, 'CAMPAIGN_NOT_FOUND');
      expectError(await get('/api/coupons/get/campaign?campaignId=abc'), 400, 'VALIDATION_FAILED');
      expectError(await get('/api/coupons/get/campaign?campaignId=0'), 400, 'VALIDATION_FAILED');
    });
  });

  describe('GET /api/coupons/has/coupon/active', () => {
    it('counts coupons shown today (not unpublished or expired), anonymous: unusedToday null', async () => {
      const r = await get('/api/coupons/has/coupon/active');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ data: { active: true, count: 3, unusedToday: null } });
      expect((await get('/api/coupons/has/coupon/active?area=aso')).body.data).toEqual({
        active: true,
        count: 2,
        unusedToday: null,
      });
      expect((await get('/api/coupons/has/coupon/active?area=aso&purpose=lodging')).body.data.count).toBe(1);
      expect((await get('/api/coupons/has/coupon/active?area=amakusa')).body.data).toEqual({
        active: false,
        count: 0,
        unusedToday: null,
      });
    });

    it('for a visitor, unusedToday leaves out what they used today', async () => {
      const v = await createVisitor(db);
      expect((await get('/api/coupons/has/coupon/active', v.auth)).body.data.unusedToday).toBe(3);
      await use(v.auth, ramen, city);
      expect((await get('/api/coupons/has/coupon/active', v.auth)).body.data).toEqual({
        active: true,
        count: 3,
        unusedToday: 2,
      });
      // The next JST day it is usable again.
      clock.set('2026-11-21T15:00:00Z');
      expect((await get('/api/coupons/has/coupon/active', v.auth)).body.data.unusedToday).toBe(3);
      clock.set('2026-11-21T03:00:00Z');
    });

    it('400 VALIDATION_FAILED for an unknown area or purpose', async () => {
      expectError(await get('/api/coupons/has/coupon/active?area=tokyo'), 400, 'VALIDATION_FAILED');
      expectError(await get('/api/coupons/has/coupon/active?purpose=karaoke'), 400, 'VALIDATION_FAILED');
    });
  });

  describe('GET /api/coupons/allnum/ticket', () => {
    it('counts coupons shown today per area (all six) and purpose (all seven), and their spots', async () => {
      const r = await get('/api/coupons/allnum/ticket');
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({
        total: 3,
        byArea: { north: 0, center: 0, city: 1, aso: 2, south: 0, amakusa: 0 },
        byPurpose: { gourmet: 1, spa: 1, experience: 0, lodging: 1, souvenir: 0, shopping: 0, traffic: 0 },
        spots: 2,
        mine: null,
      });
    });

    it("a visitor's uses ever, today, and favourites", async () => {
      const v = await createVisitor(db);
      await pastUse(v.id, ramen, city.id, '2026-10-03');
      await use(v.auth, onsen, aso);
      await request(app)
        .put('/api/coupons/set/favorite')
        .set('Authorization', v.auth)
        .send({ couponId: inn, favorite: true });
      const r = await get('/api/coupons/allnum/ticket', v.auth);
      expect(r.body.data.mine).toEqual({ uses: 2, usedToday: 1, favorites: 1 });
      expect(r.body.data.total).toBe(3);
    });
  });

  describe('GET /api/coupons/get/issue/yearmonth', () => {
    it('401 UNAUTHORIZED signed out, 403 FORBIDDEN for staff', async () => {
      expectError(await get('/api/coupons/get/issue/yearmonth'), 401, 'UNAUTHORIZED');
      const staff = await createStaffAccount(db, { role: 'admin' });
      expectError(await get('/api/coupons/get/issue/yearmonth', staff.auth), 403, 'FORBIDDEN');
    });

    it('400 VALIDATION_FAILED for a bad page or limit', async () => {
      const v = await createVisitor(db);
      expectError(await get('/api/coupons/get/issue/yearmonth?limit=0', v.auth), 400, 'VALIDATION_FAILED');
      expectError(await get('/api/coupons/get/issue/yearmonth?page=x', v.auth), 400, 'VALIDATION_FAILED');
    });

    it('months of the JST day pressed, newest first, with counts and meta', async () => {
      const v = await createVisitor(db);
      expect((await get('/api/coupons/get/issue/yearmonth', v.auth)).body).toEqual({
        data: [],
        meta: { page: 1, limit: 10, total: 0 },
      });
      await pastUse(v.id, ramen, city.id, '2026-09-30');
      await pastUse(v.id, onsen, aso.id, '2026-10-01');
      await pastUse(v.id, ramen, city.id, '2026-10-31');
      await use(v.auth, ramen, city);
      const r = await get('/api/coupons/get/issue/yearmonth', v.auth);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        data: [
          { yearMonth: '2026-11', uses: 1 },
          { yearMonth: '2026-10', uses: 2 },
          { yearMonth: '2026-09', uses: 1 },
        ],
        meta: { page: 1, limit: 10, total: 3 },
      });
      const page2 = await get('/api/coupons/get/issue/yearmonth?page=2&limit=2', v.auth);
      expect(page2.body).toEqual({ data: [{ yearMonth: '2026-09', uses: 1 }], meta: { page: 2, limit: 2, total: 3 } });
    });
  });

  describe('GET /api/coupons/get/user/coupon/{id}', () => {
    it('401 signed out; 400 for a bad id; 404 COUPON_NOT_FOUND for an unknown coupon', async () => {
      expectError(await get(`/api/coupons/get/user/coupon/${ramen}`), 401, 'UNAUTHORIZED');
      const v = await createVisitor(db);
      expectError(await get('/api/coupons/get/user/coupon/abc', v.auth), 400, 'VALIDATION_FAILED');
      expectError(await get('/api/coupons/get/user/coupon/0', v.auth), 400, 'VALIDATION_FAILED');
      expectError(await get('/api/coupons/get/user/coupon/999999', v.auth), 404, 'COUPON_NOT_FOUND');
    });

    it("the visitor's own uses, newest first, with the spot and the stamp each gave", async () => {
      const v = await createVisitor(db);
      const other = await createVisitor(db);
      await pastUse(v.id, inn, aso.id, '2026-10-02');
      const today = await use(v.auth, inn, aso);
      await use(other.auth, inn, aso);
      const r = await get(`/api/coupons/get/user/coupon/${inn}`, v.auth);
      expect(r.status).toBe(200);
      expect(r.body.meta).toEqual({ page: 1, limit: 10, total: 2 });
      expect(r.body.data).toMatchObject([
        {
          id: today.redemption.id,
          usedOn: '2026-11-21',
          spotId: aso.id,
          spotName: '阿蘇の湯',
          proof: 'gps',
          distanceM: 0,
          stamp: { kind: 'gold', value: 10, campaignId: rally },
        },
        { usedOn: '2026-10-02', spotName: '阿蘇の湯', distanceM: 12, stamp: null },
      ]);
    });

    it('an unpublished coupon with no uses answers an empty list, not 404', async () => {
      const v = await createVisitor(db);
      const r = await get(`/api/coupons/get/user/coupon/${hidden}`, v.auth);
      expect(r.body).toEqual({ data: [], meta: { page: 1, limit: 10, total: 0 } });
    });
  });

  describe('POST /api/coupons/find/coupon/list', () => {
    it('400 VALIDATION_FAILED for no ids, too many, or bad ones', async () => {
      for (const body of [
        {},
        { ids: [] },
        { ids: [0] },
        { ids: ['1'] },
        { ids: Array.from({ length: 51 }, (_, i) => i + 1) },
      ])
        expectError(await post('/api/coupons/find/coupon/list', body), 400, 'VALIDATION_FAILED', JSON.stringify(body));
    });

    it('cards in the order asked, repeated ids once, and the ids not shown today as missing', async () => {
      const r = await post('/api/coupons/find/coupon/list', { ids: [onsen, hidden, ramen, 999999, onsen, expired] });
      expect(r.status).toBe(200);
      expect(r.body.data.map((c: { id: number }) => c.id)).toEqual([onsen, ramen]);
      expect(r.body.missing).toEqual([hidden, 999999, expired]);
      expect(r.body.meta).toEqual({ page: 1, limit: 5, total: 2 });
      expect(r.body.data[1]).toMatchObject({
        title: 'ラーメン大盛り無料',
        spot: { id: city.id, name: '上通ラーメン' },
      });
      expect(r.body.data[0]).not.toHaveProperty('favorite');
    });

    it('in the caller\u2019s language, and with favourites for a visitor', async () => {
      const v = await createVisitor(db);
      await request(app)
        .put('/api/coupons/set/favorite')
        .set('Authorization', v.auth)
        .send({ couponId: ramen, favorite: true });
      const r = await post('/api/coupons/find/coupon/list', { ids: [ramen, onsen] }, v.auth).set('x-lang', 'en');
      expect(r.body.data.map((c: { title: string; favorite: boolean }) => [c.title, c.favorite])).toEqual([
        ['Free large ramen', true],
        ['入浴料100円引き', false],
      ]);
    });
  });

  describe('POST /api/coupons/get/stamp/coupon', () => {
    it('401 signed out; 400 bad body; 404 CAMPAIGN_NOT_FOUND for an unknown rally', async () => {
      expectError(await post('/api/coupons/get/stamp/coupon', {}), 401, 'UNAUTHORIZED');
      const v = await createVisitor(db);
      for (const body of [{ campaignId: 0 }, { campaignId: 'x' }, { page: 0 }, { limit: 51 }])
        expectError(
          await post('/api/coupons/get/stamp/coupon', body, v.auth),
          400,
          'VALIDATION_FAILED',
          JSON.stringify(body),
        );
      expectError(
        await post('/api/coupons/get/stamp/coupon', { campaignId: 999999 }, v.auth),
        404,
        'CAMPAIGN_NOT_FOUND',
      );
    });

    it('only uses that gave a stamp in the rally, newest first, with title, spot and area', async () => {
      const v = await createVisitor(db);
      await pastUse(v.id, ramen, city.id, '2026-10-05'); // before the rally: no stamp
      await use(v.auth, ramen, city);
      await use(v.auth, inn, aso);
      const r = await post('/api/coupons/get/stamp/coupon', {}, v.auth);
      expect(r.status).toBe(200);
      expect(r.body.meta).toEqual({ page: 1, limit: 10, total: 2 });
      expect(r.body.data).toMatchObject([
        {
          kind: 'gold',
          value: 10,
          couponId: inn,
          couponTitle: '宿泊5%オフ',
          spotName: '阿蘇の湯',
          area: 'aso',
          usedOn: '2026-11-21',
        },
        { kind: 'red', value: 1, couponId: ramen, spotName: '上通ラーメン', area: 'city' },
      ]);
      const byId = await post('/api/coupons/get/stamp/coupon', { campaignId: rally, page: 2, limit: 1 }, v.auth);
      expect(byId.body.data.map((s: { couponId: number }) => s.couponId)).toEqual([ramen]);
      expect(byId.body.meta).toEqual({ page: 2, limit: 1, total: 2 });
    });
  });

  describe('POST /api/coupon/detail/check', () => {
    it('401 signed out; 400 for bad bodies; 404 for unknown or unpublished coupons', async () => {
      expectError(await post('/api/coupon/detail/check', { couponId: ramen }), 401, 'UNAUTHORIZED');
      const v = await createVisitor(db);
      for (const body of [
        {},
        { couponId: 'x' },
        { couponId: ramen, lat: 32.8 },
        { couponId: ramen, lat: 91, long: 130 },
        { couponId: ramen, lat: city.lat, long: city.lng, checkInCode: 'ABCD' },
      ])
        expectError(
          await post('/api/coupon/detail/check', body, v.auth),
          400,
          'VALIDATION_FAILED',
          JSON.stringify(body),
        );
      expectError(await post('/api/coupon/detail/check', { couponId: 999999 }, v.auth), 404, 'COUPON_NOT_FOUND');
      expectError(await post('/api/coupon/detail/check', { couponId: hidden }, v.auth), 404, 'COUPON_NOT_FOUND');
    });

    it('usable at the shop, not nearby 5 km away, place unknown without a position; writes nothing', async () => {
      const v = await createVisitor(db);
      const at = await post('/api/coupon/detail/check', { couponId: ramen, lat: city.lat, long: city.lng }, v.auth);
      expect(at.status).toBe(200);
      expect(at.body.data).toEqual({
        couponId: ramen,
        usable: true,
        placeChecked: true,
        reasons: [],
        spot: { id: city.id, name: '上通ラーメン', distanceM: 0 },
      });
      const far = northOf(city.lat, city.lng, 5000);
      const away = await post('/api/coupon/detail/check', { couponId: ramen, lat: far.lat, long: far.lng }, v.auth);
      expect(away.body.data).toMatchObject({ usable: false, reasons: ['NOT_NEARBY'], spot: null });
      const nowhere = await post('/api/coupon/detail/check', { couponId: ramen }, v.auth);
      expect(nowhere.body.data).toMatchObject({ usable: false, placeChecked: false, reasons: [] });
      expect(Number((await db('redemptions').where('user_id', v.id).count({ n: '*' }).first())?.n)).toBe(0);
    });

    it('every reason at once: out of period, already used today, wrong store code', async () => {
      const v = await createVisitor(db);
      await use(v.auth, onsen, aso);
      const used = await post('/api/coupon/detail/check', { couponId: onsen, checkInCode: 'NOPE1' }, v.auth);
      expect(used.body.data).toMatchObject({
        usable: false,
        placeChecked: true,
        reasons: ['ALREADY_USED_TODAY', 'STORE_CODE_INVALID'],
      });
      const old = await post('/api/coupon/detail/check', { couponId: expired, lat: city.lat, long: city.lng }, v.auth);
      expect(old.body.data).toMatchObject({ usable: false, reasons: ['COUPON_NOT_VALID'], spot: { id: city.id } });
    });
  });
});
