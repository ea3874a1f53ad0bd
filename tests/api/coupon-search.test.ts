import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_CSV_COLUMNS } from '@contracts/spots-admin';
import type { Db } from '../../server/src/db/knex';
import { fixedClock, testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createStaffAccount } from '../helpers/factories';

type Card = { id: number; area: string; purpose: string; title: string; tags: string[]; spot: { name: string } | null };

/**
 * Coupon search (issue 15): keyword search through the folded search documents (SQLite FTS5
 * trigram, PostgreSQL pg_trgm), the shop-name and municipality filters, and the search
 * screen's calls, on the seeded Kumamoto spots and demo coupons.
 */
describe('coupon search', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  let admin: Awaited<ReturnType<typeof createStaffAccount>>;
  const clock = fixedClock('2026-11-21T03:00:00Z');

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb({ seed: true }));
    app = testApp(db, { clock }).app;
    admin = await createStaffAccount(db, { role: 'admin' });
  });
  afterAll(() => destroy());

  /** Every card the list answers for a query (all pages). */
  async function list(query: Record<string, string | string[]>): Promise<{ cards: Card[]; total: number }> {
    const cards: Card[] = [];
    for (let page = 1; ; page++) {
      const r = await request(app)
        .get('/api/coupons/list/search')
        .query({ ...query, page, limit: 50 });
      expect(r.status).toBe(200);
      cards.push(...r.body.data);
      if (cards.length >= r.body.meta.total || r.body.data.length === 0) return { cards, total: r.body.meta.total };
    }
  }
  const ids = async (query: Record<string, string | string[]>) => (await list(query)).cards.map((c) => c.id).sort();
  const count = async (body: Record<string, unknown>) => {
    const r = await request(app).post('/api/coupons/search/coupon/count').send(body);
    expect(r.status).toBe(200);
    return r.body.data as {
      total: number;
      areas: Array<{ value: string; count: number }>;
      purposes: Array<{ value: string; count: number }>;
      genres: Array<{ value: string; count: number }>;
    };
  };

  describe('keyword', () => {
    it('阿蘇 (two characters) and aso find every coupon of the 阿蘇 area', async () => {
      const aso = await ids({ area: 'aso' });
      expect(aso.length).toBeGreaterThan(10);
      for (const keyword of ['阿蘇', 'aso', 'ASO', 'ＡＳＯ', '아소']) {
        const found = await ids({ keyword });
        expect(found, keyword).toEqual(expect.arrayContaining(aso));
      }
      // 阿蘇 outside the area only where a shop's name or address says 阿蘇.
      for (const c of (await list({ keyword: '阿蘇' })).cards.filter((c) => c.area !== 'aso')) {
        const spots = await db('coupon_spots as cs')
          .join('spots as s', 's.id', 'cs.spot_id')
          .join('spot_translations as st', 'st.spot_id', 's.id')
          .where('cs.coupon_id', c.id)
          .select('s.address', 'st.name');
        expect(spots.some((s: { address: string; name: string }) => `${s.address}${s.name}`.includes('阿蘇'))).toBe(
          true,
        );
      }
    });

    it('温泉, 온천 and Hot springs find the hot-spring coupons', async () => {
      const spa = await ids({ purpose: 'spa' });
      expect(spa.length).toBeGreaterThan(5);
      for (const keyword of ['温泉', '온천', 'hot springs', '溫泉']) {
        expect(await ids({ keyword }), keyword).toEqual(expect.arrayContaining(spa));
      }
    });

    it('finds seeded shops by a partial Japanese name, in hiragana, katakana or half width', async () => {
      const kurokawa = await ids({ keyword: '黒川温泉' });
      expect(kurokawa.length).toBeGreaterThan(0);
      const cards = (await list({ keyword: '黒川温泉' })).cards;
      expect(cards.every((c) => c.spot?.name.includes('黒川温泉'))).toBe(true);
      expect(await ids({ keyword: '黒川' })).toEqual(expect.arrayContaining(kurokawa));
      const joyful = await ids({ keyword: 'ジョイフル' });
      expect(joyful.length).toBeGreaterThan(0);
      expect(await ids({ keyword: 'じょいふる' })).toEqual(joyful);
      expect(await ids({ keyword: 'ｼﾞｮｲﾌﾙ' })).toEqual(joyful);
      expect(await ids({ keyword: '熊本城' })).not.toEqual([]);
    });

    it('every word must match; nothing matches nonsense, LIKE wildcards or FTS syntax', async () => {
      const both = await ids({ keyword: '阿蘇 温泉' });
      const spaInAso = await ids({ area: 'aso', purpose: 'spa' });
      expect(both).toEqual(expect.arrayContaining(spaInAso));
      expect(both.length).toBeLessThan((await ids({ keyword: '阿蘇' })).length);
      for (const keyword of ['存在しない言葉', '%%', '__', '"', 'a" OR "b', 'NEAR(x y)', '*', '割引%_']) {
        expect(await ids({ keyword }), keyword).toEqual([]);
      }
    });

    it('combines with area, purpose, tag and genre filters', async () => {
      const r = await list({ keyword: '温泉', area: 'aso', tag: '日帰り' });
      expect(r.cards.length).toBeGreaterThan(0);
      expect(r.cards.every((c) => c.area === 'aso' && c.tags.includes('日帰り'))).toBe(true);
    });
  });

  describe('shop name and address filters', () => {
    it('shop finds by the shops’ names only', async () => {
      const byShop = (await list({ shop: 'じょいふる' })).cards;
      expect(byShop.length).toBeGreaterThan(0);
      expect(byShop.every((c) => c.spot?.name.includes('ジョイフル'))).toBe(true);
      // 温泉 is a purpose name in every spa coupon's document, but only some shops are called so.
      expect((await ids({ shop: '温泉' })).length).toBeLessThan((await ids({ keyword: '温泉' })).length);
    });

    it('GET /coupons/search/select/address lists municipalities with counts that the list agrees with', async () => {
      const r = await request(app).get('/api/coupons/search/select/address');
      expect(r.status).toBe(200);
      const names = r.body.data.map((m: { municipality: string }) => m.municipality);
      expect(names).toEqual(expect.arrayContaining(['熊本市', '阿蘇市', '南小国町', '天草市']));
      expect(names.some((n: string) => /区$|郡|熊本県/.test(n))).toBe(false);
      expect(r.body.meta.total).toBe(r.body.data.length);
      const counts = r.body.data.map((m: { count: number }) => m.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      for (const m of r.body.data.slice(0, 5) as Array<{ municipality: string; count: number }>) {
        expect((await list({ address: m.municipality })).total, m.municipality).toBe(m.count);
      }
      // With a filter, the counts are of what the filter leaves.
      const spa = await request(app).get('/api/coupons/search/select/address').query({ purpose: 'spa' });
      const minamioguni = spa.body.data.find((m: { municipality: string }) => m.municipality === '南小国町');
      expect(minamioguni.count).toBe((await list({ purpose: 'spa', address: '南小国町' })).total);
    });
  });

  describe('POST /api/coupons/search/coupon/count', () => {
    it('counts what the list shows, and what each choice would leave', async () => {
      const all = await count({});
      expect(all.total).toBe((await list({})).total);
      expect(all.areas.map((a) => a.value)).toEqual(['north', 'center', 'city', 'aso', 'south', 'amakusa']);
      expect(all.purposes).toHaveLength(7);
      expect(all.areas.reduce((n, a) => n + a.count, 0)).toBe(all.total);
      const spa = await count({ purpose: 'spa' });
      for (const a of spa.areas) expect(a.count, a.value).toBe((await list({ purpose: 'spa', area: a.value })).total);
      // The purpose facet sets the purpose filter aside: each choice replaces it.
      expect(spa.purposes.find((p) => p.value === 'gourmet')?.count).toBe((await list({ purpose: 'gourmet' })).total);
      const withKeyword = await count({ keyword: 'らーめん', area: 'aso', tag: ['温泉'] });
      expect(withKeyword.total).toBe(0);
      const genres = (await count({ area: 'aso' })).genres;
      expect(genres.find((g) => g.value === '温泉')?.count).toBe((await list({ area: 'aso', genre: '温泉' })).total);
    });

    it('400 VALIDATION_FAILED on a bad filter, naming the field', async () => {
      const r = await request(app)
        .post('/api/coupons/search/coupon/count')
        .set('x-lang', 'en')
        .send({ area: 'tokyo', tag: 'not-a-list' });
      expectError(r, 400, 'VALIDATION_FAILED');
      expect(r.body.error.details.some((d: string) => d.startsWith('body.area:'))).toBe(true);
      expect(r.body.error.details.some((d: string) => d.startsWith('body.tag:'))).toBe(true);
    });
  });

  describe('GET /api/coupons/search/tag/items', () => {
    it('lists tags with counts, most used first, narrowed by a folded prefix and by filters', async () => {
      const r = await request(app).get('/api/coupons/search/tag/items');
      expect(r.status).toBe(200);
      const tags = r.body.data as Array<{ tag: string; count: number }>;
      expect(tags.map((t) => t.tag)).toEqual(expect.arrayContaining(['温泉', 'グルメ']));
      expect(tags.map((t) => t.count)).toEqual([...tags.map((t) => t.count)].sort((a, b) => b - a));
      const gourmet = tags.find((t) => t.tag === 'グルメ')!;
      expect(gourmet.count).toBe((await list({ tag: 'グルメ' })).total);
      const prefixed = await request(app).get('/api/coupons/search/tag/items').query({ prefix: 'ぐる' });
      expect(prefixed.body.data).toEqual([gourmet]);
      const aso = await request(app).get('/api/coupons/search/tag/items').query({ area: 'aso', prefix: '温' });
      expect(aso.body.data).toEqual([{ tag: '温泉', count: (await list({ area: 'aso', tag: '温泉' })).total }]);
      const limited = await request(app).get('/api/coupons/search/tag/items').query({ limit: 2 });
      expect(limited.body.data).toHaveLength(2);
      expect(limited.body.meta).toEqual({ page: 1, limit: 2, total: tags.length });
    });
  });

  describe('the search document follows every change', () => {
    const coupon = (title: string, spotIds: number[]) => ({
      title: { ja: title },
      description: { ja: '' },
      discount: { ja: '替え玉無料' },
      spotIds,
      area: 'city',
      purpose: 'gourmet',
      genre: 'ラーメン',
      tags: ['麺'],
      validFrom: '2026-11-01',
      validTo: '2027-01-31',
      published: true,
      linePointAmount: 0,
    });

    it('admin create and edit, spot rename and CSV import', async () => {
      const spot = await db('spots').where({ store_code: 'kmt-0106' }).first('id');
      const created = await request(app)
        .post('/api/admincoupons')
        .set('Authorization', admin.auth)
        .send(coupon('熊本ラーメン 替え玉無料', [spot.id]));
      expect(created.status).toBe(201);
      const id = created.body.data.id as number;
      for (const keyword of ['ラーメン', 'らーめん', 'ﾗｰﾒﾝ', '替え玉', '麺'])
        expect(await ids({ keyword }), keyword).toContain(id);

      await request(app)
        .put(`/api/admincoupons/${id}`)
        .set('Authorization', admin.auth)
        .send({ ...coupon('太平燕 半額', [spot.id]), genre: null, discount: { ja: '半額' } })
        .expect(200);
      expect(await ids({ keyword: 'ラーメン' })).not.toContain(id);
      expect(await ids({ keyword: 'たいぴーえん' })).toEqual([]);
      expect(await ids({ keyword: '太平燕' })).toEqual([id]);

      const before = (await request(app).get(`/api/spots/${spot.id}`).set('Authorization', admin.auth)).body.data;
      await request(app)
        .put(`/api/spots/${spot.id}`)
        .set('Authorization', admin.auth)
        .send({
          storeCode: before.storeCode,
          names: { ...before.names, ja: 'くまもと麺処テスト' },
          address: before.address,
          latitude: before.latitude,
          longitude: before.longitude,
          area: before.area,
          purpose: before.purpose,
          genre: before.genre,
          usableRangeM: before.usableRangeM,
        })
        .expect(200);
      expect(await ids({ shop: 'クマモト麺処' })).toContain(id);

      const header = [...COUPON_CSV_COLUMNS];
      const row: Record<string, string> = {
        id: '',
        title_ja: 'CSVのちゃんぽん',
        description_ja: '',
        discount_ja: '大盛り無料',
        store_codes: 'kmt-0148',
        area: 'aso',
        purpose: 'gourmet',
        genre: '',
        tags: '',
        valid_from: '2026-11-01',
        valid_to: '2027-01-31',
        published: 'true',
      };
      const csv = `${header.join(',')}\r\n${header.map((h) => row[h] ?? '').join(',')}\r\n`;
      const imported = await request(app)
        .post('/api/admincoupons/csv/import')
        .set('Authorization', admin.auth)
        .attach('file', Buffer.from(csv), 'coupons.csv');
      expect(imported.status).toBe(200);
      const found = (await list({ keyword: 'チャンポン' })).cards;
      expect(found.map((c) => c.title)).toEqual(['CSVのちゃんぽん']);
      expect((await list({ keyword: 'ちゃんぽん', address: '南小国町' })).total).toBe(1);
    });
  });
});
