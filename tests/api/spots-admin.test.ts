import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCoupon, createSpot, createStaffAccount, createVisitor } from '../helpers/factories';

/** Admin spots (spec 7 "Spots", issue 6): GET /api/spots, /api/spots/list, /api/spots/{id}, POST /api/storeadmininfos, PUT /api/spots/{id}. */
describe('admin spots', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  let admin: { auth: string; email: string };
  let shop: { auth: string; email: string };
  let visitor: { auth: string };
  let castle: number;
  let onsen: number;

  const valid = (over: Record<string, unknown> = {}) => ({
    storeCode: 'kmt-new-1',
    names: { ja: '新しいお店', en: 'New Shop' },
    address: '熊本県熊本市中央区手取本町1-1',
    latitude: 32.8032,
    longitude: 130.7079,
    area: 'city',
    purpose: 'gourmet',
    genre: 'カフェ',
    usableRangeM: 300,
    ...over,
  });

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db).app;
    castle = (
      await createSpot(db, {
        storeCode: 'kmt-castle',
        name: '熊本城',
        nameEn: 'Kumamoto Castle',
        area: 'city',
        purpose: 'experience',
      })
    ).id;
    onsen = (
      await createSpot(db, {
        storeCode: 'kmt-onsen',
        name: '黒川温泉',
        area: 'aso',
        purpose: 'spa',
        lat: 33.0756,
        lng: 131.1417,
      })
    ).id;
    await createCoupon(db, { spotIds: [castle] });
    await createCoupon(db, { spotIds: [castle, onsen] });
    // A deleted coupon still linked to both spots: never counted (issue 11).
    const deleted = await createCoupon(db, { spotIds: [castle, onsen] });
    await db('coupons').where({ id: deleted }).update({ deleted_at: '2026-10-02T00:00:00.000Z', published: false });
    admin = await createStaffAccount(db, { role: 'admin' });
    shop = await createStaffAccount(db, { role: 'shop', spots: ['kmt-castle'] });
    visitor = await createVisitor(db);
  });
  afterAll(() => destroy());

  describe('GET /api/spots', () => {
    it('401 without a token, 403 for a visitor', async () => {
      expectError(await request(app).get('/api/spots'), 401, 'UNAUTHORIZED');
      expectError(await request(app).get('/api/spots').set('Authorization', visitor.auth), 403, 'FORBIDDEN');
    });

    it('lists every spot for admins, paged, with names in x-lang and coupon counts (deleted coupons not counted)', async () => {
      const r = await request(app)
        .get('/api/spots?limit=1&sort=storeCode')
        .set('Authorization', admin.auth)
        .set('x-lang', 'en');
      expect(r.status).toBe(200);
      expect(r.body.meta).toEqual({ page: 1, limit: 1, total: 2 });
      expect(r.body.data).toEqual([
        expect.objectContaining({
          id: castle,
          storeCode: 'kmt-castle',
          name: 'Kumamoto Castle',
          area: 'city',
          purpose: 'experience',
          couponCount: 2,
          usableRangeM: 500,
        }),
      ]);
      const page2 = await request(app)
        .get('/api/spots?limit=1&page=2&sort=storeCode')
        .set('Authorization', admin.auth)
        .set('x-lang', 'en');
      expect(page2.body.data[0]).toMatchObject({ id: onsen, name: '黒川温泉', couponCount: 1 });
    });

    it('searches by name in any language, store code, area and purpose', async () => {
      const get = async (qs: string) =>
        (await request(app).get(`/api/spots?${qs}`).set('Authorization', admin.auth)).body.data.map(
          (s: { id: number }) => s.id,
        );
      expect(await get(`q=${encodeURIComponent('温泉')}`)).toEqual([onsen]);
      expect(await get('q=castle')).toEqual([castle]);
      expect(await get('q=KMT-ONS')).toEqual([onsen]);
      expect(await get('area=aso')).toEqual([onsen]);
      expect(await get('purpose=experience')).toEqual([castle]);
      expect(await get('q=%25')).toEqual([]);
    });

    it('names the languages a spot has no name in, and filters by one (issue 11)', async () => {
      const r = await request(app).get('/api/spots?sort=storeCode').set('Authorization', admin.auth);
      expect(r.body.data.map((s: { id: number; missingLocales: string[] }) => [s.id, s.missingLocales])).toEqual([
        [castle, ['ko', 'zh-cn', 'zh-tw']],
        [onsen, ['en', 'ko', 'zh-cn', 'zh-tw']],
      ]);
      const get = async (missing: string) =>
        (await request(app).get(`/api/spots?missing=${missing}`).set('Authorization', admin.auth)).body;
      expect((await get('en')).data.map((s: { id: number }) => s.id)).toEqual([onsen]);
      expect((await get('en')).meta.total).toBe(1);
      expect((await get('ko')).data.map((s: { id: number }) => s.id)).toEqual([castle, onsen]);
      const detail = await request(app).get(`/api/spots/${castle}`).set('Authorization', admin.auth);
      expect(detail.body.data.missingLocales).toEqual(['ko', 'zh-cn', 'zh-tw']);
      const bad = await request(app).get('/api/spots?missing=ja').set('Authorization', admin.auth);
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('VALIDATION_FAILED');
      expect(bad.body.error.details.join()).toMatch(/query\.missing/);
    });

    it('shows shop staff only their own spots', async () => {
      const r = await request(app).get('/api/spots').set('Authorization', shop.auth);
      expect(r.status).toBe(200);
      expect(r.body.data.map((s: { id: number }) => s.id)).toEqual([castle]);
      expect(r.body.meta.total).toBe(1);
    });

    it('400 on bad query values', async () => {
      const r = await request(app).get('/api/spots?limit=500&area=moon').set('Authorization', admin.auth);
      expectError(r, 400, 'VALIDATION_FAILED');
      expect(r.body.error.details.join('\n')).toMatch(/query\.limit/);
      expect(r.body.error.details.join('\n')).toMatch(/query\.area/);
    });
  });

  describe('GET /api/spots/list', () => {
    it('401, 403 for a visitor', async () => {
      expectError(await request(app).get('/api/spots/list'), 401, 'UNAUTHORIZED');
      expectError(await request(app).get('/api/spots/list').set('Authorization', visitor.auth), 403, 'FORBIDDEN');
    });

    it('answers id, store code and name of every spot by store code, filtered by q', async () => {
      const r = await request(app).get('/api/spots/list').set('Authorization', admin.auth);
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual([
        { id: castle, storeCode: 'kmt-castle', name: '熊本城' },
        { id: onsen, storeCode: 'kmt-onsen', name: '黒川温泉' },
      ]);
      const q = await request(app)
        .get(`/api/spots/list?q=${encodeURIComponent('黒川')}`)
        .set('Authorization', admin.auth);
      expect(q.body.data).toEqual([{ id: onsen, storeCode: 'kmt-onsen', name: '黒川温泉' }]);
      expect(q.body.meta.total).toBe(1);
    });

    it('shows shop staff only their spots; 400 on a bad limit', async () => {
      const r = await request(app).get('/api/spots/list').set('Authorization', shop.auth);
      expect(r.body.data.map((s: { id: number }) => s.id)).toEqual([castle]);
      expectError(
        await request(app).get('/api/spots/list?limit=0').set('Authorization', admin.auth),
        400,
        'VALIDATION_FAILED',
      );
    });
  });

  describe('GET /api/spots/{id}', () => {
    it('answers the spot with every stored name', async () => {
      const r = await request(app).get(`/api/spots/${castle}`).set('Authorization', admin.auth);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({
        id: castle,
        storeCode: 'kmt-castle',
        name: '熊本城',
        names: { ja: '熊本城', en: 'Kumamoto Castle' },
        latitude: 32.806186,
        longitude: 130.705834,
        couponCount: 2,
      });
      expect(r.body.data.createdAt).toBe('2026-10-01T00:00:00.000Z');
    });

    it('401, 403 for a visitor and for shop staff of another spot, 404 for an unknown spot, 400 for a bad id', async () => {
      expectError(await request(app).get(`/api/spots/${castle}`), 401, 'UNAUTHORIZED');
      expectError(await request(app).get(`/api/spots/${castle}`).set('Authorization', visitor.auth), 403, 'FORBIDDEN');
      expect((await request(app).get(`/api/spots/${castle}`).set('Authorization', shop.auth)).status).toBe(200);
      const other = await request(app).get(`/api/spots/${onsen}`).set('Authorization', shop.auth);
      expect(other.status).toBe(403);
      expect(other.body.error.code).toBe('NOT_YOUR_SPOT');
      const missing = await request(app).get('/api/spots/999999').set('Authorization', admin.auth);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('SPOT_NOT_FOUND');
      expectError(await request(app).get('/api/spots/abc').set('Authorization', admin.auth), 400, 'VALIDATION_FAILED');
    });
  });

  describe('POST /api/storeadmininfos', () => {
    it('401 anonymous, 403 visitor, 403 shop staff creating a spot', async () => {
      expectError(await request(app).post('/api/storeadmininfos').send(valid()), 401, 'UNAUTHORIZED');
      expectError(
        await request(app).post('/api/storeadmininfos').set('Authorization', visitor.auth).send(valid()),
        403,
        'FORBIDDEN',
      );
      const r = await request(app).post('/api/storeadmininfos').set('Authorization', shop.auth).send(valid());
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('SPOT_CREATE_ADMIN_ONLY');
      expect(await db('spots').where({ store_code: 'kmt-new-1' }).first()).toBeUndefined();
    });

    it('400 with a localised reason per bad field', async () => {
      const r = await request(app)
        .post('/api/storeadmininfos')
        .set('Authorization', admin.auth)
        .set('x-lang', 'en')
        .send(
          valid({
            storeCode: 'bad code!',
            names: { ja: '  ' },
            latitude: 91,
            longitude: 'east',
            area: 'moon',
            usableRangeM: 50001,
          }),
        );
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_FAILED');
      expect(r.body.error.details).toEqual(
        expect.arrayContaining([
          'body.storeCode: Use letters, digits, . _ or - (64 at most)',
          'body.names.ja: Please be sure to input',
          'body.latitude: Enter a latitude from -90 to 90',
          'body.longitude: Enter a longitude from -180 to 180',
          'body.area: Please choose an area',
          'body.usableRangeM: Enter the usable range in whole metres from 1 to 50000',
        ]),
      );
      const ja = await request(app)
        .post('/api/storeadmininfos')
        .set('Authorization', admin.auth)
        .send(valid({ latitude: 0, longitude: 0 }));
      expectError(ja, 400, 'VALIDATION_FAILED');
      expect(ja.body.error.details).toEqual(['body.latitude: 緯度は-90〜90の数値で入力してください']);
      const fraction = await request(app)
        .post('/api/storeadmininfos')
        .set('Authorization', admin.auth)
        .send(valid({ usableRangeM: 10.5 }));
      expectError(fraction, 400, 'VALIDATION_FAILED');
    });

    it('creates a spot for an admin (201) and records who did it', async () => {
      const r = await request(app)
        .post('/api/storeadmininfos')
        .set('Authorization', admin.auth)
        .send(valid({ names: { ja: '新しいお店', en: 'New Shop', ko: '' } }));
      expect(r.status).toBe(201);
      expect(r.body.data).toMatchObject({
        storeCode: 'kmt-new-1',
        name: '新しいお店',
        names: { ja: '新しいお店', en: 'New Shop' },
        latitude: 32.8032,
        longitude: 130.7079,
        genre: 'カフェ',
        usableRangeM: 300,
        couponCount: 0,
      });
      expect(r.body.data.names).not.toHaveProperty('ko');
      const audit = await db('audit_log').where({ entity: 'spot', entity_id: r.body.data.id });
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'create', staff_email: admin.email, before: null });
      expect(JSON.parse(audit[0].after)).toMatchObject({
        storeCode: 'kmt-new-1',
        names: { ja: '新しいお店', en: 'New Shop' },
        usableRangeM: 300,
      });
      const trail = await request(app).get(`/api/audit/spot/${r.body.data.id}`).set('Authorization', admin.auth);
      expect(trail.body.data[0]).toMatchObject({ action: 'create', staffEmail: admin.email });
    });

    it('409 for a store code in use, nothing written', async () => {
      const before = await db('spots').count({ n: '*' }).first();
      const r = await request(app)
        .post('/api/storeadmininfos')
        .set('Authorization', admin.auth)
        .send(valid({ storeCode: 'kmt-castle' }));
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('STORE_CODE_TAKEN');
      expect((await db('spots').count({ n: '*' }).first())?.n).toEqual(before?.n);
    });

    it('replaces a spot when id is given: names left out are removed, the audit keeps before and after', async () => {
      const created = await request(app)
        .post('/api/storeadmininfos')
        .set('Authorization', admin.auth)
        .send(valid({ storeCode: 'kmt-edit' }));
      const id = created.body.data.id;
      const r = await request(app)
        .post('/api/storeadmininfos')
        .set('Authorization', admin.auth)
        .send(
          valid({
            id,
            storeCode: 'kmt-edit-2',
            names: { ja: '改名したお店', 'zh-tw': '改名的店' },
            genre: null,
            usableRangeM: 800,
          }),
        );
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({
        id,
        storeCode: 'kmt-edit-2',
        names: { ja: '改名したお店', 'zh-tw': '改名的店' },
        genre: null,
        usableRangeM: 800,
      });
      expect(r.body.data.names).not.toHaveProperty('en');
      const audit = await db('audit_log').where({ entity: 'spot', entity_id: id, action: 'update' });
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0].before)).toMatchObject({
        storeCode: 'kmt-edit',
        names: { ja: '新しいお店', en: 'New Shop' },
      });
      expect(JSON.parse(audit[0].after)).toMatchObject({
        storeCode: 'kmt-edit-2',
        names: { ja: '改名したお店', 'zh-tw': '改名的店' },
      });
      // Saving it again unchanged writes no audit entry.
      await request(app)
        .post('/api/storeadmininfos')
        .set('Authorization', admin.auth)
        .send(
          valid({
            id,
            storeCode: 'kmt-edit-2',
            names: { ja: '改名したお店', 'zh-tw': '改名的店' },
            genre: null,
            usableRangeM: 800,
          }),
        );
      expect(await db('audit_log').where({ entity: 'spot', entity_id: id, action: 'update' })).toHaveLength(1);
    });

    it('lets shop staff edit names, address and genre of their own spot but not its position, range or store code', async () => {
      const own = (await request(app).get(`/api/spots/${castle}`).set('Authorization', shop.auth)).body.data;
      const body = {
        id: castle,
        storeCode: own.storeCode,
        names: { ja: '熊本城 天守閣', en: 'Kumamoto Castle Keep' },
        address: '熊本県熊本市中央区本丸1-1',
        latitude: own.latitude,
        longitude: own.longitude,
        area: own.area,
        purpose: own.purpose,
        genre: '城',
        usableRangeM: own.usableRangeM,
      };
      const ok = await request(app).post('/api/storeadmininfos').set('Authorization', shop.auth).send(body);
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ name: '熊本城 天守閣', genre: '城' });
      const audit = await db('audit_log').where({ entity: 'spot', entity_id: castle, action: 'update' }).first();
      expect(audit.staff_email).toBe(shop.email);

      const moved = await request(app)
        .post('/api/storeadmininfos')
        .set('Authorization', shop.auth)
        .set('x-lang', 'en')
        .send({ ...body, latitude: 33, usableRangeM: 50000 });
      expectError(moved, 403, 'SPOT_FIELDS_ADMIN_ONLY');
      expect(moved.body.error).toMatchObject({
        code: 'SPOT_FIELDS_ADMIN_ONLY',
        message: 'Only administrators can change: latitude, usableRangeM',
      });
      expect((await db('spots').where({ id: castle }).first()).usable_range_m).toBe(500);

      const other = await request(app)
        .post('/api/storeadmininfos')
        .set('Authorization', shop.auth)
        .send({ ...body, id: onsen, storeCode: 'kmt-onsen' });
      expect(other.status).toBe(403);
      expect(other.body.error.code).toBe('NOT_YOUR_SPOT');
    });

    it('404 for an unknown id', async () => {
      const r = await request(app)
        .post('/api/storeadmininfos')
        .set('Authorization', admin.auth)
        .send(valid({ id: 999999, storeCode: 'kmt-ghost' }));
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('SPOT_NOT_FOUND');
    });
  });

  describe('PUT /api/spots/{id}', () => {
    it('401, 403 visitor, 403 other shop, 400, 404, 409', async () => {
      expectError(await request(app).put(`/api/spots/${onsen}`).send(valid()), 401, 'UNAUTHORIZED');
      expectError(
        await request(app).put(`/api/spots/${onsen}`).set('Authorization', visitor.auth).send(valid()),
        403,
        'FORBIDDEN',
      );
      expectError(
        await request(app)
          .put(`/api/spots/${onsen}`)
          .set('Authorization', shop.auth)
          .send(valid({ storeCode: 'kmt-onsen' })),
        403,
        'NOT_YOUR_SPOT',
      );
      expectError(
        await request(app)
          .put(`/api/spots/${onsen}`)
          .set('Authorization', admin.auth)
          .send(valid({ longitude: 181 })),
        400,
        'VALIDATION_FAILED',
      );
      expectError(
        await request(app)
          .put('/api/spots/999999')
          .set('Authorization', admin.auth)
          .send(valid({ storeCode: 'kmt-x' })),
        404,
        'SPOT_NOT_FOUND',
      );
      const taken = await request(app)
        .put(`/api/spots/${onsen}`)
        .set('Authorization', admin.auth)
        .send(valid({ storeCode: 'kmt-castle' }));
      expect(taken.status).toBe(409);
      expect(taken.body.error.code).toBe('STORE_CODE_TAKEN');
    });

    it('moves a spot; visitors nearby see it at once in their language', async () => {
      const r = await request(app)
        .put(`/api/spots/${onsen}`)
        .set('Authorization', admin.auth)
        .send(
          valid({
            storeCode: 'kmt-onsen',
            names: { ja: '黒川温泉', en: 'Kurokawa Onsen' },
            latitude: 33.0758,
            longitude: 131.142,
            area: 'aso',
            purpose: 'spa',
            usableRangeM: 1000,
          }),
        );
      expect(r.status).toBe(200);
      const coupon = (await db('coupon_spots').where({ spot_id: onsen }).first()).coupon_id;
      const near = await request(app)
        .get(`/api/coupons/get/nearby/spot/list?cid=${coupon}&lat=33.0758&long=131.1420`)
        .set('x-lang', 'en');
      expect(near.body.data).toEqual([
        expect.objectContaining({ id: onsen, name: 'Kurokawa Onsen', usableRangeM: 1000, distanceM: 0 }),
      ]);
    });
  });
});
