import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../helpers/api';
import type { Db } from '../../server/src/db/knex';
import { fixedClock, testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCoupon, createSpot, createVisitor } from '../helpers/factories';

/**
 * Issue 11: the page of a printed spot QR code (`/collect-points-qr/{id}/?code=...`) shows the
 * shop and its coupons and takes the code as the store code (PUT /coupons/store/list, then
 * PUT /coupons/qr/{id} with it); and the public coupon answers say which texts fell back to ja.
 */
describe('shop QR page and served languages', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  const clock = fixedClock('2026-11-21T03:00:00Z');
  let app: ReturnType<typeof testApp>['app'];
  let shop: { id: number; lat: number; lng: number };
  let other: { id: number; lat: number; lng: number };
  let lunch: number;
  let sweets: number;
  const CODE = 'QRK7M2PX';

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db, { clock }).app;
    shop = await createSpot(db, { name: '熊本ラーメン 本店', nameEn: 'Kumamoto Ramen Main Shop' });
    other = await createSpot(db, { name: '阿蘇の茶屋', lat: 32.884, lng: 131.104 });
    await db('spots').where({ id: shop.id }).update({ qr_code: CODE });
    lunch = await createCoupon(db, {
      spotIds: [shop.id],
      title: 'ラーメン大盛り無料',
      titleEn: 'Free large ramen',
      createdAt: '2026-10-02T00:00:00Z',
    });
    sweets = await createCoupon(db, {
      spotIds: [shop.id, other.id],
      title: '甘味10%オフ',
      createdAt: '2026-10-03T00:00:00Z',
    });
    await createCoupon(db, { spotIds: [shop.id], title: '非公開', published: false });
    await createCoupon(db, { spotIds: [shop.id], title: '期限切れ', validTo: '2026-11-20' });
    const deleted = await createCoupon(db, { spotIds: [shop.id], title: '削除済み' });
    await db('coupons').where({ id: deleted }).update({ deleted_at: '2026-11-01T00:00:00Z' });
    await createCoupon(db, { spotIds: [other.id], title: '別の店' });
  });
  afterAll(() => destroy());

  const storeList = (body: object, lang = 'ja') =>
    request(app).put('/api/coupons/store/list').set('x-lang', lang).send(body);

  describe('PUT /api/coupons/store/list', () => {
    it('answers the shop and its coupons shown today, newest first, and that the code is current', async () => {
      const r = await storeList({ spotId: shop.id, code: CODE });
      expect(r.status).toBe(200);
      expect(r.body.data.spot).toEqual({
        id: shop.id,
        name: '熊本ラーメン 本店',
        textLocale: 'ja',
        address: '熊本県熊本市',
        latitude: shop.lat,
        longitude: shop.lng,
      });
      expect(r.body.data.codeValid).toBe(true);
      expect(r.body.data.coupons.map((c: { id: number }) => c.id)).toEqual([sweets, lunch]);
      expect(r.body.data.coupons[0]).toMatchObject({ title: '甘味10%オフ', spotCount: 2, textLocale: 'ja' });
    });

    it('accepts the code in any case and with spaces, as the store code entry does', async () => {
      const r = await storeList({ spotId: shop.id, code: ' qrk7m2px ' });
      expect(r.body.data.codeValid).toBe(true);
    });

    it('says a mistyped or rotated code is not current, still with the shop and its coupons', async () => {
      expect((await storeList({ spotId: shop.id, code: 'WRONG234' })).body.data.codeValid).toBe(false);
      await db('spots').where({ id: shop.id }).update({ qr_code: 'NEWC0DE9' });
      const rotated = await storeList({ spotId: shop.id, code: CODE });
      expect(rotated.status).toBe(200);
      expect(rotated.body.data.codeValid).toBe(false);
      expect(rotated.body.data.coupons).toHaveLength(2);
      await db('spots').where({ id: shop.id }).update({ qr_code: CODE });
      // A spot whose code was never issued matches no code.
      expect((await storeList({ spotId: other.id, code: CODE })).body.data.codeValid).toBe(false);
    });

    it('answers codeValid null without a code', async () => {
      const r = await storeList({ spotId: other.id });
      expect(r.status).toBe(200);
      expect(r.body.data.codeValid).toBeNull();
      expect(r.body.data.coupons.map((c: { title: string }) => c.title)).toEqual(['甘味10%オフ', '別の店']);
    });

    it('404 SPOT_NOT_FOUND for an unknown spot, 400 VALIDATION_FAILED for a bad body', async () => {
      const missing = await storeList({ spotId: 999999, code: CODE }, 'en');
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('SPOT_NOT_FOUND');
      expect(missing.body.error.message).toBe('The spot was not found.');
      for (const body of [{}, { spotId: 0 }, { spotId: 'x' }, { spotId: shop.id, code: 'X'.repeat(33) }]) {
        const bad = await storeList(body);
        expect(bad.status).toBe(400);
        expect(bad.body.error.code).toBe('VALIDATION_FAILED');
      }
    });

    it('serves names and texts in the language asked for, saying which fell back to ja', async () => {
      const r = await storeList({ spotId: shop.id, code: CODE }, 'en');
      expect(r.body.data.spot).toMatchObject({ name: 'Kumamoto Ramen Main Shop', textLocale: 'en' });
      const byId = new Map(r.body.data.coupons.map((c: { id: number }) => [c.id, c]));
      expect(byId.get(lunch)).toMatchObject({ title: 'Free large ramen', textLocale: 'en' });
      expect(byId.get(sweets)).toMatchObject({ title: '甘味10%オフ', textLocale: 'ja' });
      const ko = await storeList({ spotId: shop.id, code: CODE }, 'ko');
      expect(ko.body.data.spot).toMatchObject({ name: '熊本ラーメン 本店', textLocale: 'ja' });
    });

    it('the QR code then proves presence for mark as used (PUT /coupons/qr/{id} with it as the store code)', async () => {
      const v = await createVisitor(db);
      const r = await request(app)
        .put(`/api/coupons/qr/${lunch}`)
        .set('Authorization', v.auth)
        .set('Idempotency-Key', 'qr-page-use-0001')
        .send({ checkInCode: CODE.toLowerCase() });
      expect(r.status).toBe(200);
      expect(r.body.data.redemption).toMatchObject({ couponId: lunch, spotId: shop.id, distanceM: 0 });
      // The other shop's coupon does not take this shop's code.
      const elsewhere = await createCoupon(db, { spotIds: [other.id] });
      const refused = await request(app)
        .put(`/api/coupons/qr/${elsewhere}`)
        .set('Authorization', v.auth)
        .set('Idempotency-Key', 'qr-page-use-0002')
        .send({ checkInCode: CODE });
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('STORE_CODE_INVALID');
    });
  });

  describe('served languages of the public coupon answers', () => {
    it('list: textLocale and the first spot textLocale, en where translated, else ja', async () => {
      const en = await request(app).get('/api/coupons/list/search?limit=50').set('x-lang', 'en');
      const byId = new Map(en.body.data.map((c: { id: number }) => [c.id, c]));
      expect(byId.get(lunch)).toMatchObject({
        textLocale: 'en',
        spot: { id: shop.id, name: 'Kumamoto Ramen Main Shop', textLocale: 'en' },
      });
      expect(byId.get(sweets)).toMatchObject({ textLocale: 'ja', spot: { textLocale: 'en' } });
      const ja = await request(app).get('/api/coupons/list/search?limit=50');
      expect(ja.body.data.every((c: { textLocale: string }) => c.textLocale === 'ja')).toBe(true);
    });

    it('detail: textLocale and each spot textLocale', async () => {
      const r = await request(app).get(`/api/coupons/${sweets}`).set('x-lang', 'zh-tw');
      expect(r.body.data.textLocale).toBe('ja');
      expect(r.body.data.spots.map((s: { textLocale: string }) => s.textLocale)).toEqual(['ja', 'ja']);
      const en = await request(app).get(`/api/coupons/${sweets}`).set('x-lang', 'en');
      expect(en.body.data.spots.map((s: { id: number; textLocale: string }) => [s.id, s.textLocale])).toEqual([
        [shop.id, 'en'],
        [other.id, 'ja'],
      ]);
      const lunchEn = await request(app).get(`/api/coupons/${lunch}`).set('x-lang', 'en');
      expect(lunchEn.body.data).toMatchObject({ textLocale: 'en', description: 'Description' });
    });

    it('nearby spots: textLocale from the same query that falls back', async () => {
      const q = `lat=${shop.lat}&long=${shop.lng}&cid=${sweets}`;
      const en = await request(app).get(`/api/coupons/get/nearby/spot/list?${q}`).set('x-lang', 'en');
      expect(en.status).toBe(200);
      expect(en.body.data).toHaveLength(1);
      expect(en.body.data[0]).toMatchObject({ id: shop.id, name: 'Kumamoto Ramen Main Shop', textLocale: 'en' });
      const ko = await request(app).get(`/api/coupons/get/nearby/spot/list?${q}`).set('x-lang', 'ko');
      expect(ko.body.data[0]).toMatchObject({ name: '熊本ラーメン 本店', textLocale: 'ja' });
    });
  });
});
