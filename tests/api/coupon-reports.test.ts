import { parseString } from 'fast-csv';
import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { COUPON_CSV_COLUMNS } from '@contracts/spots-admin';
import { testApp } from '../helpers/app';
import { binary } from '../helpers/binary';
import { createTestDb } from '../helpers/db';
import { createCoupon, createSpot, createStaffAccount, createVisitor } from '../helpers/factories';

function parseCsv(text: string): Promise<Record<string, string>[]> {
  return new Promise((ok, fail) => {
    const rows: Record<string, string>[] = [];
    parseString(text, { headers: true })
      .on('error', fail)
      .on('data', (r: Record<string, string>) => rows.push(r))
      .on('end', () => ok(rows));
  });
}

let keySeq = 0;
/** A redemption as 'mark as used' stores it, on JST day `usedOn`. */
async function redeem(db: Db, a: { userId: number; couponId: number; spotId: number; usedOn: string }) {
  keySeq += 1;
  await db('redemptions').insert({
    user_id: a.userId,
    coupon_id: a.couponId,
    spot_id: a.spotId,
    used_on: a.usedOn,
    received_on: a.usedOn,
    used_at: `${a.usedOn}T03:00:00.000Z`,
    latitude: 32.8,
    longitude: 130.7,
    distance_m: 10,
    idempotency_key: `k-${keySeq}-${Math.random().toString(36).slice(2)}`,
    created_at: `${a.usedOn}T03:00:00.000Z`,
  });
}

/** Coupon reports (issue 6): GET /api/admincoupons/get/ranking and GET /api/admincoupons/csv/export. */
describe('coupon reports', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  let admin: { auth: string };
  let shop: { auth: string };
  let visitor: { auth: string };
  let spotA: number;
  let spotB: number;
  let ramen: number;
  let chain: number;
  let onsen: number;
  let quiet: number;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db).app; // today: 2026-11-21 (JST)
    spotA = (await createSpot(db, { storeCode: 'rank-a' })).id;
    spotB = (await createSpot(db, { storeCode: 'rank-b', area: 'aso' })).id;
    ramen = await createCoupon(db, { spotIds: [spotA], title: 'ラーメン大盛り無料', tags: ['麺', 'ランチ'] });
    chain = await createCoupon(db, {
      spotIds: [spotA, spotB],
      title: 'チェーン割引',
      area: 'aso',
      purpose: 'shopping',
      published: false,
    });
    onsen = await createCoupon(db, {
      spotIds: [spotB],
      title: '=SUM(1,2) 温泉',
      area: 'aso',
      purpose: 'spa',
      genre: '温泉',
    });
    quiet = await createCoupon(db, { spotIds: [spotB], title: '静かなクーポン' });
    admin = await createStaffAccount(db, { role: 'admin' });
    shop = await createStaffAccount(db, { role: 'shop', spots: ['rank-a'] });
    visitor = await createVisitor(db);
    const users = await Promise.all(Array.from({ length: 4 }, () => createVisitor(db)));
    const [u1, u2, u3, u4] = users.map((u) => u.id) as [number, number, number, number];
    // chain: 4 uses (3 visitors), 1 of them at spot A; ramen: 2; onsen: 2 (a tie with ramen); quiet: none.
    await redeem(db, { userId: u1, couponId: chain, spotId: spotB, usedOn: '2026-11-20' });
    await redeem(db, { userId: u1, couponId: chain, spotId: spotB, usedOn: '2026-11-21' });
    await redeem(db, { userId: u2, couponId: chain, spotId: spotA, usedOn: '2026-11-10' });
    await redeem(db, { userId: u3, couponId: chain, spotId: spotB, usedOn: '2026-10-25' });
    await redeem(db, { userId: u1, couponId: ramen, spotId: spotA, usedOn: '2026-11-01' });
    await redeem(db, { userId: u4, couponId: ramen, spotId: spotA, usedOn: '2026-11-15' });
    await redeem(db, { userId: u2, couponId: onsen, spotId: spotB, usedOn: '2026-11-02' });
    await redeem(db, { userId: u3, couponId: onsen, spotId: spotB, usedOn: '2026-11-03' });
    // Outside the default 30 days (2026-10-23..2026-11-21):
    await redeem(db, { userId: u4, couponId: onsen, spotId: spotB, usedOn: '2026-10-01' });
    await redeem(db, { userId: u4, couponId: quiet, spotId: spotB, usedOn: '2026-10-22' });
  });
  afterAll(() => destroy());

  describe('GET /api/admincoupons/get/ranking', () => {
    it('401 anonymous, 403 visitor', async () => {
      expectError(await request(app).get('/api/admincoupons/get/ranking'), 401, 'UNAUTHORIZED');
      expectError(
        await request(app).get('/api/admincoupons/get/ranking').set('Authorization', visitor.auth),
        403,
        'FORBIDDEN',
      );
    });

    it('ranks coupons by uses over the last 30 JST days by default; ties share a rank', async () => {
      const r = await request(app).get('/api/admincoupons/get/ranking').set('Authorization', admin.auth);
      expect(r.status).toBe(200);
      expect(r.body.meta).toEqual({ page: 1, limit: 20, total: 3, from: '2026-10-23', to: '2026-11-21' });
      expect(r.body.data).toEqual([
        {
          rank: 1,
          couponId: chain,
          title: 'チェーン割引',
          area: 'aso',
          purpose: 'shopping',
          published: false,
          deleted: false,
          uses: 4,
          visitors: 3,
        },
        {
          rank: 2,
          couponId: ramen,
          title: 'ラーメン大盛り無料',
          area: 'city',
          purpose: 'gourmet',
          published: true,
          deleted: false,
          uses: 2,
          visitors: 2,
        },
        {
          rank: 2,
          couponId: onsen,
          title: '=SUM(1,2) 温泉',
          area: 'aso',
          purpose: 'spa',
          published: true,
          deleted: false,
          uses: 2,
          visitors: 2,
        },
      ]);
    });

    it('takes a period of JST dates, area, purpose and pages', async () => {
      const get = (qs: string) =>
        request(app).get(`/api/admincoupons/get/ranking?${qs}`).set('Authorization', admin.auth);
      const october = await get('from=2026-10-01&to=2026-10-31');
      expect(october.body.data.map((x: { couponId: number; uses: number }) => [x.couponId, x.uses])).toEqual([
        [chain, 1],
        [onsen, 1],
        [quiet, 1],
      ]);
      const oneDay = await get('from=2026-11-21&to=2026-11-21');
      expect(oneDay.body.data.map((x: { couponId: number }) => x.couponId)).toEqual([chain]);
      const aso = await get('area=aso&purpose=spa');
      expect(aso.body.data.map((x: { couponId: number }) => x.couponId)).toEqual([onsen]);
      const page2 = await get('limit=1&page=2');
      expect(page2.body.data).toEqual([expect.objectContaining({ rank: 2, couponId: ramen })]);
      expect(page2.body.meta).toMatchObject({ page: 2, limit: 1, total: 3 });
      const past = await get('limit=2&page=5');
      expect(past.body).toMatchObject({ data: [], meta: { total: 3 } });
      const onlyTo = await get('to=2026-10-31');
      expect(onlyTo.body.meta).toMatchObject({ from: '2026-10-02', to: '2026-10-31' });
    });

    it('400 on impossible dates, a reversed period, bad area or limit', async () => {
      const get = (qs: string) =>
        request(app).get(`/api/admincoupons/get/ranking?${qs}`).set('Authorization', admin.auth).set('x-lang', 'en');
      const bad = await get('from=2026-02-31');
      expectError(bad, 400, 'VALIDATION_FAILED');
      expect(bad.body.error.details).toEqual(['query.from: Enter a valid date (YYYY-MM-DD)']);
      expectError(await get('from=2026-11-21&to=2026-11-01'), 400, 'VALIDATION_FAILED');
      expectError(await get('from=21/11/2026'), 400, 'VALIDATION_FAILED');
      expectError(await get('area=moon'), 400, 'VALIDATION_FAILED');
      expectError(await get('limit=1000'), 400, 'VALIDATION_FAILED');
    });

    it('shows shop staff the coupons used at their spots, counting only uses there', async () => {
      const r = await request(app).get('/api/admincoupons/get/ranking').set('Authorization', shop.auth);
      expect(r.status).toBe(200);
      expect(
        r.body.data.map((x: { couponId: number; uses: number; rank: number }) => [x.rank, x.couponId, x.uses]),
      ).toEqual([
        [1, ramen, 2],
        [2, chain, 1],
      ]);
    });
  });

  describe('GET /api/admincoupons/csv/export', () => {
    const download = async (auth: string) => {
      const r = await request(app)
        .get('/api/admincoupons/csv/export')
        .set('Authorization', auth)
        .buffer(true)
        .parse(binary);
      return { r, rows: await parseCsv((r.body as Buffer).subarray(3).toString('utf8')) };
    };

    it('401 anonymous, 403 visitor', async () => {
      expectError(await request(app).get('/api/admincoupons/csv/export'), 401, 'UNAUTHORIZED');
      expect((await request(app).get('/api/admincoupons/csv/export').set('Authorization', visitor.auth)).status).toBe(
        403,
      );
    });

    it('downloads every coupon with ja texts, store codes, tags, validity and publication', async () => {
      const { r, rows } = await download(admin.auth);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(r.headers['content-disposition']).toBe('attachment; filename="coupons-20261121.csv"');
      expect((r.body as Buffer).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect((r.body as Buffer).subarray(3).toString('utf8').split('\r\n')[0]).toBe(COUPON_CSV_COLUMNS.join(','));
      expect(rows).toHaveLength(4);
      expect(rows[0]).toEqual({
        id: String(ramen),
        title_ja: 'ラーメン大盛り無料',
        description_ja: '説明',
        discount_ja: '10%オフ',
        store_codes: 'rank-a',
        area: 'city',
        purpose: 'gourmet',
        genre: '',
        tags: 'ランチ|麺',
        valid_from: '2026-10-01',
        valid_to: '2027-03-31',
        published: 'true',
      });
      expect(rows[1]).toMatchObject({ id: String(chain), store_codes: 'rank-a|rank-b', published: 'false', tags: '' });
      expect(rows[2]).toMatchObject({ id: String(onsen), title_ja: "'=SUM(1,2) 温泉", genre: '温泉' });
    });

    it('leaves deleted coupons out and gives shop staff only coupons of their spots', async () => {
      await db('coupons').where({ id: quiet }).update({ deleted_at: '2026-11-20T00:00:00.000Z' });
      expect((await download(admin.auth)).rows.map((x) => Number(x.id))).toEqual([ramen, chain, onsen]);
      // The ranking still counts its uses, marked as deleted.
      const october = await request(app)
        .get('/api/admincoupons/get/ranking?from=2026-10-01&to=2026-10-31')
        .set('Authorization', admin.auth);
      expect(october.body.data.find((x: { couponId: number }) => x.couponId === quiet)).toMatchObject({
        deleted: true,
        uses: 1,
      });
      expect((await download(shop.auth)).rows.map((x) => Number(x.id))).toEqual([ramen, chain]);
    });
  });
});
