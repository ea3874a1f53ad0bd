import type { Knex } from 'knex';

/**
 * Issue 15, spec 2 "a favourites list" and spec 7 `PUT /coupons/set/favorite`: the coupons a
 * visitor keeps. One row per (visitor, coupon), so parallel identical PUTs leave one row
 * (insert ... on conflict do nothing). A favourite is a preference, not a record worth
 * keeping like a redemption: it goes with its visitor or its coupon (ON DELETE CASCADE, as the
 * coupon's own child tables do). The (coupon_id) index serves the cascade and counts per coupon.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('coupon_favorites', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('coupon_id').notNullable().references('coupons.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['user_id', 'coupon_id']);
    t.index(['coupon_id'], 'coupon_favorites_coupon_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('coupon_favorites');
}
