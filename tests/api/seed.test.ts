import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { seedIfEmpty } from '../../seeds';
import { createTestDb } from '../helpers/db';

/** The development seed: real Kumamoto spots, demo coupons, the winter rally (issue 2). */
describe('seed', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  beforeAll(async () => ({ db, destroy } = await createTestDb({ seed: true })));
  afterAll(() => destroy());

  const count = async (table: string, where: Record<string, unknown> = {}) =>
    Number((await db(table).where(where).count({ n: '*' }))[0]?.n);

  it('loads every row of the Kumamoto spots file with real names and coordinates', async () => {
    expect(await count('spots')).toBe(222);
    const castle = await db('spots as s')
      .join('spot_translations as t', 't.spot_id', 's.id')
      .where('t.name', '熊本城')
      .first();
    expect(castle).toMatchObject({ area: 'city', locale: 'ja' });
    expect(Number(castle.latitude)).toBeCloseTo(32.806, 2);
    expect(Number(castle.longitude)).toBeCloseTo(130.705, 2);
    const suffix = await db('spot_translations').where('name', 'like', '% (%)').first();
    expect(suffix).toBeUndefined();
  });

  it('gives every spot one or two coupons written for its purpose, texts in all five languages', async () => {
    const perSpot = await db('coupon_spots').select('spot_id').count({ n: '*' }).groupBy('spot_id');
    expect(perSpot).toHaveLength(222);
    expect(perSpot.every((r) => Number(r.n) >= 1 && Number(r.n) <= 2)).toBe(true);
    const coupons = await count('coupons');
    expect(await count('coupon_translations')).toBe(coupons * 5);
    const lodging = await db('coupons').where({ purpose: 'lodging' }).count({ n: '*' });
    expect(Number(lodging[0]?.n)).toBeGreaterThan(0);
  });

  it('adds the demo admin and a shop account tied to 熊本城', async () => {
    const staff = await db('staff_users').orderBy('id').select('email', 'role');
    expect(staff).toEqual([
      { email: 'admin@example.com', role: 'admin' },
      { email: 'shop@example.com', role: 'shop' },
    ]);
    const shopSpot = await db('staff_user_spots as ss')
      .join('spots as s', 's.id', 'ss.spot_id')
      .select('s.store_code')
      .first();
    expect(shopSpot.store_code).toBe('kmt-0106');
  });

  it('adds the stamp rally from 2026-11-01 to 2027-01-31, and does nothing a second time', async () => {
    expect(await db('campaigns').select('starts_on', 'ends_on')).toEqual([
      { starts_on: '2026-11-01', ends_on: '2027-01-31' },
    ]);
    expect(await seedIfEmpty(db)).toBe(false);
    expect(await count('spots')).toBe(222);
  });
});

/** Production's seed (`npm run seed` with NODE_ENV=production): real data only, unless asked. */
describe('seed without the demo parts', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  beforeAll(async () => ({ db, destroy } = await createTestDb()));
  afterAll(() => destroy());

  it('seeds the spots, the rally and the FAQ, and no invented coupon or demo account', async () => {
    expect(await seedIfEmpty(db, { demoStaff: false, demoCoupons: false })).toBe(true);
    const count = async (table: string) => Number((await db(table).count({ n: '*' }))[0]?.n);
    expect(await count('spots')).toBe(222);
    expect(await count('campaigns')).toBe(1);
    expect(await count('faqs')).toBeGreaterThan(0);
    expect(await count('coupons')).toBe(0);
    expect(await count('prizes')).toBe(0);
    expect(await count('staff_users')).toBe(0);
  });
});
