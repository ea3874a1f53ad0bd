import { errorCode, expectAllowListRefusal, expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCampaign, createStaffAccount, createVisitor } from '../helpers/factories';

const rally = (startsOn: string, endsOn: string, ja = '冬のスタンプラリー') => ({
  name: { ja, en: 'Winter stamp rally' },
  description: { ja: '赤は1、金は10。' },
  startsOn,
  endsOn,
});

/** Stamp rallies in the admin area (issue 6): GET /api/campaigns, POST, PUT /api/campaigns/{id}. */
describe('stamp rallies admin', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  let admin: Awaited<ReturnType<typeof createStaffAccount>>;
  let shop: Awaited<ReturnType<typeof createStaffAccount>>;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db).app;
    admin = await createStaffAccount(db, { role: 'admin' });
    await db('spots').insert({
      store_code: 'kmt-c1',
      latitude: 32.8,
      longitude: 130.7,
      area: 'city',
      purpose: 'gourmet',
      address: '',
      usable_range_m: 500,
      created_at: '2026-10-01T00:00:00Z',
      updated_at: '2026-10-01T00:00:00Z',
    });
    shop = await createStaffAccount(db, { role: 'shop', spots: ['kmt-c1'] });
  });
  afterAll(() => destroy());

  it('401 anonymous, 403 visitor and shop staff on writes', async () => {
    const visitor = await createVisitor(db);
    expectError(await request(app).post('/api/campaigns').send(rally('2026-11-01', '2027-01-31')), 401, 'UNAUTHORIZED');
    expectError(
      await request(app)
        .post('/api/campaigns')
        .set('Authorization', visitor.auth)
        .send(rally('2026-11-01', '2027-01-31')),
      403,
      'FORBIDDEN',
    );
    expectError(
      await request(app).post('/api/campaigns').set('Authorization', shop.auth).send(rally('2026-11-01', '2027-01-31')),
      403,
      'FORBIDDEN',
    );
  });

  it('reads are admin-only too (spec 6): 401 anonymous, 403 visitor and shop staff, 403 empty outside the allow-list', async () => {
    const id = await createCampaign(db, { startsOn: '2030-11-01', endsOn: '2031-01-31', name: '未来のラリー' });
    const visitor = await createVisitor(db);
    for (const path of ['/api/campaigns', `/api/campaigns/${id}`]) {
      expectError(await request(app).get(path), 401, 'UNAUTHORIZED', path);
      expectError(await request(app).get(path).set('Authorization', visitor.auth), 403, 'FORBIDDEN', path);
      expectError(await request(app).get(path).set('Authorization', shop.auth), 403, 'FORBIDDEN', path);
      expect((await request(app).get(path).set('Authorization', admin.auth)).status, path).toBe(200);
    }
    const outside = testApp(db, { config: { adminAllowedIps: ['203.0.113.0/28'], trustProxy: ['loopback'] } }).app;
    const r = await request(outside)
      .get('/api/campaigns')
      .set('Authorization', admin.auth)
      .set('X-Forwarded-For', '192.0.2.50');
    expectAllowListRefusal(r);
    // Visitors get the running rally from its own public call, never the future ones.
    const running = await request(app).get('/api/coupons/get/campaign');
    expect(running.status).toBe(200);
    expect(JSON.stringify(running.body)).not.toContain('未来のラリー');
    await db('campaign_translations').where({ campaign_id: id }).delete();
    await db('campaigns').where({ id }).delete();
  });

  it('creates a rally that becomes the running one, with an audit entry', async () => {
    const r = await request(app)
      .post('/api/campaigns')
      .set('Authorization', admin.auth)
      .send(rally('2026-11-01', '2027-01-31'));
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      name: '冬のスタンプラリー',
      startsOn: '2026-11-01',
      endsOn: '2027-01-31',
      texts: { name: { ja: '冬のスタンプラリー', en: 'Winter stamp rally' } },
    });
    expect((await request(app).get('/api/coupons/get/campaign').set('x-lang', 'en')).body.data).toMatchObject({
      id: r.body.data.id,
      name: 'Winter stamp rally',
    });
    const trail = await request(app).get(`/api/audit/campaign/${r.body.data.id}`).set('Authorization', admin.auth);
    expect(trail.body.data[0]).toMatchObject({ action: 'create', staffEmail: admin.email });
  });

  it('400 for an end before the start or a missing name', async () => {
    const r = await request(app)
      .post('/api/campaigns')
      .set('Authorization', admin.auth)
      .set('x-lang', 'en')
      .send({ ...rally('2027-03-01', '2027-02-01'), name: { ja: '' } });
    expectError(r, 400, 'VALIDATION_FAILED');
    expect(r.body.error.details).toEqual(
      expect.arrayContaining([
        'body.name.ja: Please be sure to input',
        'body.endsOn: The end date must not be before the start date',
      ]),
    );
  });

  it('400 for a period outside one winter (spec 9: 1 November to 31 January), beside the date at fault; nothing saved', async () => {
    const before = Number((await db('campaigns').count({ n: '*' }))[0]?.n);
    const message = 'A stamp rally must run between 1 November and 31 January';
    for (const [from, to, field] of [
      ['2027-06-01', '2027-06-30', 'startsOn'],
      ['2027-10-31', '2027-11-30', 'startsOn'],
      ['2027-03-01', '2027-03-31', 'startsOn'],
      // The start is in season: an end past 31 January is the end date's fault (issue 11).
      ['2027-12-01', '2028-02-01', 'endsOn'],
      ['2027-11-01', '2029-01-31', 'endsOn'],
    ] as const) {
      const r = await request(app)
        .post('/api/campaigns')
        .set('Authorization', admin.auth)
        .set('x-lang', 'en')
        .send(rally(from, to));
      expectError(r, 400, 'VALIDATION_FAILED', `${from}..${to}`);
      expect(r.body.error.details).toEqual([`body.${field}: ${message}`]);
    }
    const ja = await request(app)
      .post('/api/campaigns')
      .set('Authorization', admin.auth)
      .send(rally('2027-12-01', '2028-02-01'));
    expect(ja.body.error.details).toEqual([
      'body.endsOn: スタンプラリーの期間は11月1日から翌年1月31日までの間で設定してください',
    ]);
    expect(Number((await db('campaigns').count({ n: '*' }))[0]?.n)).toBe(before);
    // A January-only rally belongs to the season that began the November before.
    const january = await request(app)
      .post('/api/campaigns')
      .set('Authorization', admin.auth)
      .send(rally('2029-01-05', '2029-01-31', '新春'));
    expect(january.status).toBe(201);
  });

  it('audits a one-field edit as one change: the same shape before and after (issue 11)', async () => {
    const created = await request(app)
      .post('/api/campaigns')
      .set('Authorization', admin.auth)
      .send(rally('2031-11-01', '2032-01-31', '監査のラリー'));
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const edited = await request(app)
      .put(`/api/campaigns/${id}`)
      .set('Authorization', admin.auth)
      .send({ ...rally('2031-11-01', '2032-01-31', '監査のラリー'), name: { ja: '監査のラリー', en: 'Audit rally' } });
    expect(edited.status).toBe(200);
    const trail = await request(app).get(`/api/audit/campaign/${id}`).set('Authorization', admin.auth);
    expect(trail.status).toBe(200);
    const [update, create] = trail.body.data;
    expect(create).toMatchObject({ action: 'create', before: null });
    expect(update.action).toBe('update');
    expect(Object.keys(update.before).sort()).toEqual(['description', 'endsOn', 'name', 'startsOn']);
    expect(Object.keys(update.after).sort()).toEqual(Object.keys(update.before).sort());
    expect(Object.keys(create.after).sort()).toEqual(Object.keys(update.before).sort());
    const changed = Object.keys(update.after).filter(
      (k) => JSON.stringify(update.before[k]) !== JSON.stringify(update.after[k]),
    );
    expect(changed).toEqual(['name']);
    expect(update.before.name).toEqual({ ja: '監査のラリー', en: 'Winter stamp rally' });
    expect(update.after.name).toEqual({ ja: '監査のラリー', en: 'Audit rally' });
  });

  it('409 when two rallies would share a day, also for parallel saves', async () => {
    const overlap = await request(app)
      .post('/api/campaigns')
      .set('Authorization', admin.auth)
      .send(rally('2027-01-20', '2027-01-31'));
    expect(overlap.status).toBe(409);
    expect(overlap.body.error.code).toBe('CAMPAIGN_OVERLAP');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        request(app)
          .post('/api/campaigns')
          .set('Authorization', admin.auth)
          .send(rally('2027-11-01', '2028-01-31', '来季')),
      ),
    );
    expect(answers.map((a) => `${a.status} ${errorCode(a) ?? ''}`.trim()).sort()).toEqual([
      '201',
      ...Array(7).fill('409 CAMPAIGN_OVERLAP'),
    ]);
    expect(Number((await db('campaigns').where({ starts_on: '2027-11-01' }).count({ n: '*' }))[0]?.n)).toBe(1);
  });

  it('updates a rally, may keep its own period, refuses to move onto another', async () => {
    const [first] = (await request(app).get('/api/campaigns').set('Authorization', admin.auth)).body.data.filter(
      (c: { startsOn: string }) => c.startsOn === '2026-11-01',
    );
    const same = await request(app)
      .put(`/api/campaigns/${first.id}`)
      .set('Authorization', admin.auth)
      .send(rally('2026-11-01', '2027-01-31', '冬のラリー（改）'));
    expect(same.status).toBe(200);
    expect(same.body.data.name).toBe('冬のラリー（改）');
    const onto = await request(app)
      .put(`/api/campaigns/${first.id}`)
      .set('Authorization', admin.auth)
      .send(rally('2027-12-01', '2027-12-31'));
    expectError(onto, 409, 'CAMPAIGN_OVERLAP');
    expectError(
      await request(app)
        .put('/api/campaigns/99999')
        .set('Authorization', admin.auth)
        .send(rally('2030-01-01', '2030-01-31')),
      404,
      'CAMPAIGN_NOT_FOUND',
    );
  });
});
