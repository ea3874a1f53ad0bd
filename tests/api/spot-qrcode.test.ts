import QRCode from 'qrcode';
import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { verifySpotCheckInCode } from '../../server/src/domains/spots/spots.admin.service';
import { testApp } from '../helpers/app';
import { binary } from '../helpers/binary';
import { createTestDb } from '../helpers/db';
import { createSpot, createStaffAccount, createVisitor } from '../helpers/factories';

/** Printable spot QR codes (spec 7 /coupons/get/spot/qrcode, issue 6) and their check-in codes. */
describe('spot QR codes', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  let admin: { auth: string };
  let shop: { auth: string };
  let visitor: { auth: string };
  let mine: number;
  let other: number;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db).app;
    mine = (await createSpot(db, { storeCode: 'kmt-qr-1', name: '熊本ラーメン' })).id;
    other = (await createSpot(db, { storeCode: 'kmt-qr-2' })).id;
    admin = await createStaffAccount(db, { role: 'admin' });
    shop = await createStaffAccount(db, { role: 'shop', spots: ['kmt-qr-1'] });
    visitor = await createVisitor(db);
  });
  afterAll(() => destroy());

  it('401 anonymous, 403 visitor, 403 shop staff of another spot, 400 without spotId, 404 unknown spot', async () => {
    expectError(await request(app).get(`/api/coupons/get/spot/qrcode?spotId=${mine}`), 401, 'UNAUTHORIZED');
    expectError(
      await request(app).get(`/api/coupons/get/spot/qrcode?spotId=${mine}`).set('Authorization', visitor.auth),
      403,
      'FORBIDDEN',
    );
    const r = await request(app).get(`/api/coupons/get/spot/qrcode?spotId=${other}`).set('Authorization', shop.auth);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('NOT_YOUR_SPOT');
    expectError(
      await request(app).get('/api/coupons/get/spot/qrcode').set('Authorization', admin.auth),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await request(app).get(`/api/coupons/get/spot/qrcode?spotId=${mine}&format=gif`).set('Authorization', admin.auth),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await request(app).get('/api/coupons/get/spot/qrcode?spotId=999999').set('Authorization', admin.auth),
      404,
      'SPOT_NOT_FOUND',
    );
  });

  it('answers the absolute collect-points URL with a secret check-in code (not the store code) and a PNG data URL', async () => {
    const r = await request(app)
      .get(`/api/coupons/get/spot/qrcode?spotId=${mine}`)
      .set('Authorization', shop.auth)
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-Host', 'passport.example.jp');
    expect(r.status).toBe(200);
    const { code, url, dataUrl, storeCode, name, spotId } = r.body.data;
    expect({ storeCode, name, spotId }).toEqual({ storeCode: 'kmt-qr-1', name: '熊本ラーメン', spotId: mine });
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(url).toBe(`https://passport.example.jp/collect-points-qr/${mine}/?code=${code}`);
    expect(dataUrl).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(dataUrl.split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG');
    // The same code every time until it is rotated, and it proves presence; the store code does not.
    const again = await request(app)
      .get(`/api/coupons/get/spot/qrcode?spotId=${mine}`)
      .set('Authorization', admin.auth);
    expect(again.body.data.code).toBe(code);
    expect(again.body.data.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/collect-points-qr\//);
    expect(await verifySpotCheckInCode(db, mine, code)).toBe(true);
    expect(await verifySpotCheckInCode(db, mine, code.toLowerCase())).toBe(true);
    expect(await verifySpotCheckInCode(db, mine, 'kmt-qr-1')).toBe(false);
    expect(await verifySpotCheckInCode(db, other, code)).toBe(false);
    expect(await verifySpotCheckInCode(db, 999999, code)).toBe(false);
  });

  it('gives every spot its own code', async () => {
    const a = await request(app).get(`/api/coupons/get/spot/qrcode?spotId=${mine}`).set('Authorization', admin.auth);
    const b = await request(app).get(`/api/coupons/get/spot/qrcode?spotId=${other}`).set('Authorization', admin.auth);
    expect(a.body.data.code).not.toBe(b.body.data.code);
  });

  it('answers the SVG itself, encoding exactly the URL', async () => {
    // Each supertest request listens on a new port: fix the origin through the trusted proxy headers.
    const host = 'passport.example.jp';
    const json = await request(app)
      .get(`/api/coupons/get/spot/qrcode?spotId=${mine}`)
      .set('Authorization', admin.auth)
      .set('X-Forwarded-Host', host);
    const r = await request(app)
      .get(`/api/coupons/get/spot/qrcode?spotId=${mine}&format=svg`)
      .set('Authorization', admin.auth)
      .set('X-Forwarded-Host', host)
      .buffer(true)
      .parse(binary);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(r.headers['content-disposition']).toBe('inline; filename="qr-kmt-qr-1.svg"');
    const expected = await QRCode.toString(json.body.data.url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
    expect(r.body.toString()).toBe(expected);
  });

  it('answers a PNG of the asked width', async () => {
    const r = await request(app)
      .get(`/api/coupons/get/spot/qrcode?spotId=${mine}&format=png&size=1024`)
      .set('Authorization', shop.auth)
      .buffer(true)
      .parse(binary);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    const png = r.body as Buffer;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1024);
    expectError(
      await request(app)
        .get(`/api/coupons/get/spot/qrcode?spotId=${mine}&format=png&size=5000`)
        .set('Authorization', shop.auth),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('links to PUBLIC_BASE_URL when it is set, whatever host the admin reached the server on', async () => {
    const pinned = testApp(db, { config: { publicBaseUrl: 'https://passport.example.jp' } }).app;
    const r = await request(pinned)
      .get(`/api/coupons/get/spot/qrcode?spotId=${mine}`)
      .set('Authorization', admin.auth)
      .set('X-Forwarded-Host', 'admin.internal.example');
    expect(r.status).toBe(200);
    expect(r.body.data.url).toBe(`https://passport.example.jp/collect-points-qr/${mine}/?code=${r.body.data.code}`);
    const svg = await request(pinned)
      .get(`/api/coupons/get/spot/qrcode?spotId=${mine}&format=svg`)
      .set('Authorization', admin.auth)
      .buffer(true)
      .parse(binary);
    expect((svg.body as Buffer).toString('utf8')).toBe(
      await QRCode.toString(r.body.data.url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }),
    );
  });

  it('rotates the code: the old one stops working, the audit log records it without codes', async () => {
    const before = (
      await request(app).get(`/api/coupons/get/spot/qrcode?spotId=${mine}`).set('Authorization', admin.auth)
    ).body.data.code;
    expectError(await request(app).post(`/api/spots/${mine}/qrcode/rotate`), 401, 'UNAUTHORIZED');
    expectError(
      await request(app).post(`/api/spots/${mine}/qrcode/rotate`).set('Authorization', visitor.auth),
      403,
      'FORBIDDEN',
    );
    expect((await request(app).post(`/api/spots/${other}/qrcode/rotate`).set('Authorization', shop.auth)).status).toBe(
      403,
    );
    expect((await request(app).post('/api/spots/999999/qrcode/rotate').set('Authorization', admin.auth)).status).toBe(
      404,
    );
    const r = await request(app).post(`/api/spots/${mine}/qrcode/rotate`).set('Authorization', shop.auth);
    expect(r.status).toBe(200);
    expect(r.body.data.code).not.toBe(before);
    expect(r.body.data.url).toContain(`?code=${r.body.data.code}`);
    expect(await verifySpotCheckInCode(db, mine, before)).toBe(false);
    expect(await verifySpotCheckInCode(db, mine, r.body.data.code)).toBe(true);
    const audit = await db('audit_log').where({ entity: 'spot', entity_id: mine, action: 'update' });
    expect(audit).toHaveLength(1);
    expect(`${audit[0].before}${audit[0].after}`).not.toContain(before);
    expect(`${audit[0].before}${audit[0].after}`).not.toContain(r.body.data.code);
  });
});
