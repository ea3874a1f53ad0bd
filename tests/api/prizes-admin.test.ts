import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Test } from 'supertest';
import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { fixedClock, testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCampaign, createCoupon, createSpot, createStaffAccount, createVisitor } from '../helpers/factories';
import { createPrize, giveStamps } from '../helpers/prizes';

const photo = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-photographer' } } })
    .toBuffer();

/** Issue 12, spec 7: the admin's prizes (admins only), images, applications, CSV, audit trail. */
describe('admin prizes API', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  const uploads = mkdtempSync(join(tmpdir(), 'passport-prize-uploads-'));
  const clock = fixedClock('2026-11-21T03:00:00Z');
  let app: ReturnType<typeof testApp>['app'];
  let rally: number;
  let spot: { id: number };
  let coupon: number;
  let admin: Awaited<ReturnType<typeof createStaffAccount>>;

  const input = (over: Record<string, unknown> = {}) => ({
    campaignId: rally,
    kind: 'exchange',
    name: { ja: '熊本ラーメン引換券', en: 'Kumamoto ramen voucher' },
    description: { ja: 'ラーメン一杯と引き換えできます。' },
    stampsNeeded: 10,
    stock: 20,
    displayOrder: 1,
    published: true,
    ...over,
  });
  const as = (auth: string | null, call: Test) => (auth ? call.set('Authorization', auth) : call);
  const adm = (call: Test) => call.set('Authorization', admin.auth);
  const auditOf = (entity: string, id: number) => db('audit_log').where({ entity, entity_id: id }).orderBy('id');

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db, { clock, config: { uploadDir: uploads } }).app;
    rally = await createCampaign(db, { name: '今年のラリー' });
    spot = await createSpot(db, { storeCode: 'kmt-prize', name: '城下の店' });
    coupon = await createCoupon(db, { spotIds: [spot.id] });
    admin = await createStaffAccount(db, { role: 'admin' });
  });
  afterAll(async () => {
    await destroy();
    rmSync(uploads, { recursive: true, force: true });
  });

  it('401 for anonymous callers, 403 for visitors and shop staff on every admin prize route', async () => {
    // Its own app: these refused writes count against the address's write limit.
    const own = testApp(db, { clock, config: { uploadDir: uploads } }).app;
    const visitor = await createVisitor(db);
    const shop = await createStaffAccount(db, { role: 'shop', spots: ['kmt-prize'] });
    for (const auth of [null, visitor.auth, shop.auth]) {
      const [status, code] = auth ? ([403, 'FORBIDDEN'] as const) : ([401, 'UNAUTHORIZED'] as const);
      const r = request(own);
      expectError(await as(auth, r.get('/api/prizes')), status, code);
      expectError(await as(auth, r.post('/api/prizes')).send(input()), status, code);
      expectError(await as(auth, r.get('/api/prizes/1')), status, code);
      expectError(await as(auth, r.put('/api/prizes/1')).send(input()), status, code);
      expectError(await as(auth, r.delete('/api/prizes/1')), status, code);
      expectError(await as(auth, r.post('/api/prizes/1/images')), status, code);
      expectError(await as(auth, r.delete('/api/prizes/1/images?type=prizeImage&offsets[]=0')), status, code);
      expectError(await as(auth, r.get('/api/prizes/1/applications')), status, code);
      expectError(await as(auth, r.get('/api/prizes/1/applications/csv')), status, code);
      expectError(await as(auth, r.put('/api/prizes/1/applications/1')).send({ status: 'won' }), status, code);
    }
  });

  it('creates a prize (201) that visitors then see, recorded in the audit trail', async () => {
    const r = await adm(request(app).post('/api/prizes')).send(input());
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      campaignId: rally,
      kind: 'exchange',
      name: { ja: '熊本ラーメン引換券', en: 'Kumamoto ramen voucher' },
      stampsNeeded: 10,
      stock: 20,
      published: true,
      questionnaireId: null,
      images: [],
      applications: { applied: 0, won: 0, lost: 0, shipped: 0, total: 0 },
    });
    const id = r.body.data.id as number;
    const shown = await request(app).get('/api/prizes/get/list').set('x-lang', 'en');
    expect(shown.body.data.prizes.map((p: { id: number; name: string }) => [p.id, p.name])).toContainEqual([
      id,
      'Kumamoto ramen voucher',
    ]);
    const [entry] = await auditOf('prize', id);
    expect(entry).toMatchObject({ action: 'create', staff_email: admin.email });
    expect(JSON.parse(entry.after)).toMatchObject({ kind: 'exchange', stock: 20 });
  });

  it('refuses bad input with field details (400) and an unknown rally (422)', async () => {
    const lottery = await adm(request(app).post('/api/prizes')).send(input({ kind: 'lottery', stock: 5 }));
    expectError(lottery, 400, 'VALIDATION_FAILED');
    expect(lottery.body.error.details).toEqual(['body.stock: 抽選の景品には在庫を設定できません。']);
    const noStock = await adm(request(app).post('/api/prizes')).send(input({ stock: null }));
    expectError(noStock, 400, 'VALIDATION_FAILED');
    expect(noStock.body.error.details).toEqual(['body.stock: 必ず入力してください']);
    expectError(
      await adm(request(app).post('/api/prizes')).send(input({ name: { ja: '' } })),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await adm(request(app).post('/api/prizes')).send(input({ stampsNeeded: 0 })), 400, 'VALIDATION_FAILED');
    expectError(await adm(request(app).post('/api/prizes')).send(input({ kind: 'raffle' })), 400, 'VALIDATION_FAILED');
    expectError(
      await adm(request(app).post('/api/prizes')).send(input({ campaignId: 99999 })),
      422,
      'CAMPAIGN_NOT_FOUND',
    );
    expect(await db('prizes').where({ stock: 5 })).toHaveLength(0);
  });

  it('lists prizes with meta, filtered by rally, kind, publication and name', async () => {
    const other = await createCampaign(db, { startsOn: '2025-11-01', endsOn: '2026-01-31' });
    await createPrize(db, { campaignId: other, name: '去年の抽選', kind: 'lottery' });
    await createPrize(db, { campaignId: rally, name: '下書きの景品', published: false });
    const all = await adm(request(app).get('/api/prizes'));
    expect(all.status).toBe(200);
    expect(all.body.meta).toMatchObject({ page: 1, limit: 20 });
    expect(all.body.meta.total).toBe(all.body.data.length);
    const byRally = await adm(request(app).get(`/api/prizes?campaignId=${other}`));
    expect(byRally.body.data.map((p: { name: string }) => p.name)).toEqual(['去年の抽選']);
    const lotteries = await adm(request(app).get('/api/prizes?kind=lottery'));
    expect(lotteries.body.data.every((p: { kind: string }) => p.kind === 'lottery')).toBe(true);
    const drafts = await adm(request(app).get('/api/prizes?published=false'));
    expect(drafts.body.data.map((p: { name: string }) => p.name)).toEqual(['下書きの景品']);
    const named = await adm(request(app).get(`/api/prizes?q=${encodeURIComponent('RAMEN')}`));
    expect(named.body.data).toHaveLength(1);
    expect(named.body.data[0]).toMatchObject({ name: '熊本ラーメン引換券', missingLocales: ['ko', 'zh-cn', 'zh-tw'] });
    const paged = await adm(request(app).get('/api/prizes?limit=1&page=2'));
    expect(paged.body.meta).toEqual({ page: 2, limit: 1, total: all.body.meta.total });
    expectError(await adm(request(app).get('/api/prizes?kind=raffle')), 400, 'VALIDATION_FAILED');
  });

  it('reads one prize (404 unknown, 400 bad id) and replaces it, audited before and after', async () => {
    expectError(await adm(request(app).get('/api/prizes/99999')), 404, 'PRIZE_NOT_FOUND');
    expectError(await adm(request(app).get('/api/prizes/abc')), 400, 'VALIDATION_FAILED');
    expectError(await adm(request(app).put('/api/prizes/99999')).send(input()), 404, 'PRIZE_NOT_FOUND');
    const id = await createPrize(db, { campaignId: rally, name: '元の名前' });
    const r = await adm(request(app).put(`/api/prizes/${id}`)).send(
      input({ name: { ja: '新しい名前', ko: '새 이름' }, stock: 7, displayOrder: 9 }),
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ name: { ja: '新しい名前', ko: '새 이름' }, stock: 7, displayOrder: 9 });
    const got = await adm(request(app).get(`/api/prizes/${id}`));
    expect(got.body.data.name).toEqual({ ja: '新しい名前', ko: '새 이름' });
    const [entry] = await auditOf('prize', id);
    expect(JSON.parse(entry.before).name).toEqual({ ja: '元の名前' });
    expect(JSON.parse(entry.after).name).toEqual({ ja: '新しい名前', ko: '새 이름' });
  });

  it('uploads prize images through the coupon pipeline and deletes them by offset', async () => {
    const id = await createPrize(db, { campaignId: rally });
    const up = await adm(request(app).post(`/api/prizes/${id}/images`))
      .attach('prizeImage', await photo(), 'a.jpg')
      .attach('prizeImage', await photo(), 'b.jpg');
    expect(up.status).toBe(200);
    expect(up.body.data).toHaveLength(2);
    expect(up.body.data[0]).toMatchObject({ offset: 0, width: 1200, height: 675 });
    expect(up.body.data[0].url).toMatch(new RegExp(`^/uploads/prizes/${id}/.+-1200\\.webp$`));
    const file = join(uploads, up.body.data[0].url.replace('/uploads/', ''));
    expect(existsSync(file)).toBe(true);
    const meta = await sharp(file).metadata();
    expect({ format: meta.format, exif: meta.exif }).toEqual({ format: 'webp', exif: undefined });
    const visitorView = await request(app).get('/api/prizes/get/list');
    const shown = visitorView.body.data.prizes.find((p: { id: number }) => p.id === id);
    expect(shown).toMatchObject({ imageUrl: up.body.data[0].smallUrl, imageLargeUrl: up.body.data[0].url });

    expectError(
      await adm(request(app).post(`/api/prizes/${id}/images`)).attach(
        'prizeImage',
        Buffer.from('not an image'),
        'x.jpg',
      ),
      422,
      'NOT_AN_IMAGE',
    );
    expectError(await adm(request(app).post(`/api/prizes/${id}/images`)), 422, 'NO_FILES');
    expectError(
      await adm(request(app).post('/api/prizes/99999/images')).attach('prizeImage', await photo(), 'a.jpg'),
      404,
      'PRIZE_NOT_FOUND',
    );
    expectError(
      await adm(request(app).delete(`/api/prizes/${id}/images?type=couponImage&offsets[]=0`)),
      400,
      'VALIDATION_FAILED',
    );
    const second = up.body.data[1].url;
    const del = await adm(request(app).delete(`/api/prizes/${id}/images?type=prizeImage&offsets[]=0`));
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual([{ ...up.body.data[1], offset: 0 }]);
    expect(existsSync(file)).toBe(false);
    expect(del.body.data[0].url).toBe(second);
    const trail = await auditOf('prize', id);
    expect(trail.map((e) => e.action)).toEqual(['update', 'update']);
  });

  describe('applications', () => {
    let lottery: number;
    let exchange: number;
    let visitors: Array<{ id: number; auth: string }>;
    beforeAll(async () => {
      lottery = await createPrize(db, { campaignId: rally, kind: 'lottery', name: '温泉宿ペア宿泊', stampsNeeded: 10 });
      exchange = await createPrize(db, { campaignId: rally, name: '馬刺し', stampsNeeded: 10, stock: 10 });
      visitors = [];
      for (const name of ['山田花子', '=HYPERLINK("x")', '佐藤太郎']) {
        const v = await createVisitor(db);
        await db('users').where({ id: v.id }).update({ display_name: name });
        visitors.push(v);
      }
      await giveStamps(db, {
        userIds: visitors.map((v) => v.id),
        campaignId: rally,
        couponId: coupon,
        spotId: spot.id,
        gold: 2,
      });
      for (const [i, v] of visitors.entries()) {
        clock.set(`2026-11-21T0${3 + i}:00:00Z`);
        for (const prizeId of [lottery, exchange]) {
          const r = await request(app)
            .post('/api/prizes/change/to/presents')
            .set('Authorization', v.auth)
            .set('Idempotency-Key', `admin-test-${v.id}-${prizeId}`)
            .send({ prizeId });
          expect(r.status).toBe(200);
        }
      }
      clock.set('2026-11-21T03:00:00Z');
    });

    it('lists, filters and searches a prize’s applications with meta (404 unknown prize)', async () => {
      const r = await adm(request(app).get(`/api/prizes/${lottery}/applications`));
      expect(r.status).toBe(200);
      expect(r.body.meta).toEqual({ page: 1, limit: 20, total: 3 });
      expect(r.body.data.map((a: { displayName: string }) => a.displayName)).toEqual([
        '山田花子',
        '=HYPERLINK("x")',
        '佐藤太郎',
      ]);
      expect(r.body.data[0]).toMatchObject({ prizeId: lottery, status: 'applied', stampsSpent: 10 });
      const won = await adm(request(app).get(`/api/prizes/${exchange}/applications?status=won`));
      expect(won.body.meta.total).toBe(3);
      const named = await adm(request(app).get(`/api/prizes/${lottery}/applications?q=${encodeURIComponent('佐藤')}`));
      expect(named.body.data.map((a: { userId: number }) => a.userId)).toEqual([visitors[2]!.id]);
      const byId = await adm(request(app).get(`/api/prizes/${lottery}/applications?q=${visitors[0]!.id}`));
      expect(byId.body.data.map((a: { userId: number }) => a.userId)).toContain(visitors[0]!.id);
      const page = await adm(request(app).get(`/api/prizes/${lottery}/applications?limit=1&page=3`));
      expect(page.body).toMatchObject({ meta: { page: 3, limit: 1, total: 3 } });
      expect(page.body.data[0].userId).toBe(visitors[2]!.id);
      expectError(await adm(request(app).get('/api/prizes/99999/applications')), 404, 'PRIZE_NOT_FOUND');
      expectError(
        await adm(request(app).get(`/api/prizes/${lottery}/applications?status=x`)),
        400,
        'VALIDATION_FAILED',
      );
      const counts = await adm(request(app).get(`/api/prizes/${lottery}`));
      expect(counts.body.data.applications).toEqual({ applied: 3, won: 0, lost: 0, shipped: 0, total: 3 });
    });

    it('moves applications on (applied -> won/lost, won -> shipped) and refuses other changes', async () => {
      const list = await adm(request(app).get(`/api/prizes/${lottery}/applications`));
      const [a, b] = list.body.data as Array<{ id: number }>;
      const put = (prizeId: number, id: number, status: string) =>
        adm(request(app).put(`/api/prizes/${prizeId}/applications/${id}`)).send({ status });
      expectError(await put(lottery, a!.id, 'shipped'), 422, 'STATUS_CHANGE_NOT_ALLOWED');
      const won = await put(lottery, a!.id, 'won');
      expect(won.status).toBe(200);
      expect(won.body.data).toMatchObject({ id: a!.id, status: 'won', updatedAt: '2026-11-21T03:00:00.000Z' });
      expect((await put(lottery, a!.id, 'shipped')).body.data.status).toBe('shipped');
      expectError(await put(lottery, a!.id, 'won'), 422, 'STATUS_CHANGE_NOT_ALLOWED');
      expect((await put(lottery, b!.id, 'lost')).body.data.status).toBe('lost');
      expectError(await put(lottery, b!.id, 'won'), 422, 'STATUS_CHANGE_NOT_ALLOWED');
      expectError(await put(exchange, a!.id, 'won'), 404, 'APPLICATION_NOT_FOUND');
      expectError(await put(99999, a!.id, 'won'), 404, 'PRIZE_NOT_FOUND');
      expectError(await put(lottery, a!.id, 'drawn'), 400, 'VALIDATION_FAILED');
      const trail = await auditOf('prizeApplication', a!.id);
      expect(trail.map((e) => [JSON.parse(e.before).status, JSON.parse(e.after).status])).toEqual([
        ['applied', 'won'],
        ['won', 'shipped'],
      ]);
      const mine = await request(app).get('/api/prizes/get/list').set('Authorization', visitors[1]!.auth);
      const seen = mine.body.data.prizes.find((p: { id: number }) => p.id === lottery);
      expect(seen).toMatchObject({ state: 'applied', application: { status: 'lost' } });
    });

    it('lets one of two parallel status changes from one status through', async () => {
      const list = await adm(request(app).get(`/api/prizes/${lottery}/applications?status=applied`));
      const [c] = list.body.data as Array<{ id: number }>;
      const answers = await Promise.all(
        ['won', 'lost', 'won', 'lost'].map((status) =>
          adm(request(app).put(`/api/prizes/${lottery}/applications/${c!.id}`)).send({ status }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) expectError(a, 422, 'STATUS_CHANGE_NOT_ALLOWED');
      expect(await auditOf('prizeApplication', c!.id)).toHaveLength(1);
    });

    it('exports the applications as CSV: UTF-8 with BOM, JST times, formulas neutralised', async () => {
      const r = await adm(request(app).get(`/api/prizes/${exchange}/applications/csv`)).buffer(true);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/csv/);
      expect(r.headers['content-disposition']).toContain(`prize-${exchange}-applications.csv`);
      const text = r.text;
      expect(text.startsWith('\uFEFF')).toBe(true);
      const lines = text.slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'application_id,prize_id,prize_name,user_id,display_name,status,stamps_spent,applied_at_jst,updated_at_jst',
      );
      expect(lines).toHaveLength(4);
      expect(lines[1]).toContain(`,${exchange},馬刺し,${visitors[0]!.id},山田花子,won,10,2026-11-21 12:00:00,`);
      expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
      const filtered = await adm(request(app).get(`/api/prizes/${exchange}/applications/csv?status=shipped`));
      expect(filtered.text.slice(1).trimEnd().split('\r\n')).toHaveLength(1);
      expectError(await adm(request(app).get('/api/prizes/99999/applications/csv')), 404, 'PRIZE_NOT_FOUND');
    });

    it('keeps the rally and kind of a prize with applications, and refuses to delete it (409)', async () => {
      expectError(
        await adm(request(app).put(`/api/prizes/${exchange}`)).send(input({ kind: 'lottery', stock: null })),
        409,
        'PRIZE_HAS_APPLICATIONS',
      );
      const more = await adm(request(app).put(`/api/prizes/${exchange}`)).send(input({ stock: 50 }));
      expect(more.body.data).toMatchObject({ stock: 50, applications: { won: 3, total: 3 } });
      expectError(await adm(request(app).delete(`/api/prizes/${exchange}`)), 409, 'PRIZE_HAS_APPLICATIONS');
      expect(await db('prizes').where({ id: exchange })).toHaveLength(1);
    });
  });

  it('documents the prize routes in the OpenAPI document', async () => {
    const doc = (await request(app).get('/api/openapi.json')).body;
    const apply = doc.paths['/api/prizes/change/to/presents'].post;
    expect(Object.keys(apply.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '409', '422']));
    expect(Object.keys(doc.paths['/api/prizes/{id}/applications/csv'].get.responses['200'].content)).toEqual([
      'text/csv',
    ]);
    for (const path of ['/api/prizes', '/api/prizes/{id}', '/api/prizes/{id}/images', '/api/stamps/spotcount'])
      expect(doc.paths[path], path).toBeDefined();
  });

  it('deletes a prize nobody applied for, with its images (404 after, and for unknown)', async () => {
    const id = await createPrize(db, { campaignId: rally });
    const up = await adm(request(app).post(`/api/prizes/${id}/images`)).attach('prizeImage', await photo(), 'a.jpg');
    const file = join(uploads, up.body.data[0].url.replace('/uploads/', ''));
    const del = await adm(request(app).delete(`/api/prizes/${id}`));
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ id });
    expect(existsSync(file)).toBe(false);
    expectError(await adm(request(app).get(`/api/prizes/${id}`)), 404, 'PRIZE_NOT_FOUND');
    expectError(await adm(request(app).delete(`/api/prizes/${id}`)), 404, 'PRIZE_NOT_FOUND');
    const trail = await auditOf('prize', id);
    expect(trail.at(-1)).toMatchObject({ action: 'delete', after: null });
  });
});
