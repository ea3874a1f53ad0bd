import { parseString } from 'fast-csv';
import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { SPOT_CSV_COLUMNS } from '@contracts/spots-admin';
import { testApp } from '../helpers/app';
import { binary } from '../helpers/binary';
import { countStatements, createTestDb } from '../helpers/db';
import { createSpot, createStaffAccount, createVisitor } from '../helpers/factories';

const HEADER = SPOT_CSV_COLUMNS.map((c) => c.name);
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function parseCsv(text: string): Promise<Record<string, string>[]> {
  return new Promise((ok, fail) => {
    const rows: Record<string, string>[] = [];
    parseString(text, { headers: true })
      .on('error', fail)
      .on('data', (r: Record<string, string>) => rows.push(r))
      .on('end', () => ok(rows));
  });
}

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csvOf = (rows: Array<Record<string, string | number>>, header: string[] = HEADER) =>
  [header.join(','), ...rows.map((r) => header.map((h) => quote(String(r[h] ?? ''))).join(','))].join('\r\n') + '\r\n';

/** A valid spot row, number i of a file (store code csv-0001...). */
const spotRow = (i: number, over: Record<string, string | number> = {}) => ({
  store_code: `csv-${String(i).padStart(4, '0')}`,
  name_ja: `取込店${i}`,
  name_en: `Imported Shop ${i}`,
  address: `熊本県熊本市中央区${i}番地`,
  latitude: (32.7 + i / 10000).toFixed(6),
  longitude: (130.7 + i / 10000).toFixed(6),
  area: ['north', 'center', 'city', 'aso', 'south', 'amakusa'][i % 6]!,
  purpose: 'gourmet',
  genre: i % 2 ? 'ラーメン' : '',
  usable_range_m: 300,
  ...over,
});

/** Spot CSV files (issue 6): export, template and all-or-nothing import. */
describe('spot CSV', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  let admin: { auth: string; email: string };
  let shop: { auth: string };
  let visitor: { auth: string };
  const spotCount = async () => Number((await db('spots').count({ n: '*' }).first())?.n);
  const upload = (csv: string | Buffer, auth = admin.auth, name = 'spots.csv') =>
    request(app)
      .post('/api/spots/csv/import')
      .set('Authorization', auth)
      .attach('file', Buffer.isBuffer(csv) ? csv : Buffer.from(csv), name);

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    // A fresh app (and write limiter) per test keeps the 60 writes a minute limit out of the way.
    app = testApp(db).app;
    await createSpot(db, {
      storeCode: 'kmt-a',
      name: '=HYPERLINK("http://evil")',
      nameEn: 'Shop A',
      area: 'city',
      purpose: 'gourmet',
    });
    await createSpot(db, {
      storeCode: 'kmt-b',
      name: '店B',
      area: 'aso',
      purpose: 'spa',
      lat: 33.0756,
      lng: 131.1417,
      rangeM: 1000,
    });
    admin = await createStaffAccount(db, { role: 'admin' });
    shop = await createStaffAccount(db, { role: 'shop', spots: ['kmt-b'] });
    visitor = await createVisitor(db);
  });
  afterAll(() => destroy());

  describe('GET /api/spots/csv/export', () => {
    it('401 anonymous, 403 visitor', async () => {
      expectError(await request(app).get('/api/spots/csv/export'), 401, 'UNAUTHORIZED');
      expectError(await request(app).get('/api/spots/csv/export').set('Authorization', visitor.auth), 403, 'FORBIDDEN');
    });

    it('downloads every spot as UTF-8 CSV with a BOM and CRLF, formulas defused', async () => {
      const r = await request(app)
        .get('/api/spots/csv/export')
        .set('Authorization', admin.auth)
        .buffer(true)
        .parse(binary);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(r.headers['content-disposition']).toBe('attachment; filename="spots-20261121.csv"');
      const body = r.body as Buffer;
      expect(body.subarray(0, 3)).toEqual(BOM);
      const text = body.subarray(3).toString('utf8');
      expect(text.split('\r\n')[0]).toBe(HEADER.join(','));
      const rows = await parseCsv(text);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({
        store_code: 'kmt-a',
        name_ja: `'=HYPERLINK("http://evil")`,
        name_en: 'Shop A',
        latitude: '32.806186',
        longitude: '130.705834',
        area: 'city',
        usable_range_m: '500',
      });
      expect(rows[1]).toMatchObject({
        store_code: 'kmt-b',
        name_ja: '店B',
        name_en: '',
        area: 'aso',
        purpose: 'spa',
        usable_range_m: '1000',
      });
    });

    it('gives shop staff only their own spots', async () => {
      const r = await request(app)
        .get('/api/spots/csv/export')
        .set('Authorization', shop.auth)
        .buffer(true)
        .parse(binary);
      const rows = await parseCsv((r.body as Buffer).subarray(3).toString('utf8'));
      expect(rows.map((x) => x.store_code)).toEqual(['kmt-b']);
    });
  });

  describe('GET /api/spots/csv/template', () => {
    it('401 anonymous, 403 visitor; the header row, with example rows on request', async () => {
      expectError(await request(app).get('/api/spots/csv/template'), 401, 'UNAUTHORIZED');
      expectError(
        await request(app).get('/api/spots/csv/template').set('Authorization', visitor.auth),
        403,
        'FORBIDDEN',
      );
      const r = await request(app)
        .get('/api/spots/csv/template')
        .set('Authorization', shop.auth)
        .buffer(true)
        .parse(binary);
      expect(r.status).toBe(200);
      expect(r.headers['content-disposition']).toBe('attachment; filename="spots-template.csv"');
      expect((r.body as Buffer).toString('utf8')).toBe(`\uFEFF${HEADER.join(',')}\r\n`);
      const ex = await request(app)
        .get('/api/spots/csv/template?example=true')
        .set('Authorization', admin.auth)
        .buffer(true)
        .parse(binary);
      const rows = await parseCsv((ex.body as Buffer).subarray(3).toString('utf8'));
      expect(rows.map((x) => x.store_code)).toEqual(['example-0001', 'example-0002']);
      expectError(
        await request(app).get('/api/spots/csv/template?example=maybe').set('Authorization', admin.auth),
        400,
        'VALIDATION_FAILED',
      );
    });
  });

  describe('POST /api/spots/csv/import', () => {
    it('401 anonymous, 403 visitor, 403 shop staff', async () => {
      const csv = csvOf([spotRow(1)]);
      expectError(
        await request(app).post('/api/spots/csv/import').attach('file', Buffer.from(csv), 'spots.csv'),
        401,
        'UNAUTHORIZED',
      );
      expectError(await upload(csv, visitor.auth), 403, 'FORBIDDEN');
      expectError(await upload(csv, shop.auth), 403, 'FORBIDDEN');
      expect(await db('spots').where({ store_code: 'csv-0001' }).first()).toBeUndefined();
    });

    it('400 without a file, with a wrong header, with an empty file, with broken quoting', async () => {
      const none = await request(app).post('/api/spots/csv/import').set('Authorization', admin.auth).send({});
      expect(none.status).toBe(400);
      expect(none.body.error.code).toBe('CSV_FILE_REQUIRED');
      const header = await upload('store_code,name,lat,lng\r\nx,y,1,2\r\n');
      expect(header.status).toBe(400);
      expect(header.body.error.code).toBe('CSV_COLUMNS_INVALID');
      expect(header.body.error.message).toContain('name_ja, address, latitude, longitude, area, purpose');
      expect(header.body.error.message).toContain('name, lat, lng');
      const empty = await upload(`${HEADER.join(',')}\r\n`);
      expect(empty.status).toBe(400);
      expect(empty.body.error.code).toBe('CSV_EMPTY');
      const broken = await upload(`${HEADER.join(',')}\r\n"csv-1,x\r\n`);
      expect(broken.status).toBe(400);
      expect(broken.body.error.code).toMatch(/^CSV_/);
      const binaryFile = await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]), admin.auth, 'spots.csv');
      expect(binaryFile.status).toBe(400);
      expect(binaryFile.body.error.code).toBe('CSV_MALFORMED');
    });

    it('rejects the whole file when one row is bad, listing every bad row; nothing is imported', async () => {
      const before = await spotCount();
      const rows = Array.from({ length: 20 }, (_, i) => spotRow(i + 1));
      rows[4] = spotRow(5, { latitude: '91' }); // file row 6
      rows[9] = spotRow(10, { area: 'moon', usable_range_m: '0' }); // file row 11
      rows[14] = spotRow(15, { store_code: 'csv-0003' }); // file row 16, duplicate of row 4
      rows[17] = spotRow(18, { name_ja: '' }); // file row 19
      const r = await upload(csvOf(rows)).set('x-lang', 'en');
      expect(r.status).toBe(422);
      expect(r.body.error.code).toBe('CSV_ROWS_INVALID');
      expect(r.body.error.message).toBe('Rows with errors: 4. Nothing was imported.');
      expect(r.body.error.details).toEqual([
        { row: 6, column: 'latitude', code: 'validation.latitude', message: 'Enter a latitude from -90 to 90' },
        { row: 11, column: 'area', code: 'validation.area', message: 'Please choose an area' },
        {
          row: 11,
          column: 'usable_range_m',
          code: 'validation.usableRange',
          message: 'Enter the usable range in whole metres from 1 to 50000',
        },
        {
          row: 16,
          column: 'store_code',
          code: 'validation.duplicateInFile',
          message: 'This store code is also on row 4',
        },
        { row: 19, column: 'name_ja', code: 'validation.required', message: 'Please be sure to input' },
      ]);
      expect(await spotCount()).toBe(before);
      expect(await db('audit_log').where({ action: 'import' })).toHaveLength(0);
      const ja = await upload(csvOf([spotRow(1, { longitude: '東経130度' })]));
      expect(ja.body.error.details).toEqual([
        {
          row: 2,
          column: 'longitude',
          code: 'validation.longitude',
          message: '経度は-180〜180の数値で入力してください',
        },
      ]);
    });

    it('imports a good file of 300 shops in one go, in a bounded number of statements, with an audit entry per spot', async () => {
      const rows = Array.from({ length: 300 }, (_, i) => spotRow(i + 1));
      const before = await spotCount();
      const statements = countStatements(db);
      const r = await upload(csvOf(rows));
      const ran = statements.stop();
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ created: 300, updated: 0, unchanged: 0, total: 300 });
      // The work is bounded, not timed: one statement per spot, a few for the file (307 today).
      expect(ran).toBeLessThanOrEqual(rows.length + 10);
      expect(await spotCount()).toBe(before + 300);
      const s = await db('spots').where({ store_code: 'csv-0150' }).first();
      expect(s).toMatchObject({
        address: '熊本県熊本市中央区150番地',
        area: 'north',
        purpose: 'gourmet',
        genre: null,
        usable_range_m: 300,
      });
      expect(Number(s.latitude)).toBeCloseTo(32.715, 6);
      const names = await db('spot_translations').where({ spot_id: s.id }).orderBy('locale');
      expect(names.map((n: { locale: string; name: string }) => [n.locale, n.name])).toEqual([
        ['en', 'Imported Shop 150'],
        ['ja', '取込店150'],
      ]);
      const audit = await db('audit_log').where({ action: 'import', entity: 'spot' });
      expect(audit).toHaveLength(300);
      expect(audit[0]).toMatchObject({ staff_email: admin.email, before: null });
      // The same file again changes nothing.
      const again = await upload(csvOf(rows));
      expect(again.body.data).toEqual({ created: 0, updated: 0, unchanged: 300, total: 300 });
      expect(await db('audit_log').where({ action: 'import' })).toHaveLength(300);
    });

    it('updates spots by store code; a column left out keeps stored values, an empty cell clears them', async () => {
      const header = HEADER.filter((h) => h !== 'name_en');
      const r = await upload(csvOf([spotRow(7, { name_ja: '改名店7', genre: '', usable_range_m: '' })], header));
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ created: 0, updated: 1, unchanged: 0, total: 1 });
      const s = await db('spots').where({ store_code: 'csv-0007' }).first();
      expect(s.genre).toBeNull();
      expect(s.usable_range_m).toBe(300);
      const names = await db('spot_translations').where({ spot_id: s.id }).orderBy('locale');
      expect(names.map((n: { name: string }) => n.name)).toEqual(['Imported Shop 7', '改名店7']);
      const audit = await db('audit_log').where({ action: 'import', entity_id: s.id }).orderBy('id', 'desc').first();
      expect(JSON.parse(audit.before)).toMatchObject({ names: { ja: '取込店7' }, genre: 'ラーメン' });
      expect(JSON.parse(audit.after)).toMatchObject({ names: { ja: '改名店7', en: 'Imported Shop 7' }, genre: null });
    });

    it('round-trips: an exported file imports again unchanged, formula-looking names included', async () => {
      const exported = await request(app)
        .get('/api/spots/csv/export')
        .set('Authorization', admin.auth)
        .buffer(true)
        .parse(binary);
      const r = await upload(exported.body as Buffer);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ created: 0, updated: 0, total: await spotCount() });
      expect((await db('spot_translations').where({ locale: 'ja', name: '=HYPERLINK("http://evil")' })).length).toBe(1);
    });

    it('reads Shift_JIS files from Japanese Excel and text/csv bodies', async () => {
      // A file as Japanese Excel saves "CSV (comma delimited)": Shift_JIS, no BOM.
      const sjis = Buffer.concat([
        Buffer.from(`${HEADER.join(',')}\r\nsjis-1,`, 'ascii'),
        Buffer.from([0x8c, 0x46, 0x96, 0x7b]), // 熊本
        Buffer.from(',,,,,', 'ascii'),
        Buffer.from([0x8c, 0x46, 0x96, 0x7b, 0x8e, 0x73]), // 熊本市
        Buffer.from(',32.8,130.7,city,gourmet,,500\r\n', 'ascii'),
      ]);
      const r = await upload(sjis);
      expect(r.status).toBe(200);
      const s = await db('spots').where({ store_code: 'sjis-1' }).first();
      expect(s.address).toBe('熊本市');
      expect((await db('spot_translations').where({ spot_id: s.id, locale: 'ja' }).first()).name).toBe('熊本');

      const body = await request(app)
        .post('/api/spots/csv/import')
        .set('Authorization', admin.auth)
        .set('Content-Type', 'text/csv')
        .send(csvOf([spotRow(900, { latitude: '３２．９' })]));
      expect(body.status).toBe(200);
      expect(body.body.data.created).toBe(1);
      expect(Number((await db('spots').where({ store_code: 'csv-0900' }).first()).latitude)).toBe(32.9);
    });

    it('413 for a file over 2 MB', async () => {
      const big = `${HEADER.join(',')}\r\n${'x'.repeat(2 * 1024 * 1024)}\r\n`;
      const r = await upload(big);
      expect(r.status).toBe(413);
      expect(r.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    });
  });
});
