import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createStaffAccount, createVisitor } from '../helpers/factories';

/** FAQ admin (spec 7, issue 6): what staff save is what visitors see on /faq/. */
describe('FAQ admin', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  let admin: string;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db).app;
    admin = (await createStaffAccount(db, { role: 'admin' })).auth;
  });
  afterAll(() => destroy());

  it('401 and 403 for callers who are not admins', async () => {
    const visitor = await createVisitor(db);
    expectError(
      await request(app)
        .post('/api/faqs/add/category')
        .send({ name: { ja: 'x' } }),
      401,
      'UNAUTHORIZED',
    );
    expectError(
      await request(app)
        .post('/api/faqs/add/category')
        .set('Authorization', visitor.auth)
        .send({ name: { ja: 'x' } }),
      403,
      'FORBIDDEN',
    );
    expectError(await request(app).get('/api/faqs/list/category').set('Authorization', visitor.auth), 403, 'FORBIDDEN');
  });

  it('adds categories and entries that the public FAQ shows, per language with ja fallback', async () => {
    const cat = await request(app)
      .post('/api/faqs/add/category')
      .set('Authorization', admin)
      .send({ name: { ja: 'ポイントについて', en: 'Points' }, sortOrder: 1 });
    expect(cat.status).toBe(200);
    const faq = await request(app)
      .post('/api/faqs/add/faq')
      .set('Authorization', admin)
      .send({
        categoryId: cat.body.data.id,
        question: { ja: 'ポイントは宿泊に使えますか？', en: 'Can points pay for lodging?' },
        answer: { ja: '宿泊には使えません。', en: 'No, points cannot be used for lodging.' },
      });
    expect(faq.status).toBe(200);
    const en = await request(app).get('/api/faqs/front/list/category').set('x-lang', 'en');
    expect(en.body.data).toEqual([
      {
        id: cat.body.data.id,
        name: 'Points',
        faqs: [
          {
            id: faq.body.data.id,
            question: 'Can points pay for lodging?',
            answer: 'No, points cannot be used for lodging.',
          },
        ],
      },
    ]);
    const ko = await request(app).get('/api/faqs/front/list/category').set('x-lang', 'ko');
    expect(ko.body.data[0].faqs[0].question).toBe('ポイントは宿泊に使えますか？');
    const list = await request(app).get('/api/faqs/list/category').set('Authorization', admin);
    expect(list.body.data[0].name).toEqual({ ja: 'ポイントについて', en: 'Points' });
  });

  it('changes an entry when id is given, and 400/404 for bad input', async () => {
    const [category] = (await request(app).get('/api/faqs/list/category').set('Authorization', admin)).body.data;
    const faqId = category.faqs[0].id;
    const changed = await request(app)
      .post('/api/faqs/add/faq')
      .set('Authorization', admin)
      .send({
        id: faqId,
        categoryId: category.id,
        question: { ja: '宿泊にポイントは使えますか？' },
        answer: { ja: '使えません。' },
      });
    expect(changed.body.data.id).toBe(faqId);
    expect((await request(app).get('/api/faqs/front/list/category')).body.data[0].faqs[0].question).toBe(
      '宿泊にポイントは使えますか？',
    );
    expectError(
      await request(app)
        .post('/api/faqs/add/faq')
        .set('Authorization', admin)
        .send({ categoryId: 99999, question: { ja: 'q' }, answer: { ja: 'a' } }),
      404,
      'FAQ_NOT_FOUND',
    );
    expectError(
      await request(app)
        .post('/api/faqs/add/faq')
        .set('Authorization', admin)
        .send({ categoryId: category.id, question: { ja: '' }, answer: { ja: 'a' } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('deletes entries and categories from the public FAQ, with audit entries', async () => {
    const [category] = (await request(app).get('/api/faqs/list/category').set('Authorization', admin)).body.data;
    expect(
      (await request(app).put('/api/faqs/del/faq').set('Authorization', admin).send({ id: category.faqs[0].id }))
        .status,
    ).toBe(200);
    expect((await request(app).get('/api/faqs/front/list/category')).body.data[0].faqs).toEqual([]);
    expect(
      (await request(app).put('/api/faqs/del/category').set('Authorization', admin).send({ id: category.id })).status,
    ).toBe(200);
    expect((await request(app).get('/api/faqs/front/list/category')).body.data).toEqual([]);
    expectError(
      await request(app).put('/api/faqs/del/category').set('Authorization', admin).send({ id: category.id }),
      404,
      'FAQ_NOT_FOUND',
    );
    const trail = await request(app).get(`/api/audit/faqCategory/${category.id}`).set('Authorization', admin);
    expect(trail.body.data.map((e: { action: string }) => e.action)).toEqual(['delete', 'create']);
  });
});
