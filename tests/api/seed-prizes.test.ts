import { request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { fixedClock, testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';

/** Issue 12 seeds: three demo prizes in the seeded rally, texts in five languages. */
describe('seeded demo prizes', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  beforeAll(async () => {
    ({ db, destroy } = await createTestDb({ seed: true }));
    app = testApp(db, { clock: fixedClock('2026-11-21T03:00:00Z') }).app;
  });
  afterAll(() => destroy());

  it('shows an exchange prize with stock, a lottery and a gold-heavy prize in every language', async () => {
    const ja = await request(app).get('/api/prizes/get/list');
    expect(ja.status).toBe(200);
    expect(
      ja.body.data.prizes.map((p: { kind: string; stampsNeeded: number; stockLeft: number | null }) => [
        p.kind,
        p.stampsNeeded,
        p.stockLeft,
      ]),
    ).toEqual([
      ['exchange', 3, 30],
      ['lottery', 5, null],
      ['exchange', 30, 5],
    ]);
    expect(Number((await db('prize_translations').count({ n: '*' }).first())?.n)).toBe(15);
    for (const lang of ['en', 'ko', 'zh-cn', 'zh-tw']) {
      const r = await request(app).get('/api/prizes/get/list').set('x-lang', lang);
      const names = r.body.data.prizes.map((p: { name: string }) => p.name);
      const jaNames = ja.body.data.prizes.map((p: { name: string }) => p.name);
      expect(
        names.every((n: string, i: number) => n && n !== jaNames[i]),
        lang,
      ).toBe(true);
    }
  });
});
