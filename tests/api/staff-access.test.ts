import { expectAllowListRefusal, expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCampaign, createCoupon, createSpot, createStaffAccount, createVisitor } from '../helpers/factories';

const couponBody = (spotIds: number[], ja = '城下の茶屋 10%オフ') => ({
  title: { ja },
  description: { ja: '説明' },
  discount: { ja: '10%オフ' },
  spotIds,
  area: 'city',
  purpose: 'gourmet',
  tags: ['冬限定'],
  validFrom: '2026-11-01',
  validTo: '2027-01-31',
  published: true,
  linePointAmount: 0,
});

/**
 * Access to the admin area is decided by the staff account as the database has it now, not
 * by what its token says (outside audit: "let no one into the admin area who does not
 * belong there"): a disabled, deleted or changed account takes effect on its next request.
 */
describe('staff tokens are checked against the account on every request', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  let spotId: number;
  let couponId: number;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db).app;
    spotId = (await createSpot(db, { storeCode: 'kmt-acc1' })).id;
    await createSpot(db, { storeCode: 'kmt-acc2' });
    couponId = await createCoupon(db, { spotIds: [spotId], tags: ['冬限定'] });
  });
  afterAll(() => destroy());

  // Every read that once answered a disabled admin's old token (plus /user and /admincoupons, which always refused it).
  const reads = () => [
    `/api/audit/coupon/${couponId}`,
    '/api/faqs/list/category',
    '/api/admincoupons/get/ranking',
    '/api/spots',
    `/api/spots/${spotId}`,
    '/api/spots/list',
    '/api/spots/csv/export',
    '/api/admincoupons/csv/export',
    '/api/admincoupons/get/tags',
    '/api/user',
    '/api/admincoupons',
  ];

  it('answers a disabled admin 401 INVALID_TOKEN on every admin route, reads and writes', async () => {
    const admin = await createStaffAccount(db, { role: 'admin' });
    for (const path of reads())
      expect((await request(app).get(path).set('Authorization', admin.auth)).status, `before: ${path}`).toBe(200);

    await db('staff_users').where({ id: admin.id }).update({ disabled: true });
    for (const path of reads()) {
      const r = await request(app).get(path).set('Authorization', admin.auth).set('x-lang', 'en');
      expect(r.status, path).toBe(401);
      expect(r.body.error.code, path).toBe('INVALID_TOKEN');
    }
    const write = await request(app)
      .post('/api/campaigns')
      .set('Authorization', admin.auth)
      .send({ name: { ja: '春' }, description: { ja: '' }, startsOn: '2027-04-01', endsOn: '2027-04-30' });
    expectError(write, 401, 'INVALID_TOKEN');
    expect((await db('campaigns').select('id')).length).toBe(0);

    await db('staff_users').where({ id: admin.id }).update({ disabled: false });
    expect((await request(app).get('/api/spots').set('Authorization', admin.auth)).status).toBe(200);
  });

  it('answers 401 INVALID_TOKEN to the token of a deleted account', async () => {
    const gone = await createStaffAccount(db, { role: 'admin' });
    await db('staff_users').where({ id: gone.id }).delete();
    for (const path of reads())
      expectError(await request(app).get(path).set('Authorization', gone.auth), 401, 'INVALID_TOKEN', path);
  });

  it('takes the role and spots from the database, not from the token', async () => {
    const staff = await createStaffAccount(db, { role: 'admin' });
    expect((await request(app).get('/api/faqs/list/category').set('Authorization', staff.auth)).status).toBe(200);

    // Demoted to shop staff of kmt-acc1, with the admin token still in hand.
    await db('staff_users').where({ id: staff.id }).update({ role: 'shop' });
    await db('staff_user_spots').insert({ staff_user_id: staff.id, spot_id: spotId });
    expect((await request(app).get('/api/user').set('Authorization', staff.auth)).body.data).toMatchObject({
      role: 'shop',
      spotIds: [spotId],
    });
    expectError(await request(app).get('/api/faqs/list/category').set('Authorization', staff.auth), 403, 'FORBIDDEN');
    expectError(await request(app).get('/api/campaigns').set('Authorization', staff.auth), 403, 'FORBIDDEN');
    const spots = await request(app).get('/api/spots').set('Authorization', staff.auth);
    expect(spots.body.data.map((s: { id: number }) => s.id)).toEqual([spotId]);

    // A spot taken away applies at once too.
    await db('staff_user_spots').where({ staff_user_id: staff.id }).delete();
    expect((await request(app).get(`/api/spots/${spotId}`).set('Authorization', staff.auth)).body.error.code).toBe(
      'NOT_YOUR_SPOT',
    );
  });

  it('checks the allow-list before the account: outside it, even a disabled account gets 403 with an empty body', async () => {
    const admin = await createStaffAccount(db, { role: 'admin' });
    await db('staff_users').where({ id: admin.id }).update({ disabled: true });
    const outside = testApp(db, { config: { adminAllowedIps: ['203.0.113.0/28'], trustProxy: ['loopback'] } }).app;
    const r = await request(outside)
      .get('/api/spots')
      .set('Authorization', admin.auth)
      .set('X-Forwarded-For', '192.0.2.50');
    expectAllowListRefusal(r);
  });
});

/** The audit trail shows before/after values and who wrote them: shop staff see only their own coupons' and spots'. */
describe('audit trail access', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  let admin: Awaited<ReturnType<typeof createStaffAccount>>;
  let castleShop: Awaited<ReturnType<typeof createStaffAccount>>;
  let castle: number;
  let aso: number;
  let ownCoupon: number;
  let sharedCoupon: number;
  let otherCoupon: number;
  let campaignId: number;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db).app;
    castle = (await createSpot(db, { storeCode: 'kmt-aud-castle' })).id;
    aso = (await createSpot(db, { storeCode: 'kmt-aud-aso', area: 'aso' })).id;
    admin = await createStaffAccount(db, { role: 'admin', email: 'office@kumamoto.example.jp' });
    castleShop = await createStaffAccount(db, { role: 'shop', spots: ['kmt-aud-castle'] });
    const create = async (spotIds: number[], ja: string) =>
      (await request(app).post('/api/admincoupons').set('Authorization', admin.auth).send(couponBody(spotIds, ja))).body
        .data.id as number;
    ownCoupon = await create([castle], '城のクーポン');
    sharedCoupon = await create([castle, aso], '城と阿蘇のクーポン');
    otherCoupon = await create([aso], '阿蘇のクーポン');
    const saved = await request(app)
      .put(`/api/spots/${aso}`)
      .set('Authorization', admin.auth)
      .send({
        storeCode: 'kmt-aud-aso',
        names: { ja: '阿蘇の店' },
        address: '熊本県阿蘇市',
        latitude: 32.88,
        longitude: 131.1,
        area: 'aso',
        purpose: 'gourmet',
        usableRangeM: 500,
      });
    expect(saved.status).toBe(200);
    campaignId = await createCampaign(db);
  });
  afterAll(() => destroy());

  const trail = (auth: string, entity: string, id: number) =>
    request(app).get(`/api/audit/${entity}/${id}`).set('Authorization', auth);

  it("answers shop staff 200 on their own coupons' trail (also one shared with another shop)", async () => {
    const own = await trail(castleShop.auth, 'coupon', ownCoupon);
    expect(own.status).toBe(200);
    expect(own.body.data[0]).toMatchObject({
      action: 'create',
      entity: 'coupon',
      entityId: ownCoupon,
      staffEmail: admin.email,
    });
    expect((await trail(castleShop.auth, 'coupon', sharedCoupon)).status).toBe(200);
    expect(
      (await request(app).get(`/api/admincoupons/${sharedCoupon}`).set('Authorization', castleShop.auth)).status,
    ).toBe(200);
  });

  it("answers shop staff 403 NOT_YOUR_SPOT on another shop's coupon, as the coupon route does, without any entry", async () => {
    const r = await trail(castleShop.auth, 'coupon', otherCoupon);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('NOT_YOUR_SPOT');
    expect(JSON.stringify(r.body)).not.toContain(admin.email);
    expect(
      (await request(app).get(`/api/admincoupons/${otherCoupon}`).set('Authorization', castleShop.auth)).body.error
        .code,
    ).toBe('NOT_YOUR_SPOT');
  });

  it("answers shop staff 403 on another shop's spot and 200 on their own", async () => {
    const other = await trail(castleShop.auth, 'spot', aso);
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('NOT_YOUR_SPOT');
    expect((await trail(castleShop.auth, 'spot', castle)).status).toBe(200);
  });

  it('answers shop staff 403 on the trail of rallies, FAQ entries and staff accounts (admin-only)', async () => {
    for (const [entity, id] of [
      ['campaign', campaignId],
      ['faq', 1],
      ['faqCategory', 1],
      ['staff', admin.id],
    ] as const) {
      const r = await trail(castleShop.auth, entity, id);
      expect(r.status, entity).toBe(403);
      expect(r.body.error.code, entity).toBe('FORBIDDEN');
    }
  });

  it('lets admins read every trail; 401 anonymous, 403 visitor', async () => {
    const other = await trail(admin.auth, 'coupon', otherCoupon);
    expect(other.status).toBe(200);
    expect(other.body.data).toHaveLength(1);
    expect((await trail(admin.auth, 'spot', aso)).body.data[0]).toMatchObject({ action: 'update', entity: 'spot' });
    expect((await trail(admin.auth, 'campaign', campaignId)).status).toBe(200);
    expectError(await request(app).get(`/api/audit/coupon/${ownCoupon}`), 401, 'UNAUTHORIZED');
    expectError(await trail((await createVisitor(db)).auth, 'coupon', ownCoupon), 403, 'FORBIDDEN');
  });
});
