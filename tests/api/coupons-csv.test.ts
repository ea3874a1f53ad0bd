import { parseString } from 'fast-csv';
import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_CSV_COLUMNS } from '@contracts/spots-admin';
import type { Db } from '../../server/src/db/knex';
import { updateCoupons } from '../../server/src/domains/coupons/coupons.admin.repo';
import { testApp } from '../helpers/app';
import { binary } from '../helpers/binary';
import { countStatements, createTestDb } from '../helpers/db';
import { createCoupon, createSpot, createStaffAccount, createVisitor } from '../helpers/factories';

const HEADER: string[] = [...COUPON_CSV_COLUMNS];
type Row = Record<string, string>;

function parseCsv(text: string): Promise<Row[]> {
  return new Promise((ok, fail) => {
    const rows: Row[] = [];
    parseString(text, { headers: true })
      .on('error', fail)
      .on('data', (r: Row) => rows.push(r))
      .on('end', () => ok(rows));
  });
}

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csvOf = (rows: Array<Record<string, string | number>>, header: string[] = HEADER) =>
  [header.join(','), ...rows.map((r) => header.map((h) => quote(String(r[h] ?? ''))).join(','))].join('\r\n') + '\r\n';

/** A valid new coupon row, number i of a file, at one or two seeded spots. */
const couponRow = (i: number, over: Record<string, string | number> = {}) => ({
  id: '',
  title_ja: `取込クーポン${i}`,
  description_ja: i % 3 ? `説明${i}` : '',
  discount_ja: `${i % 50}%オフ`,
  store_codes:
    i % 2 ? `kmt-${String((i % 200) + 1).padStart(4, '0')}` : `kmt-0001|kmt-${String((i % 200) + 2).padStart(4, '0')}`,
  area: ['north', 'center', 'city', 'aso', 'south', 'amakusa'][i % 6]!,
  purpose: ['gourmet', 'spa', 'experience', 'lodging', 'souvenir', 'shopping', 'traffic'][i % 7]!,
  genre: i % 4 ? '' : 'ラーメン',
  tags: i % 5 ? 'CSV取込' : 'CSV取込|冬',
  valid_from: '2026-11-01',
  valid_to: '2027-01-31',
  published: i % 2 ? 'true' : 'false',
  ...over,
});

/** Coupon CSV import and template (issue 6 bulk import), against the seeded Kumamoto spots and coupons. */
describe('coupon CSV import', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  let admin: { auth: string; email: string };
  let shop: { auth: string };
  let visitor: { auth: string };
  let multilingual: number;
  let formula: number;
  let deleted: number;
  const couponCount = async () => Number((await db('coupons').count({ n: '*' }).first())?.n);
  const importAudits = async () => (await db('audit_log').where({ action: 'import', entity: 'coupon' })).length;
  const upload = (csv: string | Buffer, auth = admin.auth) =>
    request(app)
      .post('/api/admincoupons/csv/import')
      .set('Authorization', auth)
      .attach('file', Buffer.isBuffer(csv) ? csv : Buffer.from(csv), 'coupons.csv');
  const exportRows = async () => {
    const r = await request(app)
      .get('/api/admincoupons/csv/export')
      .set('Authorization', admin.auth)
      .buffer(true)
      .parse(binary);
    expect(r.status).toBe(200);
    return { bytes: r.body as Buffer, rows: await parseCsv((r.body as Buffer).subarray(3).toString('utf8')) };
  };
  type Texts = { title: string; description: string; discount: string };
  const translations = async (couponId: number): Promise<Partial<Record<string, Texts>> & { ja: Texts }> =>
    Object.fromEntries(
      (await db('coupon_translations').where({ coupon_id: couponId })).map(
        (t: { locale: string; title: string; description: string; discount_text: string }) => [
          t.locale,
          { title: t.title, description: t.description, discount: t.discount_text },
        ],
      ),
    ) as Partial<Record<string, Texts>> & { ja: Texts };

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb({ seed: true }));
    app = testApp(db).app;
    const a = await createSpot(db, { storeCode: 'csv-a', name: '取込店A' });
    const b = await createSpot(db, { storeCode: 'csv-b', name: '取込店B' });
    multilingual = await createCoupon(db, {
      spotIds: [a.id, b.id],
      title: '多言語クーポン',
      titleEn: 'Multilingual coupon',
      discount: '半額',
      tags: ['冬', 'ランチ'],
      genre: '定食',
    });
    formula = await createCoupon(db, { spotIds: [a.id], title: '=SUM(1,2) 温泉', published: false, tags: ['-5%'] });
    await db('coupon_translations')
      .where({ coupon_id: formula, locale: 'ja' })
      .update({ description: '1行目\n2行目, "引用"\n=3行目' });
    deleted = await createCoupon(db, { spotIds: [b.id], title: '削除済み' });
    await db('coupons').where({ id: deleted }).update({ deleted_at: '2026-11-20T00:00:00.000Z' });
    admin = await createStaffAccount(db, { role: 'admin' });
    shop = await createStaffAccount(db, { role: 'shop', spots: ['csv-a'] });
    visitor = await createVisitor(db);
  });
  afterAll(() => destroy());

  describe('GET /api/admincoupons/csv/template', () => {
    it('401 anonymous, 403 visitor; staff get the header row, with example rows on request (not taken for /admincoupons/{id})', async () => {
      expectError(await request(app).get('/api/admincoupons/csv/template'), 401, 'UNAUTHORIZED');
      expect((await request(app).get('/api/admincoupons/csv/template').set('Authorization', visitor.auth)).status).toBe(
        403,
      );
      const r = await request(app)
        .get('/api/admincoupons/csv/template')
        .set('Authorization', shop.auth)
        .buffer(true)
        .parse(binary);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(r.headers['content-disposition']).toBe('attachment; filename="coupons-template.csv"');
      expect((r.body as Buffer).toString('utf8')).toBe(`\uFEFF${HEADER.join(',')}\r\n`);
      const ex = await request(app)
        .get('/api/admincoupons/csv/template?example=true')
        .set('Authorization', admin.auth)
        .buffer(true)
        .parse(binary);
      const rows = await parseCsv((ex.body as Buffer).subarray(3).toString('utf8'));
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({
        id: '',
        title_ja: 'ランチセット10%オフ',
        store_codes: 'example-0001',
        tags: 'ランチ|平日限定',
        published: 'false',
      });
      expect(rows[1]).toMatchObject({
        store_codes: 'example-0001|example-0002',
        valid_to: '2027-03-31',
        published: 'true',
      });
      expectError(
        await request(app).get('/api/admincoupons/csv/template?example=maybe').set('Authorization', admin.auth),
        400,
        'VALIDATION_FAILED',
      );
    });

    it("the example rows name the spot template's example store codes, and import once those spots exist", async () => {
      const ex = await request(app)
        .get('/api/admincoupons/csv/template?example=true')
        .set('Authorization', admin.auth)
        .buffer(true)
        .parse(binary);
      const r = await upload(ex.body as Buffer);
      expectError(r, 422, 'CSV_ROWS_INVALID');
      expect(r.body.error.details).toEqual([
        {
          row: 2,
          column: 'store_codes',
          code: 'validation.unknownStoreCodes',
          message: '登録されていない店舗コードです: example-0001',
        },
        {
          row: 3,
          column: 'store_codes',
          code: 'validation.unknownStoreCodes',
          message: '登録されていない店舗コードです: example-0001, example-0002',
        },
      ]);
      await createSpot(db, { storeCode: 'example-0001' });
      await createSpot(db, { storeCode: 'example-0002' });
      const ok = await upload(ex.body as Buffer);
      expect(ok.status).toBe(200);
      expect(ok.body.data).toEqual({ created: 2, updated: 0, unchanged: 0, total: 2 });
      const t = await db('coupon_translations').where({ locale: 'ja', title: 'ランチセット10%オフ' }).first();
      expect(t.description).toBe('平日11時〜14時のランチセットが10%オフになります。\n他の割引との併用はできません。');
    });
  });

  describe('POST /api/admincoupons/csv/import', () => {
    it('401 anonymous, 403 visitor, 403 shop staff; nothing imported', async () => {
      const before = await couponCount();
      const csv = csvOf([couponRow(1, { store_codes: 'csv-a' })]);
      expectError(
        await request(app).post('/api/admincoupons/csv/import').attach('file', Buffer.from(csv), 'coupons.csv'),
        401,
        'UNAUTHORIZED',
      );
      expectError(await upload(csv, visitor.auth), 403, 'FORBIDDEN');
      const r = await upload(csv, shop.auth);
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('FORBIDDEN');
      expect(await couponCount()).toBe(before);
    });

    it('400 without a file, with a wrong header, with no data rows', async () => {
      const none = await request(app).post('/api/admincoupons/csv/import').set('Authorization', admin.auth).send({});
      expect(none.status).toBe(400);
      expect(none.body.error.code).toBe('CSV_FILE_REQUIRED');
      const header = await upload('id,title,discount_ja\r\n,x,y\r\n').set('x-lang', 'en');
      expect(header.status).toBe(400);
      expect(header.body.error.code).toBe('CSV_COLUMNS_INVALID');
      expect(header.body.error.message).toBe(
        'The CSV header row is not right. Missing: title_ja, store_codes, area, purpose, valid_from, valid_to, published; unknown or repeated: title',
      );
      const empty = await upload(`\uFEFF${HEADER.join(',')}\r\n\r\n`);
      expect(empty.status).toBe(400);
      expect(empty.body.error.code).toBe('CSV_EMPTY');
    });

    it('rejects the whole file when one row is bad, naming each bad row and column; nothing is written', async () => {
      const before = await couponCount();
      const audits = await importAudits();
      const rows: Array<Record<string, string | number>> = Array.from({ length: 20 }, (_, i) => couponRow(i + 1));
      rows[3] = couponRow(4, { store_codes: 'kmt-0001|nope-1' }); // file row 5
      const r = await upload(csvOf(rows)).set('x-lang', 'en');
      expect(r.status).toBe(422);
      expect(r.body.error.code).toBe('CSV_ROWS_INVALID');
      expect(r.body.error.message).toBe('Rows with errors: 1. Nothing was imported.');
      expect(r.body.error.details).toEqual([
        { row: 5, column: 'store_codes', code: 'validation.unknownStoreCodes', message: 'Unknown store codes: nope-1' },
      ]);

      // Every kind of problem, each named by row and column.
      rows[5] = couponRow(6, { area: 'moon', valid_from: '2026-02-30' }); // row 7
      rows[6] = couponRow(7, { valid_from: '2027-02-01', valid_to: '2027-01-31' }); // row 8
      rows[7] = couponRow(8, { title_ja: '', discount_ja: ' ' }); // row 9
      rows[8] = couponRow(9, { published: 'yes', store_codes: '' }); // row 10
      rows[9] = couponRow(10, { id: 999999 }); // row 11
      rows[10] = couponRow(11, { id: multilingual, tags: Array.from({ length: 21 }, (_, k) => `t${k}`).join('|') }); // row 12
      rows[11] = couponRow(12, { id: multilingual }); // row 13: the same id again
      rows[12] = couponRow(13, { id: deleted }); // row 14
      rows[13] = couponRow(14, { purpose: '', genre: 'x'.repeat(101) }); // row 15
      const all = await upload(csvOf(rows)).set('x-lang', 'en');
      expectError(all, 422, 'CSV_ROWS_INVALID');
      expect(all.body.error.message).toBe('Rows with errors: 10. Nothing was imported.');
      expect(all.body.error.details).toEqual([
        { row: 5, column: 'store_codes', code: 'validation.unknownStoreCodes', message: 'Unknown store codes: nope-1' },
        { row: 7, column: 'area', code: 'validation.area', message: 'Please choose an area' },
        { row: 7, column: 'valid_from', code: 'validation.date', message: 'Enter a valid date (YYYY-MM-DD)' },
        {
          row: 8,
          column: 'valid_to',
          code: 'validation.periodOrder',
          message: 'The end date must not be before the start date',
        },
        { row: 9, column: 'title_ja', code: 'validation.required', message: 'Please be sure to input' },
        { row: 9, column: 'discount_ja', code: 'validation.required', message: 'Please be sure to input' },
        {
          row: 10,
          column: 'store_codes',
          code: 'validation.spotsRequired',
          message: 'Please choose at least one shop',
        },
        {
          row: 10,
          column: 'published',
          code: 'validation.boolean',
          message: 'Enter true (published) or false (draft)',
        },
        {
          row: 11,
          column: 'id',
          code: 'validation.couponId',
          message: 'There is no coupon with id 999999. Leave the id empty for a new coupon',
        },
        {
          row: 12,
          column: 'tags',
          code: 'validation.tags',
          message: 'Up to 20 tags separated by |, each at most 100 characters',
        },
        { row: 13, column: 'id', code: 'validation.duplicateIdInFile', message: 'This coupon id is also on row 12' },
        {
          row: 14,
          column: 'id',
          code: 'validation.couponId',
          message: `There is no coupon with id ${deleted}. Leave the id empty for a new coupon`,
        },
        { row: 15, column: 'purpose', code: 'validation.purpose', message: 'Please choose a purpose' },
        { row: 15, column: 'genre', code: 'validation.tooLong', message: 'This is too long' },
      ]);
      expect(await couponCount()).toBe(before);
      expect(await importAudits()).toBe(audits);
      expect((await translations(multilingual)).ja.title).toBe('多言語クーポン');
      // In Japanese by default.
      const ja = await upload(csvOf([couponRow(1, { valid_to: '2026-10-31' })]));
      expect(ja.body.error.details).toEqual([
        { row: 2, column: 'valid_to', code: 'validation.periodOrder', message: '終了日は開始日以降にしてください' },
      ]);
    });

    it("imports a tourism office's 300 coupons in one go, in a bounded number of statements, with an audit entry per coupon", async () => {
      const before = await couponCount();
      const audits = await importAudits();
      const rows = Array.from({ length: 300 }, (_, i) => couponRow(i + 1));
      const statements = countStatements(db);
      const r = await upload(csvOf(rows));
      const ran = statements.stop();
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ created: 300, updated: 0, unchanged: 0, total: 300 });
      // The work is bounded, not timed: two statements per coupon, a few for the file, and the
      // search documents in bulk, about ten a 400 coupons (619 today).
      expect(ran).toBeLessThanOrEqual(2 * rows.length + 25);
      expect(await couponCount()).toBe(before + 300);
      expect(await importAudits()).toBe(audits + 300);

      const [t150] = await db('coupon_translations').where({ locale: 'ja', title: '取込クーポン150' });
      const c = await db('coupons').where({ id: t150.coupon_id }).first();
      expect(c).toMatchObject({
        area: 'north',
        purpose: 'lodging',
        genre: null,
        valid_from: '2026-11-01',
        valid_to: '2027-01-31',
        line_point_amount: 0,
      });
      expect(Boolean(c.published)).toBe(false);
      expect(t150).toMatchObject({ description: '', discount_text: '0%オフ' });
      const spots = await db('coupon_spots as cs')
        .join('spots as s', 's.id', 'cs.spot_id')
        .where('cs.coupon_id', c.id)
        .orderBy('s.store_code')
        .pluck('s.store_code');
      expect(spots).toEqual(['kmt-0001', 'kmt-0152']);
      expect((await db('coupon_tags').where({ coupon_id: c.id }).orderBy('tag').pluck('tag')).sort()).toEqual([
        'CSV取込',
        '冬',
      ]);
      const audit = await db('audit_log').where({ action: 'import', entity: 'coupon', entity_id: c.id }).first();
      expect(audit).toMatchObject({ staff_email: admin.email, before: null });
      expect(JSON.parse(audit.after)).toMatchObject({
        title: { ja: '取込クーポン150' },
        published: false,
        tags: ['CSV取込', '冬'],
      });
      // Visitors see a published one.
      const pub = await db('coupon_translations').where({ locale: 'ja', title: '取込クーポン151' }).first();
      expect((await request(app).get(`/api/coupons/${pub.coupon_id}`)).status).toBe(200);
    });

    it('round-trips: an exported file imports back unchanged (formula-looking and multi-line texts, lists, five-language seed coupons)', async () => {
      const { bytes, rows } = await exportRows();
      const live = Number((await db('coupons').whereNull('deleted_at').count({ n: '*' }).first())?.n);
      expect(live).toBeGreaterThan(600); // the seeded coupons, the 300 imported ones and the test's own
      expect(rows).toHaveLength(live);
      expect(rows.map((x) => Number(x.id))).not.toContain(deleted);
      expect(rows.find((x) => Number(x.id) === formula)).toMatchObject({
        title_ja: "'=SUM(1,2) 温泉",
        description_ja: '1行目\n2行目, "引用"\n=3行目',
        tags: "'-5%",
      });
      const audits = await importAudits();
      const stamps = await db('coupons').select('id', 'updated_at').orderBy('id');
      const textsBefore = await db('coupon_translations').orderBy(['coupon_id', 'locale']);

      const r = await upload(bytes);
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ created: 0, updated: 0, unchanged: live, total: live });
      expect(await importAudits()).toBe(audits);
      expect(await db('coupons').select('id', 'updated_at').orderBy('id')).toEqual(stamps);
      expect(await db('coupon_translations').orderBy(['coupon_id', 'locale'])).toEqual(textsBefore);

      // As Japanese Excel saves it again: dates as YYYY/M/D, TRUE/FALSE, no BOM. Still nothing changes.
      const excel = rows.map((x) => ({
        ...x,
        valid_from: x.valid_from!.replace(/^(\d{4})-0?(\d+)-0?(\d+)$/, '$1/$2/$3'),
        valid_to: x.valid_to!.replace(/^(\d{4})-0?(\d+)-0?(\d+)$/, '$1/$2/$3'),
        published: x.published!.toUpperCase(),
      }));
      expect(excel[0]!.valid_from).toMatch(/^\d{4}\/\d{1,2}\/\d{1,2}$/);
      const again = await upload(csvOf(excel));
      expect(again.body.data).toEqual({ created: 0, updated: 0, unchanged: live, total: live });
    });

    it('updates by id: ja texts, spots, tags, validity and publication; other languages are kept', async () => {
      const before = await translations(multilingual);
      expect(before.en).toEqual({ title: 'Multilingual coupon', description: 'Description', discount: '10% off' });
      const { rows } = await exportRows();
      const row = rows.find((x) => Number(x.id) === multilingual)!;
      expect(row).toMatchObject({
        title_ja: '多言語クーポン',
        store_codes: 'csv-a|csv-b',
        tags: 'ランチ|冬',
        genre: '定食',
      });
      const r = await upload(
        csvOf(
          [
            {
              ...row,
              title_ja: '多言語クーポン（改）',
              discount_ja: '半額＋1品',
              store_codes: 'csv-b',
              tags: '春',
              valid_to: '2027-02-28',
              published: 'false',
            },
            couponRow(1, { title_ja: '新規', store_codes: 'csv-a' }),
          ],
          // A file without the optional description and genre columns keeps them.
          HEADER.filter((h) => h !== 'description_ja' && h !== 'genre'),
        ),
      );
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ created: 1, updated: 1, unchanged: 0, total: 2 });
      const after = await translations(multilingual);
      expect(after.ja).toEqual({ title: '多言語クーポン（改）', description: '説明', discount: '半額＋1品' });
      expect(after.en).toEqual(before.en);
      const c = await db('coupons').where({ id: multilingual }).first();
      expect(c).toMatchObject({ genre: '定食', valid_to: '2027-02-28' });
      expect(Boolean(c.published)).toBe(false);
      expect(await db('coupon_tags').where({ coupon_id: multilingual }).pluck('tag')).toEqual(['春']);
      const spots = await db('coupon_spots as cs')
        .join('spots as s', 's.id', 'cs.spot_id')
        .where('cs.coupon_id', multilingual)
        .pluck('s.store_code');
      expect(spots).toEqual(['csv-b']);
      const audit = await db('audit_log')
        .where({ action: 'import', entity: 'coupon', entity_id: multilingual })
        .orderBy('id', 'desc')
        .first();
      expect(JSON.parse(audit.before)).toMatchObject({
        title: { ja: '多言語クーポン', en: 'Multilingual coupon' },
        tags: ['ランチ', '冬'],
      });
      expect(JSON.parse(audit.after)).toMatchObject({
        title: { ja: '多言語クーポン（改）', en: 'Multilingual coupon' },
        tags: ['春'],
        published: false,
      });
      // The admin API shows the English title still there.
      const api = await request(app).get(`/api/admincoupons/${multilingual}`).set('Authorization', admin.auth);
      expect(api.body.data.title).toEqual({ ja: '多言語クーポン（改）', en: 'Multilingual coupon' });
    });

    it('an update of a seeded five-language coupon keeps every language; texts that fell back to ja follow the new ja', async () => {
      const [seeded] = await db('coupons as c')
        .join('coupon_translations as t', 't.coupon_id', 'c.id')
        .whereNull('c.deleted_at')
        .where('t.locale', 'ko')
        .select('c.id')
        .orderBy('c.id')
        .limit(1);
      const id = Number(seeded.id);
      const before = await translations(id);
      expect(Object.keys(before).sort()).toEqual(['en', 'ja', 'ko', 'zh-cn', 'zh-tw']);
      // zh-tw left its discount empty once, so it holds a copy of the ja discount.
      await db('coupon_translations')
        .where({ coupon_id: id, locale: 'zh-tw' })
        .update({ discount_text: before.ja.discount });
      const row = (await exportRows()).rows.find((x) => Number(x.id) === id)!;
      const r = await upload(csvOf([{ ...row, discount_ja: '特別割引' }])).set('x-lang', 'en');
      expect(r.body.data).toEqual({ created: 0, updated: 1, unchanged: 0, total: 1 });
      const after = await translations(id);
      expect(after.ja).toEqual({ ...before.ja, discount: '特別割引' });
      for (const l of ['en', 'ko', 'zh-cn'] as const) expect(after[l]).toEqual(before[l]);
      expect(after['zh-tw']).toEqual({ ...before['zh-tw'], discount: '特別割引' });
    });

    it('reads Shift_JIS files from Japanese Excel and text/csv bodies', async () => {
      // As Japanese Excel saves "CSV (comma delimited)": Shift_JIS, no BOM.
      const sjis = Buffer.concat([
        Buffer.from(`${HEADER.join(',')}\r\n,`, 'ascii'),
        Buffer.from([0x8c, 0x46, 0x96, 0x7b, 0x83, 0x4e, 0x81, 0x5b, 0x83, 0x7c, 0x83, 0x93]), // 熊本クーポン
        Buffer.from(',,', 'ascii'),
        Buffer.from([0x94, 0xbc, 0x8a, 0x7a]), // 半額
        Buffer.from(',csv-a,city,gourmet,,,2026/11/1,2027/1/31,TRUE\r\n', 'ascii'),
      ]);
      const r = await upload(sjis);
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ created: 1, updated: 0, unchanged: 0, total: 1 });
      const t = await db('coupon_translations').where({ locale: 'ja', title: '熊本クーポン' }).first();
      expect(t.discount_text).toBe('半額');
      expect(await db('coupons').where({ id: t.coupon_id }).first()).toMatchObject({
        valid_from: '2026-11-01',
        valid_to: '2027-01-31',
      });

      const body = await request(app)
        .post('/api/admincoupons/csv/import')
        .set('Authorization', admin.auth)
        .set('Content-Type', 'text/csv')
        .send(csvOf([couponRow(901, { store_codes: 'csv-b' })]));
      expect(body.status).toBe(200);
      expect(body.body.data.created).toBe(1);
    });

    it('413 for a file over 2 MB', async () => {
      const r = await upload(`${HEADER.join(',')}\r\n${'x'.repeat(2 * 1024 * 1024)}\r\n`);
      expect(r.status).toBe(413);
      expect(r.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('an update finds no coupon deleted meanwhile (the import then rolls back with 409 CSV_IMPORT_CONFLICT)', async () => {
      const input = {
        title: { ja: 'x' },
        description: { ja: '' },
        discount: { ja: 'y' },
        spotIds: [1],
        area: 'city' as const,
        purpose: 'gourmet' as const,
        genre: null,
        tags: [],
        validFrom: '2026-11-01',
        validTo: '2026-11-30',
        published: false,
        linePointAmount: 0,
      };
      const trx = await db.transaction();
      try {
        expect(await updateCoupons(trx, [{ id: deleted, input }], new Date())).toBe(0);
      } finally {
        await trx.rollback();
      }
      expect((await translations(deleted)).ja.title).toBe('削除済み');
    });
  });
});
