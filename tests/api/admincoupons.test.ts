import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Test } from 'supertest';
import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCoupon, createSpot, createStaffAccount, createVisitor } from '../helpers/factories';

const validCoupon = (spotIds: number[]) => ({
  title: { ja: '阿蘇の冬ランチ 10%オフ', en: '10% off winter lunch in Aso' },
  description: { ja: 'ランチタイム限定です。' },
  discount: { ja: '10%オフ' },
  spotIds,
  area: 'aso',
  purpose: 'gourmet',
  genre: '郷土料理',
  tags: ['グルメ', '冬限定'],
  validFrom: '2026-11-01',
  validTo: '2027-01-31',
  published: true,
  linePointAmount: 5,
});

/** A real JPEG with EXIF (orientation 6, a copyright and GPS-like note) made by sharp. */
async function photoWithExif(width = 1600, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: { IFD0: { Copyright: 'secret-photographer', ImageDescription: 'GPS 32.88 131.10' } },
    })
    .toBuffer();
}

/** Admin coupons (spec 7, issue 6): CRUD, shop scoping, images, audit. */
describe('admin coupons API', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  const uploads = mkdtempSync(join(tmpdir(), 'passport-uploads-'));
  let app: ReturnType<typeof testApp>['app'];
  let aso: { id: number };
  let castle: { id: number };
  let admin: Awaited<ReturnType<typeof createStaffAccount>>;
  let asoShop: Awaited<ReturnType<typeof createStaffAccount>>;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db, { config: { uploadDir: uploads } }).app;
    aso = await createSpot(db, { storeCode: 'kmt-aso', name: '阿蘇の食堂', lat: 32.88, lng: 131.1, area: 'aso' });
    castle = await createSpot(db, { storeCode: 'kmt-castle', name: '城下の茶屋' });
    admin = await createStaffAccount(db, { role: 'admin' });
    asoShop = await createStaffAccount(db, { role: 'shop', spots: ['kmt-aso'] });
  });
  afterAll(async () => {
    await destroy();
    rmSync(uploads, { recursive: true, force: true });
  });

  const as = (auth: string | null, call: Test) => (auth ? call.set('Authorization', auth) : call);

  it('401 for anonymous callers and 403 for visitors on every admin coupon route', async () => {
    const visitor = await createVisitor(db);
    for (const auth of [null, visitor.auth]) {
      const [status, code] = auth ? ([403, 'FORBIDDEN'] as const) : ([401, 'UNAUTHORIZED'] as const);
      expectError(await as(auth, request(app).get('/api/admincoupons')), status, code);
      expectError(await as(auth, request(app).post('/api/admincoupons')).send(validCoupon([aso.id])), status, code);
      expectError(await as(auth, request(app).get('/api/admincoupons/get/tags')), status, code);
      expectError(await as(auth, request(app).post('/api/admincoupons/1/images')), status, code);
    }
  });

  it('creates a coupon that visitors then see, and lists it with its status', async () => {
    const r = await as(admin.auth, request(app).post('/api/admincoupons')).send(validCoupon([aso.id]));
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      title: { ja: '阿蘇の冬ランチ 10%オフ', en: '10% off winter lunch in Aso' },
      spotIds: [aso.id],
      status: 'published',
      linePointAmount: 5,
      images: [],
    });
    const id = r.body.data.id;
    const pub = await request(app).get('/api/coupons/list/search?area=aso').set('x-lang', 'en');
    expect(pub.body.data.map((c: { id: number; title: string }) => [c.id, c.title])).toContainEqual([
      id,
      '10% off winter lunch in Aso',
    ]);
    const list = await as(admin.auth, request(app).get('/api/admincoupons?title=冬ランチ'));
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      id,
      status: 'published',
      spots: [{ id: aso.id, storeCode: 'kmt-aso', name: '阿蘇の食堂' }],
    });
  });

  it('answers 400 with the fields in error, changing nothing', async () => {
    const before = Number((await db('coupons').count({ n: '*' }))[0]?.n);
    const bad = {
      ...validCoupon([]),
      title: { ja: '' },
      validFrom: '2027-02-01',
      validTo: '2027-01-31',
      area: 'tokyo',
    };
    const r = await as(admin.auth, request(app).post('/api/admincoupons')).set('x-lang', 'en').send(bad);
    expectError(r, 400, 'VALIDATION_FAILED');
    const details: string[] = r.body.error.details;
    expect(details).toContain('body.title.ja: Please be sure to input');
    expect(details.some((d) => d.startsWith('body.spotIds:'))).toBe(true);
    expect(details.some((d) => d.startsWith('body.area:'))).toBe(true);
    expect(Number((await db('coupons').count({ n: '*' }))[0]?.n)).toBe(before);
    const unknownSpot = await as(admin.auth, request(app).post('/api/admincoupons')).send(validCoupon([99999]));
    expect(unknownSpot.status).toBe(422);
    expect(unknownSpot.body.error.code).toBe('UNKNOWN_SPOTS');
  });

  it('names the languages a coupon has no texts in, and filters by one (issue 11)', async () => {
    const both = await as(admin.auth, request(app).post('/api/admincoupons')).send({
      ...validCoupon([castle.id]),
      title: { ja: '四か国語クーポン', en: 'Four-language coupon', ko: '4개 국어 쿠폰', 'zh-tw': '四語優惠券' },
    });
    const jaOnly = await createCoupon(db, { spotIds: [castle.id], title: '日本語だけのクーポン' });
    const rowOf = async (qs: string, id: number) =>
      (await as(admin.auth, request(app).get(`/api/admincoupons?limit=100${qs}`))).body.data.find(
        (c: { id: number }) => c.id === id,
      );
    expect((await rowOf('', both.body.data.id)).missingLocales).toEqual(['zh-cn']);
    expect((await rowOf('', jaOnly)).missingLocales).toEqual(['en', 'ko', 'zh-cn', 'zh-tw']);
    const ids = async (missing: string) =>
      (await as(admin.auth, request(app).get(`/api/admincoupons?limit=100&missing=${missing}`))).body.data.map(
        (c: { id: number; missingLocales: string[] }) => {
          expect(c.missingLocales).toContain(missing);
          return c.id;
        },
      );
    expect(await ids('en')).toContain(jaOnly);
    expect(await ids('en')).not.toContain(both.body.data.id);
    expect(await ids('zh-cn')).toEqual(expect.arrayContaining([jaOnly, both.body.data.id]));
    expect(await ids('zh-tw')).not.toContain(both.body.data.id);
    for (const bad of ['ja', 'fr']) {
      const r = await as(admin.auth, request(app).get(`/api/admincoupons?missing=${bad}`));
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_FAILED');
      expect(r.body.error.details.join()).toMatch(/query\.missing/);
    }
    // Out of the way of the list tests below.
    await db('coupons').whereIn('id', [both.body.data.id, jaOnly]).update({ deleted_at: '2026-11-21T03:00:00.000Z' });
  });

  it('filters by status and sorts', async () => {
    await createCoupon(db, { spotIds: [castle.id], title: '下書きクーポン', published: false });
    await createCoupon(db, {
      spotIds: [castle.id],
      title: '来年のクーポン',
      validFrom: '2027-04-01',
      validTo: '2027-05-01',
    });
    const drafts = await as(admin.auth, request(app).get('/api/admincoupons?status=draft'));
    expect(drafts.body.data.map((c: { title: string }) => c.title)).toEqual(['下書きクーポン']);
    const scheduled = await as(admin.auth, request(app).get('/api/admincoupons?status=scheduled'));
    expect(scheduled.body.data.map((c: { title: string }) => c.title)).toEqual(['来年のクーポン']);
    const byTitle = await as(admin.auth, request(app).get('/api/admincoupons?sort=title&shop=城下'));
    expect(byTitle.body.data.map((c: { title: string }) => c.title)).toEqual(['下書きクーポン', '来年のクーポン']);
  });

  it('limits shop staff to coupons of their spots', async () => {
    const castleCoupon = await createCoupon(db, { spotIds: [castle.id], title: '城のクーポン' });
    const list = await as(asoShop.auth, request(app).get('/api/admincoupons'));
    expect(list.body.data.every((c: { spots: Array<{ id: number }> }) => c.spots.some((s) => s.id === aso.id))).toBe(
      true,
    );
    expectError(await as(asoShop.auth, request(app).get(`/api/admincoupons/${castleCoupon}`)), 403, 'NOT_YOUR_SPOT');
    expectError(
      await as(asoShop.auth, request(app).put(`/api/admincoupons/${castleCoupon}`)).send(validCoupon([aso.id])),
      403,
      'NOT_YOUR_SPOT',
    );
    expect((await as(asoShop.auth, request(app).post('/api/admincoupons')).send(validCoupon([castle.id]))).status).toBe(
      403,
    );
    const own = await as(asoShop.auth, request(app).post('/api/admincoupons')).send({
      ...validCoupon([aso.id]),
      title: { ja: '店舗が作ったクーポン' },
    });
    expect(own.status).toBe(201);
  });

  it('updates and deletes, recording who changed what in the audit log', async () => {
    const created = await as(admin.auth, request(app).post('/api/admincoupons')).send(validCoupon([aso.id]));
    const id = created.body.data.id;
    const updated = await as(admin.auth, request(app).put(`/api/admincoupons/${id}`)).send({
      ...validCoupon([aso.id, castle.id]),
      published: false,
      discount: { ja: '15%オフ' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      status: 'draft',
      spotIds: [aso.id, castle.id],
      discount: { ja: '15%オフ' },
    });
    expectError(await request(app).get(`/api/coupons/${id}`), 404, 'COUPON_NOT_FOUND'); // unpublished: visitors no longer see it
    const del = await as(admin.auth, request(app).delete(`/api/admincoupons/${id}`));
    expect(del.status).toBe(200);
    expectError(await as(admin.auth, request(app).get(`/api/admincoupons/${id}`)), 404, 'COUPON_NOT_FOUND');
    const trail = await as(admin.auth, request(app).get(`/api/audit/coupon/${id}`));
    expect(trail.body.data.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(trail.body.data[1]).toMatchObject({
      staffEmail: admin.email,
      before: { discount: { ja: '10%オフ' } },
      after: { discount: { ja: '15%オフ' } },
    });
    // Like shapes before and after, so the history lists exactly the three fields changed.
    const { before, after } = trail.body.data[1];
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    expect(
      Object.keys(after)
        .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
        .sort(),
    ).toEqual(['discount', 'published', 'spotIds']);
  });

  it('suggests tags in use and reports LINE points', async () => {
    const tags = await as(admin.auth, request(app).get('/api/admincoupons/get/tags?q=グ'));
    expect(tags.body.data[0]).toMatchObject({ tag: 'グルメ' });
    const created = await as(admin.auth, request(app).post('/api/admincoupons')).send(validCoupon([aso.id]));
    const points = await as(
      admin.auth,
      request(app).get(`/api/admincoupons/linepoint/amount?couponId=${created.body.data.id}`),
    );
    // The setting and the uses, but no "points given": no LINE points are sent yet (issue 11).
    expect(points.body.data).toEqual({ couponId: created.body.data.id, amount: 5, redemptions: 0 });
    const api = (await request(app).get('/api/openapi.json')).body;
    const schema = JSON.stringify(api.paths['/api/admincoupons/linepoint/amount']);
    expect(schema).toContain('redemptions');
    expect(schema).not.toContain('pointsIssued');
  });

  describe('images', () => {
    let couponId: number;
    beforeAll(async () => {
      couponId = (await as(admin.auth, request(app).post('/api/admincoupons')).send(validCoupon([aso.id]))).body.data
        .id;
    });

    it('stores a real JPEG as upright WebP variants 1200/400 px without EXIF, shown to visitors', async () => {
      const r = await as(admin.auth, request(app).post(`/api/admincoupons/${couponId}/images`)).attach(
        'couponImage',
        await photoWithExif(),
        'lunch.jpg',
      );
      expect(r.status).toBe(200);
      expect(r.body.data).toHaveLength(1);
      const [img] = r.body.data;
      expect(img.url).toMatch(/^\/uploads\/coupons\/\d+\/[\w-]+-1200\.webp$/);
      const large = await request(app, { unrouted: 'an uploaded image' })
        .get(img.url)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(large.status).toBe(200);
      expect(large.headers['cache-control']).toContain('immutable');
      const meta = await sharp(large.body as Buffer).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      // Orientation 6 turns the 1600x1000 photo upright to 1000x1600 (never enlarged).
      expect([meta.width, meta.height]).toEqual([1000, 1600]);
      const small = await sharp(join(uploads, img.smallUrl.replace('/uploads/', ''))).metadata();
      expect(small.width).toBe(400);
      const card = await request(app).get('/api/coupons/list/search?area=aso');
      expect(card.body.data.find((c: { id: number }) => c.id === couponId).imageUrl).toBe(img.smallUrl);
      const detail = await request(app).get(`/api/coupons/${couponId}`);
      expect(detail.body.data.imageLargeUrl).toBe(img.url);
    });

    it('refuses a text file named .jpg and an oversized file, storing nothing', async () => {
      const files = () => readdirSync(join(uploads, 'coupons', String(couponId))).length;
      const before = files();
      const fake = await as(admin.auth, request(app).post(`/api/admincoupons/${couponId}/images`)).attach(
        'couponImage',
        Buffer.from('this is not a picture'),
        'photo.jpg',
      );
      expect(fake.status).toBe(422);
      expect(fake.body.error.code).toBe('NOT_AN_IMAGE');
      const huge = await as(admin.auth, request(app).post(`/api/admincoupons/${couponId}/images`)).attach(
        'couponImage',
        Buffer.alloc(10 * 1024 * 1024 + 1, 1),
        'huge.jpg',
      );
      expectError(huge, 413, 'PAYLOAD_TOO_LARGE');
      expect(files()).toBe(before);
    });

    it('deletes images by offsets and closes the gaps', async () => {
      for (let i = 0; i < 2; i += 1) {
        await as(admin.auth, request(app).post(`/api/admincoupons/${couponId}/images`)).attach(
          'couponImage',
          await photoWithExif(800 + i * 100, 600),
          `p${i}.jpg`,
        );
      }
      const before = (await as(admin.auth, request(app).get(`/api/admincoupons/${couponId}`))).body.data.images;
      expect(before).toHaveLength(3);
      const r = await as(
        admin.auth,
        request(app).delete(`/api/admincoupons/${couponId}/images?type=couponImage&offsets[]=0&offsets[]=2`),
      );
      expect(r.status).toBe(200);
      expect(r.body.data.map((i: { offset: number; url: string }) => [i.offset, i.url])).toEqual([[0, before[1].url]]);
      expectError(await request(app, { unrouted: 'an uploaded image' }).get(before[0].url), 404, 'NOT_FOUND');
      const badType = await as(
        admin.auth,
        request(app).delete(`/api/admincoupons/${couponId}/images?type=prizeImage&offsets[]=0`),
      );
      expectError(badType, 400, 'VALIDATION_FAILED');
    });
  });
});
