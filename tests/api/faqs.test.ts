import { request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';

/** GET /api/faqs/front/list/category (spec 7): the seeded FAQ by category, per language. */
describe('public FAQ', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  beforeAll(async () => ({ db, destroy } = await createTestDb({ seed: true })));
  afterAll(() => destroy());

  it('groups the FAQ by category in order, in Japanese by default', async () => {
    const r = await request(testApp(db).app).get('/api/faqs/front/list/category');
    expect(r.status).toBe(200);
    expect(r.body.data.map((c: { name: string }) => c.name)).toEqual([
      'クーポンについて',
      'スタンプラリーについて',
      'アプリについて',
    ]);
    expect(r.body.data[0].faqs[1]).toMatchObject({
      question: '同じクーポンは何回使えますか？',
      answer: '各クーポンは1日1回までご利用いただけます。',
    });
  });

  it('answers in the x-lang language', async () => {
    const r = await request(testApp(db).app).get('/api/faqs/front/list/category').set('x-lang', 'zh-tw');
    expect(r.body.data[1].name).toBe('關於集章活動');
  });

  it('hides deleted categories and entries', async () => {
    const first = await db('faqs').orderBy('id').first();
    await db('faqs').where({ id: first.id }).update({ deleted_at: new Date().toISOString() });
    const r = await request(testApp(db).app).get('/api/faqs/front/list/category');
    expect(r.body.data[0].faqs.map((f: { id: number }) => f.id)).not.toContain(first.id);
  });
});
