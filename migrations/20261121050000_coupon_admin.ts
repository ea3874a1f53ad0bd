import type { Knex } from 'knex';

/**
 * Admin catalogue (issue 6): coupon images with WebP variants, LINE points per use, and
 * soft deletion (redemptions keep pointing at a deleted coupon).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('coupons', (t) => {
    t.integer('line_point_amount').notNullable().defaultTo(0);
    /** URL of the first image's 1200 px variant (image_url holds its 400 px variant). */
    t.string('image_large_url', 1000);
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.schema.createTable('coupon_images', (t) => {
    t.increments('id');
    t.integer('coupon_id').notNullable().references('coupons.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.string('large_key', 300).notNullable();
    t.string('small_key', 300).notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['coupon_id', 'position'], { indexName: 'coupon_images_position_uq' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('coupon_images');
  await knex.schema.alterTable('coupons', (t) => {
    t.dropColumn('deleted_at');
    t.dropColumn('line_point_amount');
    t.dropColumn('image_large_url');
  });
}
