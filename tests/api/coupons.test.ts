import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { fixedClock, testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCampaign, createCoupon, createSpot, createVisitor, northOf } from '../helpers/factories';

/** Coupon reading routes of spec 7: list search, detail, nearby spots, running rally. */
describe('coupon reading API', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  const clock = fixedClock('2026-11-21T03:00:00Z');
  let app: ReturnType<typeof testApp>['app'];
  let castle: { id: number; lat: number; lng: number };
  let aso: { id: number; lat: number; lng: number };
  let lunch: number;
  let onsen: number;
  let inn: number;
  let chain: number;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db, { clock }).app;
    castle = await createSpot(db, { name: '熊本城 茶屋', nameEn: 'Kumamoto Castle Tea House', area: 'city' });
    aso = await createSpot(db, {
      name: '阿蘇の湯',
      lat: 32.884,
      lng: 131.104,
      area: 'aso',
      purpose: 'spa',
      rangeM: 1000,
    });
    const north = northOf(castle.lat, castle.lng, 300);
    const second = await createSpot(db, { name: '熊本城 北の店', lat: north.lat, lng: north.lng });
    lunch = await createCoupon(db, {
      spotIds: [castle.id],
      title: '馬刺しランチ10%オフ',
      titleEn: '10% off horse sashimi lunch',
      tags: ['グルメ', '冬限定'],
      genre: '郷土料理',
      createdAt: '2026-10-02T00:00:00Z',
    });
    onsen = await createCoupon(db, {
      spotIds: [aso.id],
      area: 'aso',
      purpose: 'spa',
      title: '日帰り入浴100円引き',
      tags: ['温泉'],
      createdAt: '2026-10-03T00:00:00Z',
    });
    inn = await createCoupon(db, {
      spotIds: [aso.id],
      area: 'aso',
      purpose: 'lodging',
      title: '宿泊でウェルカムドリンク',
      createdAt: '2026-10-04T00:00:00Z',
    });
    chain = await createCoupon(db, {
      spotIds: [castle.id, second.id],
      title: '2店舗で使えるクーポン',
      createdAt: '2026-10-05T00:00:00Z',
    });
    await createCoupon(db, {
      spotIds: [castle.id],
      title: '非公開クーポン',
      published: false,
      createdAt: '2026-10-06T00:00:00Z',
    });
    await createCoupon(db, {
      spotIds: [castle.id],
      title: '期限切れクーポン',
      validTo: '2026-11-20',
      createdAt: '2026-10-07T00:00:00Z',
    });
    await createCoupon(db, {
      spotIds: [castle.id],
      title: '来月からのクーポン',
      validFrom: '2026-12-01',
      createdAt: '2026-10-08T00:00:00Z',
    });
    await createCampaign(db, { name: '冬のスタンプラリー' });
  });
  afterAll(() => destroy());

  describe('GET /api/coupons/list/search', () => {
    it('lists published coupons valid today, newest first, with their first spot', async () => {
      const r = await request(app).get('/api/coupons/list/search');
      expect(r.status).toBe(200);
      expect(r.body.data.map((c: { id: number }) => c.id)).toEqual([chain, inn, onsen, lunch]);
      expect(r.body.meta).toEqual({ page: 1, limit: 10, total: 4 });
      const card = r.body.data.find((c: { id: number }) => c.id === lunch);
      expect(card).toMatchObject({
        title: '馬刺しランチ10%オフ',
        discount: '10%オフ',
        area: 'city',
        purpose: 'gourmet',
        givesGold: false,
        spot: { id: castle.id, name: '熊本城 茶屋' },
        spotCount: 1,
        tags: ['グルメ', '冬限定'],
      });
      expect(r.body.data.find((c: { id: number }) => c.id === inn).givesGold).toBe(true);
    });

    it('pages', async () => {
      const r = await request(app).get('/api/coupons/list/search?page=2&limit=3');
      expect(r.body.data.map((c: { id: number }) => c.id)).toEqual([lunch]);
      expect(r.body.meta).toEqual({ page: 2, limit: 3, total: 4 });
    });

    it('filters by area, purpose, genre, tag and keyword (title or shop name)', async () => {
      const ids = async (q: string) =>
        (await request(app).get(`/api/coupons/list/search?${q}`)).body.data.map((c: { id: number }) => c.id);
      expect(await ids('area=aso')).toEqual([inn, onsen]);
      expect(await ids('purpose=spa')).toEqual([onsen]);
      expect(await ids(`genre=${encodeURIComponent('郷土料理')}`)).toEqual([lunch]);
      expect(await ids(`tag=${encodeURIComponent('温泉')}`)).toEqual([onsen]);
      expect(await ids(`tag=${encodeURIComponent('グルメ')}&tag=${encodeURIComponent('冬限定')}`)).toEqual([lunch]);
      expect(await ids(`keyword=${encodeURIComponent('馬刺し')}`)).toEqual([lunch]);
      expect(await ids(`keyword=${encodeURIComponent('北の店')}`)).toEqual([chain]);
      expect(await ids('keyword=HORSE')).toEqual([lunch]);
      expect(await ids('keyword=100%25')).toEqual([]);
    });

    it('answers texts in the x-lang language, falling back to ja', async () => {
      const r = await request(app).get('/api/coupons/list/search?area=city').set('x-lang', 'en');
      const titles = r.body.data.map((c: { title: string }) => c.title);
      expect(titles).toContain('10% off horse sashimi lunch');
      expect(titles).toContain('2店舗で使えるクーポン');
      expect(r.body.data.find((c: { id: number }) => c.id === lunch).spot.name).toBe('Kumamoto Castle Tea House');
    });

    it('400 on a bad filter, with a localised message and the field', async () => {
      const r = await request(app).get('/api/coupons/list/search?area=tokyo&limit=500').set('x-lang', 'en');
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_FAILED');
      expect(r.body.error.message).toBe('Some of the input is not valid.');
      expect(r.body.error.details.some((d: string) => d.startsWith('query.area:'))).toBe(true);
      expect(r.body.error.details.some((d: string) => d.startsWith('query.limit:'))).toBe(true);
    });
  });

  describe('GET /api/coupons/{id}', () => {
    it('shows the coupon with its spots and coordinates; usedToday null when signed out', async () => {
      const r = await request(app).get(`/api/coupons/${chain}`);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ id: chain, title: '2店舗で使えるクーポン', usedToday: null, spotCount: 2 });
      expect(r.body.data.spots).toHaveLength(2);
      expect(r.body.data.spots[0]).toMatchObject({
        id: castle.id,
        latitude: castle.lat,
        longitude: castle.lng,
        usableRangeM: 500,
      });
    });

    it('usedToday is false, then true once used, for a signed-in visitor', async () => {
      const v = await createVisitor(db);
      expect((await request(app).get(`/api/coupons/${lunch}`).set('Authorization', v.auth)).body.data.usedToday).toBe(
        false,
      );
      await request(app)
        .put(`/api/coupons/qr/${lunch}`)
        .set('Authorization', v.auth)
        .set('Idempotency-Key', 'detail-key-1')
        .send({ lat: castle.lat, long: castle.lng });
      expect((await request(app).get(`/api/coupons/${lunch}`).set('Authorization', v.auth)).body.data.usedToday).toBe(
        true,
      );
    });

    it('404 for unknown, unpublished or expired coupons; 400 for a bad id; 401 for a bad token', async () => {
      expectError(await request(app).get('/api/coupons/999999'), 404, 'COUPON_NOT_FOUND');
      const hidden = await db('coupon_translations').where({ title: '非公開クーポン' }).first();
      expectError(await request(app).get(`/api/coupons/${hidden.coupon_id}`), 404, 'COUPON_NOT_FOUND');
      const expired = await db('coupon_translations').where({ title: '期限切れクーポン' }).first();
      expectError(await request(app).get(`/api/coupons/${expired.coupon_id}`), 404, 'COUPON_NOT_FOUND');
      expectError(await request(app).get('/api/coupons/abc'), 400, 'VALIDATION_FAILED');
      expect((await request(app).get(`/api/coupons/${lunch}`).set('Authorization', 'Bearer not-a-jwt')).status).toBe(
        401,
      );
    });
  });

  describe('GET /api/coupons/get/nearby/spot/list', () => {
    it('lists the spots of coupon cid within each spot range, nearest first, with distanceM', async () => {
      const here = northOf(castle.lat, castle.lng, 200); // 200 m from the castle, 100 m from the north shop
      const r = await request(app).get(
        `/api/coupons/get/nearby/spot/list?lat=${here.lat}&long=${here.lng}&cid=${chain}`,
      );
      expect(r.status).toBe(200);
      expect(r.body.data.map((s: { distanceM: number }) => s.distanceM)).toEqual([100, 200]);
      expect(r.body.meta).toEqual({ page: 1, limit: 5, total: 2 });
      expect(r.body.data[1]).toMatchObject({ id: castle.id, name: '熊本城 茶屋', storeCode: expect.any(String) });
    });

    it('honours range (metres) and paging', async () => {
      const here = northOf(castle.lat, castle.lng, 200);
      const narrow = await request(app).get(
        `/api/coupons/get/nearby/spot/list?lat=${here.lat}&long=${here.lng}&cid=${chain}&range=150`,
      );
      expect(narrow.body.data).toHaveLength(1);
      const page2 = await request(app).get(
        `/api/coupons/get/nearby/spot/list?page=2&limit=1&lat=${here.lat}&long=${here.lng}&cid=${chain}`,
      );
      expect(page2.body.data.map((s: { id: number }) => s.id)).toEqual([castle.id]);
      expect(page2.body.meta.total).toBe(2);
    });

    it('names each spot in x-lang, else in ja, else by its store code', async () => {
      const here = northOf(castle.lat, castle.lng, 200);
      const en = await request(app)
        .get(`/api/coupons/get/nearby/spot/list?lat=${here.lat}&long=${here.lng}&cid=${chain}`)
        .set('x-lang', 'en');
      expect(en.body.data.map((s: { name: string }) => s.name)).toEqual(['熊本城 北の店', 'Kumamoto Castle Tea House']);
      const [nameless] = await db('spots')
        .insert({
          store_code: 'NONAME-1',
          latitude: here.lat,
          longitude: here.lng,
          area: 'city',
          purpose: 'gourmet',
          created_at: '2026-10-01T00:00:00Z',
          updated_at: '2026-10-01T00:00:00Z',
        })
        .returning('id');
      const namelessId = Number(typeof nameless === 'object' ? (nameless as { id: number }).id : nameless);
      const hidden = await createCoupon(db, {
        spotIds: [namelessId],
        title: '名前のない店のクーポン',
        published: false,
      });
      const r = await request(app)
        .get(`/api/coupons/get/nearby/spot/list?lat=${here.lat}&long=${here.lng}&cid=${hidden}`)
        .set('x-lang', 'ko');
      expect(r.body.data).toMatchObject([{ id: namelessId, name: 'NONAME-1', storeCode: 'NONAME-1', distanceM: 0 }]);
      expect(r.body.meta.total).toBe(1);
    });

    it('counts the total on a page past the end', async () => {
      const here = northOf(castle.lat, castle.lng, 200);
      const r = await request(app).get(
        `/api/coupons/get/nearby/spot/list?page=3&limit=1&lat=${here.lat}&long=${here.lng}&cid=${chain}`,
      );
      expect(r.body).toEqual({ data: [], meta: { page: 3, limit: 1, total: 2 } });
    });

    it('is empty far away or for another coupon; 400 without lat, long or cid', async () => {
      const far = northOf(castle.lat, castle.lng, 5000);
      expect(
        (await request(app).get(`/api/coupons/get/nearby/spot/list?lat=${far.lat}&long=${far.lng}&cid=${chain}`)).body
          .data,
      ).toEqual([]);
      expect(
        (await request(app).get(`/api/coupons/get/nearby/spot/list?lat=${castle.lat}&long=${castle.lng}&cid=${onsen}`))
          .body.data,
      ).toEqual([]);
      const bad = await request(app).get('/api/coupons/get/nearby/spot/list?lat=32.8');
      expectError(bad, 400, 'VALIDATION_FAILED');
      expect(bad.body.error.details.join()).toMatch(/query\.long/);
      expect(bad.body.error.details.join()).toMatch(/query\.cid/);
    });

    it('400 without cid says "required" in the caller\'s language, never NaN (issue 11)', async () => {
      const url = `/api/coupons/get/nearby/spot/list?lat=${castle.lat}&long=${castle.lng}`;
      const en = await request(app).get(url).set('x-lang', 'en');
      expect(en.status).toBe(400);
      expect(en.body.error.code).toBe('VALIDATION_FAILED');
      expect(en.body.error.details).toEqual(['query.cid: Please be sure to input']);
      const ja = await request(app).get(`${url}&cid=`);
      expect(ja.body.error.code).toBe('VALIDATION_FAILED');
      expect(ja.body.error.details).toEqual(['query.cid: 必ず入力してください']);
      const word = await request(app).get(`${url}&cid=abc`).set('x-lang', 'en');
      expect(word.body.error.details).toEqual(['query.cid: Enter an id: a whole number from 1']);
      const zero = await request(app).get(`${url}&cid=0`).set('x-lang', 'ko');
      expect(zero.body.error.details).toEqual(['query.cid: 1 이상의 정수 ID를 입력해 주세요']);
      for (const r of [en, ja, word, zero]) expect(JSON.stringify(r.body)).not.toContain('NaN');
    });
  });

  describe('textLocale: the language a text was served in (issue 11)', () => {
    it('says en for translated texts and ja where Japanese stands in, on cards, details and spots', async () => {
      const list = await request(app).get('/api/coupons/list/search?limit=50').set('x-lang', 'en');
      const card = (id: number) => list.body.data.find((c: { id: number }) => c.id === id);
      expect(card(lunch)).toMatchObject({
        title: '10% off horse sashimi lunch',
        textLocale: 'en',
        spot: { id: castle.id, name: 'Kumamoto Castle Tea House', textLocale: 'en' },
      });
      expect(card(onsen)).toMatchObject({
        title: '日帰り入浴100円引き',
        textLocale: 'ja',
        spot: { id: aso.id, name: '阿蘇の湯', textLocale: 'ja' },
      });
      const detail = await request(app).get(`/api/coupons/${chain}`).set('x-lang', 'ko');
      expect(detail.body.data.textLocale).toBe('ja');
      expect(detail.body.data.spots.map((s: { textLocale: string }) => s.textLocale)).toEqual(['ja', 'ja']);
      const enDetail = await request(app).get(`/api/coupons/${chain}`).set('x-lang', 'en');
      expect(enDetail.body.data.spots.map((s: { id: number; textLocale: string }) => [s.id, s.textLocale])).toEqual([
        [castle.id, 'en'],
        [expect.any(Number), 'ja'],
      ]);
      const near = await request(app)
        .get(`/api/coupons/get/nearby/spot/list?lat=${castle.lat}&long=${castle.lng}&cid=${chain}`)
        .set('x-lang', 'en');
      expect(near.body.data.map((s: { name: string; textLocale: string }) => [s.name, s.textLocale])).toEqual([
        ['Kumamoto Castle Tea House', 'en'],
        ['熊本城 北の店', 'ja'],
      ]);
      // In Japanese every text is in its own language.
      const ja = await request(app).get('/api/coupons/list/search?limit=50');
      for (const c of ja.body.data) {
        expect(c.textLocale).toBe('ja');
        expect(c.spot.textLocale).toBe('ja');
      }
      const api = (await request(app).get('/api/openapi.json')).body;
      expect(JSON.stringify(api.paths['/api/coupons/{id}'])).toContain('textLocale');
    });
  });

  describe('GET /api/coupons/get/campaign', () => {
    it('answers the rally running today (JST) or null', async () => {
      const running = await request(app).get('/api/coupons/get/campaign');
      expect(running.status).toBe(200);
      expect(running.body.data).toMatchObject({
        name: '冬のスタンプラリー',
        startsOn: '2026-11-01',
        endsOn: '2027-01-31',
      });
      expect(running.body.data.id).toEqual(expect.any(Number));
      clock.set('2027-01-31T14:59:59Z'); // 23:59:59 JST on the last day
      expect((await request(app).get('/api/coupons/get/campaign')).body.data).not.toBeNull();
      clock.set('2027-01-31T15:00:00Z'); // 00:00 JST on 1 February
      expect((await request(app).get('/api/coupons/get/campaign')).body).toEqual({ data: null });
      clock.set('2026-11-21T03:00:00Z');
    });
  });
});
