import type { Knex } from 'knex';
import { createStaff } from '../server/src/domains/staff';

/**
 * Development-only staff accounts (the README gives their credentials). Production never
 * seeds accounts: they are made with `npm run admin:create`.
 */
export const DEMO_STAFF = [
  {
    email: 'admin@example.com',
    password: 'kumamoto-admin-demo',
    role: 'admin' as const,
    displayName: '観光課 管理者',
    spots: [],
  },
  {
    email: 'shop@example.com',
    password: 'kumamoto-shop-demo',
    role: 'shop' as const,
    displayName: '熊本城 店舗スタッフ',
    spots: ['kmt-0106'],
  },
];

export async function seed(knex: Knex): Promise<void> {
  const [existing] = await knex('staff_users').count({ n: '*' });
  if (Number(existing?.n ?? 0) > 0) return;
  const spots = new Set(await knex('spots').pluck('store_code'));
  for (const staff of DEMO_STAFF) {
    if (staff.spots.every((code) => spots.has(code))) await createStaff(knex, { ...staff, now: new Date() });
  }
}
