import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { fixedClock, testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createStaffAccount } from '../helpers/factories';

/**
 * Design (The API contract): every list answers `{ data: [...], meta: { page, limit, total } }`:
 * the lists answered whole (rallies, FAQ) as one page, and an entity's audit trail in pages.
 */
describe('list envelope', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  let admin: { auth: string };

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb({ seed: true }));
    app = testApp(db, { clock: fixedClock('2026-11-21T03:00:00Z') }).app;
    admin = await createStaffAccount(db, { role: 'admin' });
  });
  afterAll(() => destroy());

  it('answers the whole lists as one page with meta', async () => {
    for (const [path, auth] of [
      ['/api/faqs/front/list/category', undefined],
      ['/api/faqs/list/category', admin.auth],
      ['/api/campaigns', admin.auth],
    ] as const) {
      const req = request(app).get(path);
      const r = await (auth ? req.set('Authorization', auth) : req);
      expect(r.status, path).toBe(200);
      expect(r.body.data.length, path).toBeGreaterThan(0);
      expect(r.body.meta, path).toEqual({ page: 1, limit: r.body.data.length, total: r.body.data.length });
    }
  });

  it('pages an audit trail, newest first, with its total', async () => {
    const [rally] = (await request(app).get('/api/campaigns').set('Authorization', admin.auth)).body.data as Array<{
      id: number;
      startsOn: string;
      endsOn: string;
    }>;
    for (const name of ['一回目', '二回目', '三回目']) {
      const r = await request(app)
        .put(`/api/campaigns/${rally!.id}`)
        .set('Authorization', admin.auth)
        .send({ name: { ja: name }, description: { ja: '' }, startsOn: rally!.startsOn, endsOn: rally!.endsOn });
      expect(r.status).toBe(200);
    }
    const first = await request(app).get(`/api/audit/campaign/${rally!.id}?limit=2`).set('Authorization', admin.auth);
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ page: 1, limit: 2, total: 3 });
    expect(first.body.data.map((e: { after: { name: { ja: string } } }) => e.after.name.ja)).toEqual([
      '三回目',
      '二回目',
    ]);
    const second = await request(app)
      .get(`/api/audit/campaign/${rally!.id}?limit=2&page=2`)
      .set('Authorization', admin.auth);
    expect(second.body.meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect(second.body.data.map((e: { after: { name: { ja: string } } }) => e.after.name.ja)).toEqual(['一回目']);
    const whole = await request(app).get(`/api/audit/campaign/${rally!.id}`).set('Authorization', admin.auth);
    expect(whole.body.meta).toEqual({ page: 1, limit: 50, total: 3 });
    expectError(
      await request(app).get(`/api/audit/campaign/${rally!.id}?limit=101`).set('Authorization', admin.auth),
      400,
      'VALIDATION_FAILED',
    );
  });
});
