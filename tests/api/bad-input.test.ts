import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { MAX_JSON_DEPTH } from '../../server/src/http/body-guards';
import { expectError, request } from '../helpers/api';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCoupon, createSpot, createStaffAccount, createVisitor } from '../helpers/factories';

/**
 * Issue 17, section 4: a JSON body nested 15,000-30,000 levels deep, and a multipart body
 * without a boundary, answered 500 INTERNAL. They answer 400 MALFORMED_BODY in the error
 * envelope and change nothing.
 */
describe('bad bodies answer 400, never 500', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  let admin: string;
  let visitor: string;
  let couponId: number;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db).app;
    const spot = await createSpot(db);
    couponId = await createCoupon(db, { spotIds: [spot.id] });
    admin = (await createStaffAccount(db, { role: 'admin' })).auth;
    visitor = (await createVisitor(db)).auth;
  });
  afterAll(() => destroy());

  const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

  /** Routes that take a JSON body, with the caller that reaches them. */
  const bodyRoutes = () =>
    [
      ['post', '/api/login', null],
      ['put', `/api/coupons/qr/${couponId}`, visitor],
      ['post', '/api/contacts/send/mail/contact', null],
      ['post', '/api/admincoupons', admin],
      ['post', '/api/faqs/add/category', admin],
      ['post', '/api/storeadmininfos', admin],
      ['put', `/api/admincoupons/${couponId}`, admin],
    ] as const;

  it('refuses JSON nested 15,000-30,000 levels deep on every route that takes a body', async () => {
    for (const [method, url, auth] of bodyRoutes()) {
      for (const body of [deepArray(30_000), deepObject(15_000), `{"name":${deepArray(20_000)}}`]) {
        const r = request(app)
          [method](url)
          .set('content-type', 'application/json')
          .set('Idempotency-Key', 'deep-key-000001');
        if (auth) r.set('Authorization', auth);
        expectError(await r.send(body), 400, 'MALFORMED_BODY', `${method} ${url}`);
      }
    }
    expect(Number((await db('redemptions').count({ n: '*' }))[0]?.n)).toBe(0);
  });

  it(`refuses nesting past ${MAX_JSON_DEPTH} levels, and takes ${MAX_JSON_DEPTH} (brackets inside strings do not count)`, async () => {
    const nested = (depth: number) => `{"email":"[[[{{{","password":${deepArray(depth - 1)}}`;
    const post = (body: string) => request(app).post('/api/login').set('content-type', 'application/json').send(body);
    expectError(await post(nested(MAX_JSON_DEPTH + 1)), 400, 'MALFORMED_BODY');
    // At the limit the body is parsed and judged by its schema instead.
    expectError(await post(nested(MAX_JSON_DEPTH)), 400, 'VALIDATION_FAILED');
  });

  it('answers multipart/form-data without a boundary on the CSV import and image routes with 400', async () => {
    for (const url of [
      '/api/admincoupons/csv/import',
      '/api/spots/csv/import',
      `/api/admincoupons/${couponId}/images`,
    ]) {
      for (const type of [
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; charset=utf-8',
      ]) {
        const r = await request(app)
          .post(url)
          .set('Authorization', admin)
          .set('content-type', type)
          .send('--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\na\r\n--x--\r\n');
        expectError(r, 400, 'MALFORMED_BODY', `${url} ${type}`);
      }
    }
  });
});
