import type { Db } from '../../server/src/db/knex';
import { signAccessToken, signVisitorToken } from '../../server/src/domains/auth/auth.tokens';
import { createStaff } from '../../server/src/domains/staff/staff.service';
import { refreshCouponSearch } from '../../server/src/domains/coupon-search';
import type { Area, Purpose } from '@contracts/common';

const ts = '2026-10-01T00:00:00.000Z';
const idOf = (row: unknown): number =>
  typeof row === 'object' && row !== null ? (row as { id: number }).id : (row as number);
let seq = 0;

/** Inserts a spot (default: Kumamoto Castle's coordinates, 500 m range) with a ja name. */
export async function createSpot(
  db: Db,
  s: Partial<{
    name: string;
    nameEn: string;
    lat: number;
    lng: number;
    area: Area;
    purpose: Purpose;
    rangeM: number;
    storeCode: string;
  }> = {},
): Promise<{ id: number; lat: number; lng: number }> {
  seq += 1;
  const lat = s.lat ?? 32.806186;
  const lng = s.lng ?? 130.705834;
  const [row] = await db('spots')
    .insert({
      store_code: s.storeCode ?? `test-${seq}-${Math.random().toString(36).slice(2, 8)}`,
      latitude: lat,
      longitude: lng,
      area: s.area ?? 'city',
      purpose: s.purpose ?? 'gourmet',
      address: '熊本県熊本市',
      usable_range_m: s.rangeM ?? 500,
      created_at: ts,
      updated_at: ts,
    })
    .returning('id');
  const id = idOf(row);
  await db('spot_translations').insert([
    { spot_id: id, locale: 'ja', name: s.name ?? `テスト店${seq}` },
    ...(s.nameEn ? [{ spot_id: id, locale: 'en', name: s.nameEn }] : []),
  ]);
  return { id, lat, lng };
}

/** Inserts a coupon usable at the given spots (published, valid 2026-10-01..2027-03-31 unless told). */
export async function createCoupon(
  db: Db,
  c: Partial<{
    spotIds: number[];
    title: string;
    titleEn: string;
    discount: string;
    area: Area;
    purpose: Purpose;
    genre: string;
    tags: string[];
    validFrom: string;
    validTo: string;
    published: boolean;
    createdAt: string;
  }> = {},
): Promise<number> {
  seq += 1;
  const [row] = await db('coupons')
    .insert({
      area: c.area ?? 'city',
      purpose: c.purpose ?? 'gourmet',
      genre: c.genre ?? null,
      valid_from: c.validFrom ?? '2026-10-01',
      valid_to: c.validTo ?? '2027-03-31',
      published: c.published ?? true,
      created_at: c.createdAt ?? new Date(Date.parse(ts) + seq * 1000).toISOString(),
      updated_at: ts,
    })
    .returning('id');
  const id = idOf(row);
  await db('coupon_translations').insert([
    {
      coupon_id: id,
      locale: 'ja',
      title: c.title ?? `テストクーポン${seq}`,
      description: '説明',
      discount_text: c.discount ?? '10%オフ',
    },
    ...(c.titleEn
      ? [{ coupon_id: id, locale: 'en', title: c.titleEn, description: 'Description', discount_text: '10% off' }]
      : []),
  ]);
  for (const spotId of c.spotIds ?? []) await db('coupon_spots').insert({ coupon_id: id, spot_id: spotId });
  for (const tag of c.tags ?? []) await db('coupon_tags').insert({ coupon_id: id, tag });
  // As the app's writers do: its search document (issue 15).
  await refreshCouponSearch(db, [id]);
  return id;
}

/** Inserts a stamp rally over JST dates (default: the winter rally 2026-11-01..2027-01-31). */
export async function createCampaign(
  db: Db,
  c: Partial<{ startsOn: string; endsOn: string; name: string }> = {},
): Promise<number> {
  const [row] = await db('campaigns')
    .insert({
      starts_on: c.startsOn ?? '2026-11-01',
      ends_on: c.endsOn ?? '2027-01-31',
      created_at: ts,
      updated_at: ts,
    })
    .returning('id');
  const id = idOf(row);
  await db('campaign_translations').insert({
    campaign_id: id,
    locale: 'ja',
    name: c.name ?? '冬のスタンプラリー',
    description: '',
  });
  return id;
}

/** Inserts a visitor and returns a bearer header value signed with the test secret. */
export async function createVisitor(
  db: Db,
  opts: { jwtSecret?: string; nowMs?: number } = {},
): Promise<{ id: number; auth: string }> {
  seq += 1;
  const [row] = await db('users')
    .insert({
      line_user_id: `Utest${seq}${Math.random().toString(36).slice(2, 10)}`,
      display_name: `旅人${seq}`,
      created_at: ts,
      updated_at: ts,
    })
    .returning('id');
  const id = idOf(row);
  const token = signVisitorToken(
    id,
    opts.jwtSecret ?? 'test-jwt-secret-0123456789',
    opts.nowMs ?? Date.parse('2026-11-21T03:00:00Z'),
  );
  return { id, auth: `Bearer ${token}` };
}

/** A point `metres` due north of (lat, lng). */
export function northOf(lat: number, lng: number, metres: number): { lat: number; lng: number } {
  return { lat: lat + metres / 111_195, lng };
}

/** Creates a staff account through the real service (scrypt hash) and signs its token. */
export async function createStaffAccount(
  db: Db,
  s: { role: 'admin' | 'shop'; spots?: string[]; email?: string; password?: string; nowMs?: number } = {
    role: 'admin',
  },
): Promise<{ id: number; email: string; password: string; auth: string }> {
  seq += 1;
  const email = s.email ?? `staff${seq}@example.jp`;
  const password = s.password ?? 'correct horse battery staple';
  const user = await createStaff(db, {
    email,
    password,
    role: s.role,
    spots: s.spots ?? [],
    now: new Date('2026-10-01T00:00:00Z'),
  });
  const token = signAccessToken(
    user.id,
    s.role,
    'test-jwt-secret-0123456789',
    s.nowMs ?? Date.parse('2026-11-21T03:00:00Z'),
  );
  return { id: user.id, email, password, auth: `Bearer ${token}` };
}
