import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCoupon, createSpot, createStaffAccount, createVisitor } from '../helpers/factories';

/** PUT /api/coupons/set/favorite and the favourites list (spec 2, 7; issue 15). */
describe('favourites', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  let couponId: number;
  let otherCouponId: number;
  let hiddenCouponId: number;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db).app;
    const spot = await createSpot(db, { name: '阿蘇の湯' });
    couponId = await createCoupon(db, { spotIds: [spot.id], title: '入浴料100円引き' });
    otherCouponId = await createCoupon(db, { spotIds: [spot.id], title: 'タオル無料' });
    hiddenCouponId = await createCoupon(db, { spotIds: [spot.id], title: '準備中', published: false });
  });
  afterAll(() => destroy());

  const put = (auth: string | null, body: unknown) => {
    const r = request(app).put('/api/coupons/set/favorite');
    if (auth) r.set('Authorization', auth);
    return r.send(body as object);
  };
  const list = (auth: string | null, query = 'favorite=true') => {
    const r = request(app).get(`/api/coupons/list/search?${query}`);
    if (auth) r.set('Authorization', auth);
    return r;
  };
  const rows = async (userId?: number) =>
    Number(
      (
        await db('coupon_favorites')
          .modify((q) => (userId === undefined ? q : q.where('user_id', userId)))
          .count({ n: '*' })
      )[0]?.n,
    );

  it('401 without a token, for the PUT and for the favourites list, and stores nothing', async () => {
    expectError(await put(null, { couponId, favorite: true }), 401, 'UNAUTHORIZED');
    expectError(await list(null), 401, 'UNAUTHORIZED');
    expect(await rows()).toBe(0);
  });

  it('403 for staff on both (favourites are a visitor\u2019s)', async () => {
    const staff = await createStaffAccount(db, { role: 'admin' });
    expectError(await put(staff.auth, { couponId, favorite: true }), 403, 'FORBIDDEN');
    expectError(await list(staff.auth), 403, 'FORBIDDEN');
  });

  it('400 VALIDATION_FAILED on bad bodies and a bad filter, storing nothing', async () => {
    const v = await createVisitor(db);
    for (const body of [
      {},
      { couponId },
      { favorite: true },
      { couponId: 0, favorite: true },
      { couponId: -3, favorite: true },
      { couponId: 1.5, favorite: true },
      { couponId: String(couponId), favorite: true },
      { couponId, favorite: 'true' },
      { couponId, favorite: 1 },
    ])
      expectError(await put(v.auth, body), 400, 'VALIDATION_FAILED', JSON.stringify(body));
    expectError(await list(v.auth, 'favorite=yes'), 400, 'VALIDATION_FAILED');
    expect(await rows()).toBe(0);
  });

  it('404 COUPON_NOT_FOUND for an unknown coupon, and for adding one not shown today', async () => {
    const v = await createVisitor(db);
    expectError(await put(v.auth, { couponId: 999999, favorite: true }), 404, 'COUPON_NOT_FOUND');
    expectError(await put(v.auth, { couponId: 999999, favorite: false }), 404, 'COUPON_NOT_FOUND');
    expectError(await put(v.auth, { couponId: hiddenCouponId, favorite: true }), 404, 'COUPON_NOT_FOUND');
    expect(await rows(v.id)).toBe(0);
  });

  it('set true: the list shows it with meta.total 1 and favorite true; again changes nothing', async () => {
    const v = await createVisitor(db);
    const empty = await list(v.auth);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ data: [], meta: { page: 1, limit: 10, total: 0 } });

    for (let i = 0; i < 2; i += 1) {
      const r = await put(v.auth, { couponId, favorite: true });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ data: { couponId, favorite: true } });
      expect(await rows(v.id)).toBe(1);
    }
    const favs = await list(v.auth);
    expect(favs.status).toBe(200);
    expect(favs.body.meta).toEqual({ page: 1, limit: 10, total: 1 });
    expect(favs.body.data.map((c: { id: number; favorite?: boolean }) => [c.id, c.favorite])).toEqual([
      [couponId, true],
    ]);

    // The whole list, signed in: every card says whether it is a favourite.
    const all = await list(v.auth, '');
    const flags = new Map(all.body.data.map((c: { id: number; favorite?: boolean }) => [c.id, c.favorite]));
    expect(flags.get(couponId)).toBe(true);
    expect(flags.get(otherCouponId)).toBe(false);

    // Anonymous: the list is unchanged, with no favourite field.
    const anon = await list(null, '');
    expect(anon.status).toBe(200);
    for (const card of anon.body.data) expect(card).not.toHaveProperty('favorite');
  });

  it('20 parallel identical PUTs all answer 200 and leave exactly one row', async () => {
    const v = await createVisitor(db);
    const answers = await Promise.all(Array.from({ length: 20 }, () => put(v.auth, { couponId, favorite: true })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await rows(v.id)).toBe(1);
  });

  it('set false takes it off the list; again changes nothing', async () => {
    const v = await createVisitor(db);
    await put(v.auth, { couponId, favorite: true });
    for (let i = 0; i < 2; i += 1) {
      const r = await put(v.auth, { couponId, favorite: false });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ data: { couponId, favorite: false } });
    }
    expect(await rows(v.id)).toBe(0);
    const favs = await list(v.auth);
    expect(favs.body).toEqual({ data: [], meta: { page: 1, limit: 10, total: 0 } });
  });

  it('a coupon unpublished after it was kept leaves the list and can still be un-favourited', async () => {
    const v = await createVisitor(db);
    const spot = await createSpot(db, { name: '期間限定の店' });
    const id = await createCoupon(db, { spotIds: [spot.id], title: '秋限定' });
    expect((await put(v.auth, { couponId: id, favorite: true })).status).toBe(200);
    await db('coupons').where({ id }).update({ published: false });
    expect((await list(v.auth)).body.meta.total).toBe(0);
    const r = await put(v.auth, { couponId: id, favorite: false });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { couponId: id, favorite: false } });
    expect(await rows(v.id)).toBe(0);
  });

  it("another visitor's favourites are separate", async () => {
    const a = await createVisitor(db);
    const b = await createVisitor(db);
    await put(a.auth, { couponId, favorite: true });
    await put(b.auth, { couponId: otherCouponId, favorite: true });
    const ofA = await list(a.auth);
    const ofB = await list(b.auth);
    expect(ofA.body.data.map((c: { id: number }) => c.id)).toEqual([couponId]);
    expect(ofB.body.data.map((c: { id: number }) => c.id)).toEqual([otherCouponId]);
    await put(b.auth, { couponId, favorite: false });
    expect((await list(a.auth)).body.meta.total).toBe(1);
  });

  it('the favourites list pages with meta like the list', async () => {
    const v = await createVisitor(db);
    await put(v.auth, { couponId, favorite: true });
    await put(v.auth, { couponId: otherCouponId, favorite: true });
    const first = await list(v.auth, 'favorite=true&limit=1&page=1');
    const second = await list(v.auth, 'favorite=true&limit=1&page=2');
    expect(first.body.meta).toEqual({ page: 1, limit: 1, total: 2 });
    expect(second.body.meta).toEqual({ page: 2, limit: 1, total: 2 });
    const ids = [...first.body.data, ...second.body.data].map((c: { id: number }) => c.id).sort();
    expect(ids).toEqual([couponId, otherCouponId].sort());
  });

  it('the detail says favorite for a signed-in visitor, nothing for anyone else', async () => {
    const v = await createVisitor(db);
    const detail = (auth: string | null) => {
      const r = request(app).get(`/api/coupons/${couponId}`);
      if (auth) r.set('Authorization', auth);
      return r;
    };
    expect((await detail(v.auth)).body.data.favorite).toBe(false);
    await put(v.auth, { couponId, favorite: true });
    expect((await detail(v.auth)).body.data.favorite).toBe(true);
    const anon = await detail(null);
    expect(anon.status).toBe(200);
    expect(anon.body.data).not.toHaveProperty('favorite');
  });

  it('deleting the visitor or the coupon takes their favourites with them (ON DELETE CASCADE)', async () => {
    const v = await createVisitor(db);
    const spot = await createSpot(db, { name: '消える店' });
    const id = await createCoupon(db, { spotIds: [spot.id], title: '閉店セール' });
    await put(v.auth, { couponId: id, favorite: true });
    await put(v.auth, { couponId, favorite: true });
    await db('coupons').where({ id }).del();
    expect(await rows(v.id)).toBe(1);
    await db('users').where({ id: v.id }).del();
    expect(await rows(v.id)).toBe(0);
  });
});
