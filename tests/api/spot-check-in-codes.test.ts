import { request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPOT_CSV_COLUMNS } from '@contracts/spots-admin';
import type { Db } from '../../server/src/db/knex';
import { up as giveExistingSpotsCodes } from '../../migrations/20261125000000_spot_check_in_codes';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createStaffAccount, createVisitor } from '../helpers/factories';

/** Eight characters of the unambiguous alphabet (no 0/O, 1/I). */
const CODE = /^[A-HJ-NP-Z2-9]{8}$/;

/**
 * Issue 11: every spot has its check-in code from its creation (seeds, admin form, CSV
 * import, and a migration for older spots), so the store code entry of 'mark as used' works
 * at a spot whose QR code nobody has opened in the admin.
 */
describe('spot check-in codes', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  let admin: Awaited<ReturnType<typeof createStaffAccount>>;
  const codeOf = async (id: number): Promise<string | null> =>
    (await db('spots').where({ id }).first('qr_code')).qr_code;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb({ seed: true }));
    app = testApp(db).app;
    admin = await createStaffAccount(db, { role: 'admin' });
  });
  afterAll(() => destroy());

  it('the seed gives every one of the 222 spots its own code', async () => {
    const codes: Array<string | null> = await db('spots').pluck('qr_code');
    expect(codes).toHaveLength(222);
    expect(codes.filter((c) => !c || !CODE.test(c))).toEqual([]);
    expect(new Set(codes).size).toBe(222);
  });

  it('the migration gives a code to each existing spot without one and keeps the others', async () => {
    const [kept] = await db('spots').orderBy('id').limit(1).select('id', 'qr_code');
    const without = await db('spots').orderBy('id').offset(1).limit(3).pluck('id');
    await db('spots').whereIn('id', without).update({ qr_code: null });
    await giveExistingSpotsCodes(db);
    for (const id of without) expect(await codeOf(Number(id))).toMatch(CODE);
    expect(await codeOf(kept.id)).toBe(kept.qr_code);
    expect(Number((await db('spots').whereNull('qr_code').count({ n: '*' }))[0]?.n)).toBe(0);
  });

  it('a spot created in the admin form or by CSV import has a code at once', async () => {
    const created = await request(app)
      .post('/api/storeadmininfos')
      .set('Authorization', admin.auth)
      .send({
        storeCode: 'kmt-code-1',
        names: { ja: '新しい茶屋' },
        address: '熊本県熊本市中央区本丸1-1',
        latitude: 32.8062,
        longitude: 130.7058,
        area: 'city',
        purpose: 'gourmet',
        usableRangeM: 300,
      });
    expect(created.status).toBe(201);
    expect(await codeOf(created.body.data.id)).toMatch(CODE);

    const header = SPOT_CSV_COLUMNS.map((c) => c.name);
    const row: Record<string, string> = {
      store_code: 'kmt-code-csv',
      name_ja: '取込の店',
      address: '熊本県熊本市',
      latitude: '32.80',
      longitude: '130.70',
      area: 'city',
      purpose: 'gourmet',
      usable_range_m: '300',
    };
    const csv = `${header.join(',')}\r\n${header.map((h) => row[h] ?? '').join(',')}\r\n`;
    const imported = await request(app)
      .post('/api/spots/csv/import')
      .set('Authorization', admin.auth)
      .attach('file', Buffer.from(csv), 'spots.csv');
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ created: 1 });
    const spot = await db('spots').where({ store_code: 'kmt-code-csv' }).first('qr_code');
    expect(spot.qr_code).toMatch(CODE);
  });

  it("'mark as used' by store code works at a spot whose QR code was never opened in the admin", async () => {
    const spot = await request(app)
      .post('/api/storeadmininfos')
      .set('Authorization', admin.auth)
      .send({
        storeCode: 'kmt-code-2',
        names: { ja: 'GPSの届かない地下の店' },
        address: '熊本県熊本市中央区下通1-1',
        latitude: 32.8,
        longitude: 130.71,
        area: 'city',
        purpose: 'gourmet',
        usableRangeM: 100,
      });
    const coupon = await request(app)
      .post('/api/admincoupons')
      .set('Authorization', admin.auth)
      .send({
        title: { ja: '地下の店 10%オフ' },
        description: { ja: '' },
        discount: { ja: '10%オフ' },
        spotIds: [spot.body.data.id],
        area: 'city',
        purpose: 'gourmet',
        validFrom: '2026-11-01',
        validTo: '2027-01-31',
        published: true,
      });
    expect(coupon.status).toBe(201);
    // The code as printed at the counter (read from the database, not from the QR endpoint).
    const code = (await codeOf(spot.body.data.id))!;
    const v = await createVisitor(db);
    const used = await request(app)
      .put(`/api/coupons/qr/${coupon.body.data.id}`)
      .set('Authorization', v.auth)
      .set('Idempotency-Key', 'check-in-code-never-viewed-0001')
      .send({ checkInCode: code.toLowerCase() });
    expect(used.status).toBe(200);
    expect(used.body.data.redemption).toMatchObject({ spotId: spot.body.data.id });
    expect(await db('redemptions').where({ user_id: v.id }).first()).toMatchObject({ proof: 'check_in_code' });
    expect(await codeOf(spot.body.data.id)).toBe(code);
  });
});
