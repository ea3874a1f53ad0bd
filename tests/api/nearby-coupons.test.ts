import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, request } from '../helpers/api';
import type { Db } from '../../server/src/db/knex';
import { fixedClock, testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCoupon, createSpot, northOf } from '../helpers/factories';

/** Kumamoto Castle (熊本城), as the visitor stands before it. */
const CASTLE = { lat: 32.8062, long: 130.7058 };
const URL = '/api/coupons/get/nearby/coupon/lists';

type Item = {
  id: number;
  title: string;
  purpose: string;
  area: string;
  givesGold: boolean;
  distanceM: number;
  usableHere: boolean;
  spot: { id: number; name: string } | null;
  spotCount: number;
  nearestSpot: { id: number; name: string; address: string; latitude: number; longitude: number; textLocale: string };
};

/** Haversine distance in metres, computed here apart from the server's SQL. */
function metres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const R = 6371008.8;
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

/**
 * Issue 15, spec 7 `POST /coupons/get/nearby/coupon/lists` (page size 10, spec 9): coupons
 * usable near the phone, nearest first by their nearest spot, on the real seeded Kumamoto
 * spots and demo coupons around 熊本城.
 */
describe('POST /api/coupons/get/nearby/coupon/lists', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  const clock = fixedClock('2026-11-21T03:00:00Z');
  let app: ReturnType<typeof testApp>['app'];
  /** Every seeded (coupon, spot) link of a shown coupon: what the answers are checked against. */
  let links: Array<{ couponId: number; spotId: number; lat: number; lng: number; name: string }>;

  /** The expected list at a point within range metres: each coupon once at its nearest spot. */
  function expected(at: { lat: number; lng: number }, range: number) {
    const best = new Map<number, { couponId: number; spotId: number; d: number }>();
    for (const l of links) {
      const d = metres(at, l);
      if (d > range) continue;
      const known = best.get(l.couponId);
      if (!known || d < known.d || (d === known.d && l.spotId < known.spotId))
        best.set(l.couponId, { couponId: l.couponId, spotId: l.spotId, d });
    }
    return [...best.values()].sort((a, b) => a.d - b.d || a.couponId - b.couponId);
  }

  const nearby = (body: object, lang = 'ja') => request(app).post(URL).set('x-lang', lang).send(body);

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb({ seed: true }));
    app = testApp(db, { clock }).app;
    const rows: Array<{ coupon_id: number; spot_id: number; latitude: number; longitude: number; name: string }> =
      await db('coupon_spots as cs')
        .join('coupons as c', 'c.id', 'cs.coupon_id')
        .join('spots as s', 's.id', 'cs.spot_id')
        .join('spot_translations as st', (j) => j.on('st.spot_id', 's.id').andOnVal('st.locale', 'ja'))
        .where('c.published', true)
        .whereNull('c.deleted_at')
        .select('cs.coupon_id', 'cs.spot_id', 's.latitude', 's.longitude', 'st.name');
    links = rows.map((r) => ({
      couponId: Number(r.coupon_id),
      spotId: Number(r.spot_id),
      lat: Number(r.latitude),
      lng: Number(r.longitude),
      name: r.name,
    }));
  });
  afterAll(() => destroy());

  it('lists the seeded coupons around 熊本城 nearest first, ten a page, with the nearest spot and distance', async () => {
    const r = await nearby(CASTLE);
    expect(r.status).toBe(200);
    const want = expected({ lat: CASTLE.lat, lng: CASTLE.long }, 3000);
    expect(want.length).toBeGreaterThan(10);
    expect(r.body.meta).toEqual({ page: 1, limit: 10, total: want.length });
    const data = r.body.data as Item[];
    expect(data.map((c) => [c.id, c.nearestSpot.id])).toEqual(want.slice(0, 10).map((w) => [w.couponId, w.spotId]));
    expect(data.map((c) => c.distanceM)).toEqual(want.slice(0, 10).map((w) => Math.round(w.d)));
    expect(data[0]!.nearestSpot).toMatchObject({ name: '熊本城', address: '熊本県熊本市中央区', textLocale: 'ja' });
    expect(data[0]!.distanceM).toBeLessThan(50);
    // Real neighbours of the castle come next (seeded from public sources).
    const names = data.map((c) => c.nearestSpot.name);
    expect(names).toEqual(expect.arrayContaining(['熊本大神宮', '熊本城稲荷神社', '加藤神社']));
    // The card is the list's card: first spot and spot count.
    expect(data[0]).toMatchObject({ spot: { id: data[0]!.nearestSpot.id }, spotCount: 1 });
  });

  it('pages on: page 2 continues without overlap, and a page past the end still counts', async () => {
    const want = expected({ lat: CASTLE.lat, lng: CASTLE.long }, 3000);
    const page2 = await nearby({ ...CASTLE, page: 2 });
    expect((page2.body.data as Item[]).map((c) => c.id)).toEqual(want.slice(10, 20).map((w) => w.couponId));
    const small = await nearby({ ...CASTLE, page: 2, limit: 3 });
    expect((small.body.data as Item[]).map((c) => c.id)).toEqual(want.slice(3, 6).map((w) => w.couponId));
    expect(small.body.meta).toEqual({ page: 2, limit: 3, total: want.length });
    const past = await nearby({ ...CASTLE, page: 50 });
    expect(past.body).toEqual({ data: [], meta: { page: 50, limit: 10, total: want.length } });
  });

  it('honours range (metres): 300 m around the castle keeps only its close neighbours', async () => {
    const r = await nearby({ ...CASTLE, range: 300 });
    const want = expected({ lat: CASTLE.lat, lng: CASTLE.long }, 300);
    expect((r.body.data as Item[]).map((c) => c.id)).toEqual(want.map((w) => w.couponId));
    expect(new Set((r.body.data as Item[]).map((c) => c.nearestSpot.name))).toEqual(
      new Set(['熊本城', '熊本大神宮', '熊本城稲荷神社', '加藤神社']),
    );
    expect((r.body.data as Item[]).every((c) => c.distanceM <= 300)).toBe(true);
  });

  it('narrows by purpose, area and genre', async () => {
    const lodging = (await nearby({ ...CASTLE, purpose: 'lodging' })).body.data as Item[];
    expect(lodging.length).toBeGreaterThan(0);
    expect(lodging.every((c) => c.purpose === 'lodging' && c.givesGold)).toBe(true);
    expect(lodging.map((c) => c.nearestSpot.name)).toContain('熊本交通センターホテル');
    const aso = await nearby({ ...CASTLE, area: 'aso' });
    expect(aso.body).toEqual({ data: [], meta: { page: 1, limit: 10, total: 0 } });
    const castles = (await nearby({ ...CASTLE, genre: '城' })).body.data as Item[];
    // The seed gives genre 城 to every spot named with 城 (熊本城, 熊本城稲荷神社).
    expect(castles.map((c) => c.nearestSpot.name)).toEqual(['熊本城', '熊本城稲荷神社', '熊本城稲荷神社']);
  });

  it('says usableHere when the nearest spot range (plus up to 100 m of accuracy) covers the phone', async () => {
    // Far from every seeded spot: a shop with a 500 m range, and the phone 550 m north of it.
    const shop = await createSpot(db, { name: '海辺の店', lat: 31.0, lng: 128.5, rangeM: 500 });
    const coupon = await createCoupon(db, { spotIds: [shop.id], title: '海辺クーポン' });
    const here = northOf(shop.lat, shop.lng, 550);
    const exact = (await nearby({ lat: here.lat, long: here.lng })).body.data as Item[];
    expect(exact.map((c) => [c.id, c.distanceM, c.usableHere])).toEqual([[coupon, 550, false]]);
    const vague = (await nearby({ lat: here.lat, long: here.lng, accuracy: 80 })).body.data as Item[];
    expect(vague[0]!.usableHere).toBe(true);
    // A 3 km fix widens by 100 m only, as 'mark as used' does.
    const far = northOf(shop.lat, shop.lng, 650);
    const loose = (await nearby({ lat: far.lat, long: far.lng, accuracy: 3000 })).body.data as Item[];
    expect(loose[0]!.usableHere).toBe(false);
  });

  it('lists a coupon of several shops once, at its nearest; leaves out hidden, expired and deleted ones', async () => {
    const a = await createSpot(db, { name: '南の店', lat: 30.5, lng: 128.0 });
    const b = await createSpot(db, { name: '北の店', ...northOf(30.5, 128.0, 400) });
    const chain = await createCoupon(db, { spotIds: [a.id, b.id], title: 'チェーン' });
    await createCoupon(db, { spotIds: [b.id], title: '非公開', published: false });
    await createCoupon(db, { spotIds: [b.id], title: '期限切れ', validTo: '2026-11-20' });
    const gone = await createCoupon(db, { spotIds: [b.id], title: '削除済み' });
    await db('coupons').where({ id: gone }).update({ deleted_at: '2026-11-01T00:00:00Z' });
    const here = northOf(30.5, 128.0, 350);
    const data = (await nearby({ lat: here.lat, long: here.lng, range: 1000 })).body.data as Item[];
    expect(data.map((c) => [c.id, c.nearestSpot.name, c.distanceM, c.spotCount])).toEqual([[chain, '北の店', 50, 2]]);
  });

  it('names texts in x-lang, else in ja (saying so)', async () => {
    const r = await nearby({ ...CASTLE, range: 100 }, 'en');
    const [first] = r.body.data as Array<Item & { textLocale: string }>;
    expect(first!.nearestSpot).toMatchObject({ name: '熊本城', textLocale: 'ja' });
    expect(first!.textLocale).toBe('en');
  });

  it.each([
    ['lat above 90', { lat: 90.5, long: 130.7 }],
    ['long below -180', { lat: 32.8, long: -180.5 }],
    ['lat not a number', { lat: 'north', long: 130.7 }],
    ['lat missing', { long: 130.7 }],
    ['long missing', { lat: 32.8 }],
    ['range 0', { ...CASTLE, range: 0 }],
    ['range above 50 km', { ...CASTLE, range: 50001 }],
    ['negative accuracy', { ...CASTLE, accuracy: -1 }],
    ['limit above 50', { ...CASTLE, limit: 51 }],
    ['page 0', { ...CASTLE, page: 0 }],
    ['unknown purpose', { ...CASTLE, purpose: 'casino' }],
  ])('answers 400 VALIDATION_FAILED for %s', async (_what, body) => {
    const r = await nearby(body);
    expectError(r, 400, 'VALIDATION_FAILED');
  });

  it('says which coordinate is wrong, in the caller language', async () => {
    const r = await nearby({ lat: 91, long: 130.7 }, 'en');
    expectError(r, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(r.body.error.details)).toContain('lat');
  });
});
