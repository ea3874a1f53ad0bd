import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID } from '@contracts/common';
import type { Db } from '../../server/src/db/knex';
import { fixedClock, testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCampaign, createCoupon, createSpot, createStaffAccount, createVisitor } from '../helpers/factories';

/**
 * Bad input is a 400 with a localised message and changes nothing, on SQLite and on
 * PostgreSQL (where ids past `integer` and NUL characters used to reach the database and
 * answer 500): ids, impossible dates, empty coordinates, NUL characters, a login body whose
 * email is not text, a broken percent-escape; and every message in the caller's language.
 */
describe('input rules', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  let coupon: number;
  let spot: { id: number; lat: number; lng: number };
  let visitor: { auth: string };
  let admin: { auth: string };

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db, { clock: fixedClock('2026-11-21T03:00:00Z') }).app;
    spot = await createSpot(db, { name: '熊本城 茶屋' });
    coupon = await createCoupon(db, { spotIds: [spot.id], title: '馬刺しランチ10%オフ' });
    await createCampaign(db);
    visitor = await createVisitor(db);
    admin = await createStaffAccount(db, { role: 'admin' });
  });
  afterAll(() => destroy());

  const count = async (table: string) => Number((await db(table).count({ n: '*' }))[0]!.n);

  it('refuses ids past the largest key (400), and still answers 404 for the largest one', async () => {
    const tooBig = String(MAX_ID + 1);
    for (const path of [
      `/api/coupons/${tooBig}`,
      `/api/coupons/get/nearby/spot/list?lat=32.8&long=130.7&cid=${tooBig}`,
      `/api/stamps/get/list?campaignId=${tooBig}`,
    ]) {
      const r = await request(app).get(path).set('Authorization', visitor.auth);
      expect(r.status, path).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_FAILED');
    }
    const put = await request(app)
      .put(`/api/coupons/qr/${tooBig}`)
      .set('Authorization', visitor.auth)
      .set('Idempotency-Key', 'too-big-id-0001')
      .send({ lat: spot.lat, long: spot.lng });
    expectError(put, 400, 'VALIDATION_FAILED');
    const del = await request(app)
      .put('/api/faqs/del/faq')
      .set('Authorization', admin.auth)
      .send({ id: MAX_ID + 1 });
    expectError(del, 400, 'VALIDATION_FAILED');
    expectError(await request(app).get(`/api/coupons/${MAX_ID}`), 404, 'COUPON_NOT_FOUND');
    expect(await count('redemptions')).toBe(0);
  });

  it('refuses calendar dates that do not exist, and creates nothing', async () => {
    const before = await count('coupons');
    const body = {
      title: { ja: '冬の甘味' },
      discount: { ja: '50円引き' },
      description: { ja: '' },
      spotIds: [spot.id],
      area: 'city',
      purpose: 'gourmet',
      genre: null,
      tags: [],
      validFrom: '2026-11-01',
      published: false,
      linePointAmount: 0,
    };
    for (const validTo of ['2026-02-31', '2026-99-99', '2027-02-29']) {
      const r = await request(app)
        .post('/api/admincoupons')
        .set('Authorization', admin.auth)
        .send({ ...body, validTo });
      expectError(r, 400, 'VALIDATION_FAILED', validTo);
      expect(r.body.error.details).toEqual(expect.arrayContaining([expect.stringMatching(/^body\.validTo: /)]));
    }
    const rally = await request(app)
      .post('/api/campaigns')
      .set('Authorization', admin.auth)
      .send({ name: { ja: '春のラリー' }, description: { ja: '' }, startsOn: '2028-02-01', endsOn: '2028-02-30' });
    expectError(rally, 400, 'VALIDATION_FAILED');
    expect(await count('coupons')).toBe(before);
    // A leap day that exists is a date.
    const leap = await request(app)
      .post('/api/admincoupons')
      .set('Authorization', admin.auth)
      .send({ ...body, validTo: '2028-02-29' });
    expect(leap.status).toBe(201);
  });

  it('takes an empty lat or long as missing (400), not as the equator or Greenwich', async () => {
    for (const [q, detail] of [
      ['lat=&long=130.7', 'query.lat: Please be sure to input'],
      ['lat=32.8&long=', 'query.long: Please be sure to input'],
      ['lat=%20&long=130.7', 'query.lat: Please be sure to input'],
      ['long=130.7', 'query.lat: Please be sure to input'],
      ['lat=91&long=130.7', 'query.lat: Enter a latitude from -90 to 90'],
      ['lat=abc&long=130.7', 'query.lat: Enter a latitude from -90 to 90'],
    ] as const) {
      const r = await request(app).get(`/api/coupons/get/nearby/spot/list?${q}&cid=${coupon}`).set('x-lang', 'en');
      expectError(r, 400, 'VALIDATION_FAILED', q);
      expect(r.body.error.details, q).toEqual([detail]);
    }
    const ok = await request(app).get(
      `/api/coupons/get/nearby/spot/list?lat=${spot.lat}&long=${spot.lng}&cid=${coupon}`,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.map((s: { id: number }) => s.id)).toEqual([spot.id]);
  });

  it('refuses NUL characters in a query or a body (400 naming the part), and stores nothing', async () => {
    const search = await request(app).get('/api/coupons/list/search?keyword=a%00b').set('x-lang', 'en');
    expectError(search, 400, 'VALIDATION_FAILED');
    expect(search.body.error.details).toEqual(['query: Contains a character that is not allowed (NUL)']);
    const before = await count('contact_inquiries');
    const contact = await request(app)
      .post('/api/contacts/send/mail/contact')
      .send({ lineName: '旅人', email: 'tabi@example.jp', content: 'x\u0000y', agreed: true });
    expectError(contact, 400, 'VALIDATION_FAILED');
    expect(contact.body.error.details).toEqual(['body: 使用できない文字（NUL）が含まれています']);
    expect(await count('contact_inquiries')).toBe(before);
  });

  it('answers 400 (not 500) to a login whose email is not text', async () => {
    const r = await request(app)
      .post('/api/login')
      .send({ email: { toString: 1 }, password: 'x' });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('answers 415 to a body that is not JSON, and stores nothing', async () => {
    const before = await count('contact_inquiries');
    const r = await request(app)
      .post('/api/contacts/send/mail/contact')
      .set('Content-Type', 'text/plain')
      .set('x-lang', 'en')
      .send(JSON.stringify({ lineName: '旅人', email: 'tabi@example.jp', content: 'こんにちは', agreed: true }));
    expectError(r, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(r.body.error).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the request body as JSON (Content-Type: application/json).',
    });
    expect(await count('contact_inquiries')).toBe(before);
    // The same body as JSON is taken.
    const ok = await request(app)
      .post('/api/contacts/send/mail/contact')
      .send({ lineName: '旅人', email: 'tabi@example.jp', content: 'こんにちは', agreed: true });
    expect(ok.status).toBe(200);
  });

  it('names a broken percent-escape in the path as a malformed URL', async () => {
    const r = await request(app).get('/api/coupons/%E0%A4%A').set('x-lang', 'en');
    expectError(r, 400, 'MALFORMED_URL');
    expect(r.body.error).toMatchObject({ code: 'MALFORMED_URL', message: 'The request URL is malformed.' });
  });

  it('answers every message in the caller’s language, zh-cn and zh-tw included, validation details too', async () => {
    const messages: Record<string, string> = {};
    for (const lang of ['ja', 'en', 'ko', 'zh-cn', 'zh-tw', 'zh-TW']) {
      const r = await request(app).get('/api/coupons/999999').set('x-lang', lang);
      expectError(r, 404, 'COUPON_NOT_FOUND');
      messages[lang] = r.body.error.message;
    }
    expect(messages).toEqual({
      ja: 'クーポンが見つかりませんでした。',
      en: expect.stringMatching(/coupon/i),
      ko: expect.stringMatching(/쿠폰/),
      'zh-cn': '未找到该优惠券。',
      'zh-tw': '找不到該優惠券。',
      'zh-TW': '找不到該優惠券。',
    });
    // zod's own wording (no validation key in the schema) follows the language as well.
    const ja = await request(app).get('/api/coupons/abc').set('x-lang', 'ja');
    const ko = await request(app).get('/api/coupons/abc').set('x-lang', 'ko');
    expect(ja.body.error.details).toHaveLength(1);
    expect(ja.body.error.details[0]).toMatch(/^params\.id: .*[ぁ-んァ-ン]/);
    expect(ko.body.error.details[0]).toMatch(/^params\.id: .*[가-힣]/);
  });
});
