import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { fixedClock, testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCampaign, createCoupon, createSpot, createStaffAccount, createVisitor } from '../helpers/factories';
import { createPrize, giveStamps } from '../helpers/prizes';

type Prize = {
  id: number;
  name: string;
  state: string | null;
  missingStamps: number | null;
  stockLeft: number | null;
  application: { status: string; appliedAt: string; stampsSpent: number } | null;
};

/** Issue 12, spec 7 "Stamps and prizes": the visitor's prize list, the application, its rules under concurrency. */
describe('prizes for visitors', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  const clock = fixedClock('2026-11-21T03:00:00Z');
  let app: ReturnType<typeof testApp>['app'];
  let rally: number;
  let lastYear: number;
  let spot: { id: number };
  let coupon: number;
  let key = 0;
  const nextKey = () => `prize-key-${String((key += 1)).padStart(4, '0')}`;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db, { clock }).app;
    lastYear = await createCampaign(db, { startsOn: '2025-11-01', endsOn: '2026-01-31', name: '去年のラリー' });
    rally = await createCampaign(db, { name: '今年のラリー' });
    spot = await createSpot(db, { name: '上通の店', area: 'city' });
    coupon = await createCoupon(db, { spotIds: [spot.id] });
  });
  afterAll(() => destroy());

  const stamps = (userId: number, s: { red?: number; gold?: number }, campaignId = rally) =>
    giveStamps(db, { userIds: [userId], campaignId, couponId: coupon, spotId: spot.id, ...s });
  const apply = (auth: string | null, prizeId: unknown, k: string | null = nextKey()) => {
    const r = request(app).post('/api/prizes/change/to/presents');
    if (auth) r.set('Authorization', auth);
    if (k) r.set('Idempotency-Key', k);
    return r.send({ prizeId });
  };
  const list = (auth: string | null, query = '', lang?: string) => {
    const r = request(app).get(`/api/prizes/get/list${query}`);
    if (auth) r.set('Authorization', auth);
    if (lang) r.set('x-lang', lang);
    return r;
  };
  const balanceOf = async (userId: number, campaignId = rally) => {
    const earned = await db('stamps').where({ user_id: userId, campaign_id: campaignId }).sum({ n: 'value' }).first();
    const spent = await db('stamp_spends')
      .where({ user_id: userId, campaign_id: campaignId })
      .sum({ n: 'value' })
      .first();
    return Number(earned?.n ?? 0) - Number(spent?.n ?? 0);
  };

  describe('GET /api/prizes/get/list', () => {
    let cheap: number;
    let lottery: number;
    let gone: number;
    let dear: number;
    let hidden: number;
    let old: number;
    beforeAll(async () => {
      cheap = await createPrize(db, {
        campaignId: rally,
        name: '熊本ラーメン',
        nameEn: 'Kumamoto ramen',
        displayOrder: 1,
      });
      lottery = await createPrize(db, { campaignId: rally, kind: 'lottery', name: '温泉宿ペア宿泊', displayOrder: 2 });
      gone = await createPrize(db, { campaignId: rally, stock: 0, name: '売り切れの品', displayOrder: 3 });
      dear = await createPrize(db, { campaignId: rally, stampsNeeded: 50, name: '阿蘇の牛肉', displayOrder: 4 });
      hidden = await createPrize(db, { campaignId: rally, published: false, name: '非公開の景品' });
      old = await createPrize(db, { campaignId: lastYear, name: '去年の景品' });
    });

    it('lists the running rally’s published prizes in display order for anyone, without states', async () => {
      const r = await list(null);
      expect(r.status).toBe(200);
      expect(r.body.data.campaign).toMatchObject({ id: rally, name: '今年のラリー' });
      expect(r.body.data.balance).toBeNull();
      const prizes = r.body.data.prizes as Prize[];
      expect(prizes.map((p) => p.id)).toEqual([cheap, lottery, gone, dear]);
      expect(prizes.map((p) => p.id)).not.toContain(hidden);
      expect(prizes[0]).toMatchObject({ kind: 'exchange', stampsNeeded: 10, stockLeft: 5, state: null });
      expect(prizes[1]).toMatchObject({ kind: 'lottery', stockLeft: null });
      expect(r.body.meta).toEqual({ page: 1, limit: 4, total: 4 });
    });

    it('names prizes in the x-lang language, falling back to ja', async () => {
      const r = await list(null, '', 'en');
      const names = (r.body.data.prizes as Prize[]).map((p) => p.name);
      expect(names.slice(0, 2)).toEqual(['Kumamoto ramen', '温泉宿ペア宿泊']);
    });

    it('gives a signed-in visitor one state per prize and their balance', async () => {
      const v = await createVisitor(db);
      await stamps(v.id, { red: 3, gold: 1 });
      const r = await list(v.auth);
      expect(r.status).toBe(200);
      expect(r.body.data.balance).toEqual({ earned: 13, spent: 0, left: 13 });
      const byId = new Map((r.body.data.prizes as Prize[]).map((p) => [p.id, p]));
      expect(byId.get(cheap)).toMatchObject({ state: 'canApply', missingStamps: null, application: null });
      expect(byId.get(lottery)).toMatchObject({ state: 'canApply' });
      expect(byId.get(gone)).toMatchObject({ state: 'outOfStock' });
      expect(byId.get(dear)).toMatchObject({ state: 'notEnough', missingStamps: 37 });

      expect((await apply(v.auth, lottery)).status).toBe(200);
      const after = await list(v.auth);
      expect(after.body.data.balance).toEqual({ earned: 13, spent: 10, left: 3 });
      const now = new Map((after.body.data.prizes as Prize[]).map((p) => [p.id, p]));
      expect(now.get(lottery)).toMatchObject({
        state: 'applied',
        application: { status: 'applied', stampsSpent: 10, appliedAt: '2026-11-21T03:00:00.000Z' },
      });
      expect(now.get(cheap)).toMatchObject({ state: 'notEnough', missingStamps: 7 });
    });

    it('shows a past rally by campaignId, its prizes as rally over', async () => {
      const v = await createVisitor(db);
      await stamps(v.id, { gold: 2 }, lastYear);
      const r = await list(v.auth, `?campaignId=${lastYear}`);
      expect(r.body.data.campaign.id).toBe(lastYear);
      expect(r.body.data.prizes).toHaveLength(1);
      expect(r.body.data.prizes[0]).toMatchObject({ id: old, state: 'rallyOver' });
      expect(r.body.data.balance).toEqual({ earned: 20, spent: 0, left: 20 });
    });

    it('answers 404 for an unknown rally, 400 for a bad id, and an empty list when none runs', async () => {
      expectError(await list(null, '?campaignId=99999'), 404, 'CAMPAIGN_NOT_FOUND');
      expectError(await list(null, '?campaignId=abc'), 400, 'VALIDATION_FAILED');
      clock.set('2027-03-01T03:00:00Z');
      try {
        const r = await list(null);
        expect(r.body.data).toEqual({ campaign: null, prizes: [], balance: null });
      } finally {
        clock.set('2026-11-21T03:00:00Z');
      }
    });

    it('answers 401 for a token that is not valid', async () => {
      expectError(await list('Bearer not-a-token'), 401, 'INVALID_TOKEN');
    });
  });

  describe('GET /api/prizes/get/all/list', () => {
    it('pages the published prizes of every rally, newest rally first, with meta', async () => {
      const all = await request(app).get('/api/prizes/get/all/list?limit=50');
      expect(all.status).toBe(200);
      const rows = all.body.data as Array<{ campaign: { id: number }; name: string }>;
      const total = await db('prizes').where({ published: true }).count({ n: '*' }).first();
      expect(all.body.meta).toEqual({ page: 1, limit: 50, total: Number(total?.n) });
      expect(rows.map((p) => p.name)).not.toContain('非公開の景品');
      expect(rows.at(-1)).toMatchObject({ name: '去年の景品', campaign: { id: lastYear, name: '去年のラリー' } });
      expect(rows.slice(0, -1).every((p) => p.campaign.id === rally)).toBe(true);
      const second = await request(app).get('/api/prizes/get/all/list?limit=2&page=2');
      expect(second.body.data.map((p: { id: number }) => p.id)).toEqual(
        rows.slice(2, 4).map((p) => (p as unknown as { id: number }).id),
      );
      expectError(await request(app).get('/api/prizes/get/all/list?limit=0'), 400, 'VALIDATION_FAILED');
    });
  });

  describe('POST /api/prizes/change/to/presents', () => {
    it('401 signed out, 403 for staff, 400 without a key or with a bad prize id', async () => {
      const prize = await createPrize(db, { campaignId: rally });
      expectError(await apply(null, prize), 401, 'UNAUTHORIZED');
      const admin = await createStaffAccount(db, { role: 'admin' });
      expectError(await apply(admin.auth, prize), 403, 'FORBIDDEN');
      const v = await createVisitor(db);
      expectError(await apply(v.auth, prize, null), 400, 'VALIDATION_FAILED');
      expectError(await apply(v.auth, 'abc'), 400, 'VALIDATION_FAILED');
      expectError(await apply(v.auth, 0), 400, 'VALIDATION_FAILED');
    });

    it('404 for an unknown or unpublished prize', async () => {
      const v = await createVisitor(db);
      await stamps(v.id, { gold: 3 });
      expectError(await apply(v.auth, 999999), 404, 'PRIZE_NOT_FOUND');
      const hidden = await createPrize(db, { campaignId: rally, published: false });
      expectError(await apply(v.auth, hidden), 404, 'PRIZE_NOT_FOUND');
    });

    it('spends the stamps, takes one from the stock and records the win, the stamp history whole', async () => {
      const prize = await createPrize(db, { campaignId: rally, stampsNeeded: 12, stock: 3 });
      const v = await createVisitor(db);
      await stamps(v.id, { red: 5, gold: 1 });
      const r = await apply(v.auth, prize);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({
        application: { prizeId: prize, status: 'won', stampsSpent: 12, appliedAt: '2026-11-21T03:00:00.000Z' },
        stockLeft: 2,
        balance: { earned: 15, spent: 12, left: 3 },
      });
      expect((await db('prizes').where({ id: prize }).first()).stock).toBe(2);
      const mine = await request(app).get('/api/stamps/get/list').set('Authorization', v.auth);
      expect(mine.body.data).toMatchObject({ red: 5, gold: 1, total: 15, balance: { earned: 15, spent: 12, left: 3 } });
      expect(mine.body.data.stamps).toHaveLength(6);
    });

    it('enters a lottery without stock', async () => {
      const prize = await createPrize(db, { campaignId: rally, kind: 'lottery', stampsNeeded: 5 });
      const v = await createVisitor(db);
      await stamps(v.id, { red: 5 });
      const r = await apply(v.auth, prize);
      expect(r.body.data).toMatchObject({ application: { status: 'applied' }, stockLeft: null });
      expect(r.body.data.balance.left).toBe(0);
    });

    it('refuses not enough stamps (422, how many more), spending nothing', async () => {
      const prize = await createPrize(db, { campaignId: rally, stampsNeeded: 20 });
      const v = await createVisitor(db);
      await stamps(v.id, { red: 4, gold: 1 });
      const r = await apply(v.auth, prize);
      expectError(r, 422, 'NOT_ENOUGH_STAMPS');
      expect(r.body.error.message).toContain('6');
      const en = await apply(v.auth, prize).set('x-lang', 'en');
      expect(en.body.error.message).toBe('Not enough stamps (6 more points needed).');
      expect(await balanceOf(v.id)).toBe(14);
      expect(await db('prize_applications').where({ user_id: v.id })).toHaveLength(0);
    });

    it('refuses an exchange prize out of stock (409), spending nothing', async () => {
      const prize = await createPrize(db, { campaignId: rally, stock: 0 });
      const v = await createVisitor(db);
      await stamps(v.id, { gold: 1 });
      expectError(await apply(v.auth, prize), 409, 'OUT_OF_STOCK');
      expect(await balanceOf(v.id)).toBe(10);
    });

    it('refuses a second application to one prize (409) and a prize of a rally that is over (422)', async () => {
      const prize = await createPrize(db, { campaignId: rally, stampsNeeded: 1 });
      const v = await createVisitor(db);
      await stamps(v.id, { red: 5 });
      expect((await apply(v.auth, prize)).status).toBe(200);
      expectError(await apply(v.auth, prize), 409, 'ALREADY_APPLIED');
      expect(await balanceOf(v.id)).toBe(4);
      const old = await createPrize(db, { campaignId: lastYear, stampsNeeded: 1 });
      await stamps(v.id, { red: 2 }, lastYear);
      expectError(await apply(v.auth, old), 422, 'RALLY_OVER');
    });

    it('answers a replay with the same key the same, changing nothing; another request with it is refused', async () => {
      const prize = await createPrize(db, { campaignId: rally, stampsNeeded: 2, stock: 10 });
      const other = await createPrize(db, { campaignId: rally, stampsNeeded: 2, stock: 10 });
      const v = await createVisitor(db);
      await stamps(v.id, { red: 10 });
      const first = await apply(v.auth, prize, 'replay-key-0001');
      const again = await apply(v.auth, prize, 'replay-key-0001');
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await balanceOf(v.id)).toBe(8);
      expectError(await apply(v.auth, other, 'replay-key-0001'), 422, 'IDEMPOTENCY_KEY_REUSED');
    });

    it('answers parallel replays of one key the same, with one application', async () => {
      const prize = await createPrize(db, { campaignId: rally, stampsNeeded: 3, stock: 10 });
      const v = await createVisitor(db);
      await stamps(v.id, { red: 10 });
      const answers = await Promise.all(Array.from({ length: 8 }, () => apply(v.auth, prize, 'parallel-key-0001')));
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
      expect(await db('prize_applications').where({ user_id: v.id })).toHaveLength(1);
      expect(await balanceOf(v.id)).toBe(7);
    });

    it('lets one of parallel applications to one prize with different keys through, the rest ALREADY_APPLIED', async () => {
      const prize = await createPrize(db, { campaignId: rally, stampsNeeded: 2, stock: 10 });
      const v = await createVisitor(db);
      await stamps(v.id, { red: 10 });
      const answers = await Promise.all(Array.from({ length: 10 }, () => apply(v.auth, prize)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) expectError(a, 409, 'ALREADY_APPLIED');
      expect(await balanceOf(v.id)).toBe(8);
      expect((await db('prizes').where({ id: prize }).first()).stock).toBe(9);
    });

    it('gives 200 parallel applications by 200 visitors for a stock of 10 exactly 10 wins', async () => {
      const prize = await createPrize(db, { campaignId: rally, stampsNeeded: 10, stock: 10 });
      const visitors = await Promise.all(Array.from({ length: 200 }, () => createVisitor(db)));
      await giveStamps(db, {
        userIds: visitors.map((v) => v.id),
        campaignId: rally,
        couponId: coupon,
        spotId: spot.id,
        gold: 1,
      });
      const answers = await Promise.all(visitors.map((v) => apply(v.auth, prize)));
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(10);
      for (const a of answers.filter((x) => x.status !== 200)) expectError(a, 409, 'OUT_OF_STOCK');
      expect((await db('prizes').where({ id: prize }).first()).stock).toBe(0);
      expect(await db('prize_applications').where({ prize_id: prize })).toHaveLength(10);
      const spends = await db('stamp_spends')
        .join('prize_applications as a', 'a.id', 'stamp_spends.application_id')
        .where('a.prize_id', prize);
      expect(spends).toHaveLength(10);
      expect(won.map((a) => a.body.data.stockLeft).sort((x: number, y: number) => x - y)).toEqual([
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
      ]);
    });

    it('lets one visitor with 30 stamps spend at most 30 in 20 parallel applications for 10-stamp prizes', async () => {
      const prizes = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          createPrize(db, {
            campaignId: rally,
            stampsNeeded: 10,
            stock: 100,
            kind: i % 4 === 0 ? 'lottery' : 'exchange',
          }),
        ),
      );
      const v = await createVisitor(db);
      await stamps(v.id, { gold: 3 });
      const answers = await Promise.all(prizes.map((p) => apply(v.auth, p)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
      for (const a of answers.filter((x) => x.status !== 200)) expectError(a, 422, 'NOT_ENOUGH_STAMPS');
      expect(await balanceOf(v.id)).toBe(0);
      const spent = await db('stamp_spends').where({ user_id: v.id }).sum({ n: 'value' }).first();
      expect(Number(spent?.n)).toBe(30);
    });
  });
});
