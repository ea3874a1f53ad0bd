import type { Knex } from 'knex';

/**
 * Issue 6: each spot's secret check-in code, printed in its QR code (`/collect-points-qr/
 * {id}/?code=...`). Issued on first use and rotatable, so it is never the public store code.
 * Also an index for reports over a period of JST days (the coupon ranking).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('spots', (t) => {
    t.string('qr_code', 32);
  });
  await knex.schema.alterTable('redemptions', (t) => {
    t.index(['used_on', 'coupon_id'], 'redemptions_day_coupon_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('redemptions', (t) => {
    t.dropIndex(['used_on', 'coupon_id'], 'redemptions_day_coupon_idx');
  });
  await knex.schema.alterTable('spots', (t) => {
    t.dropColumn('qr_code');
  });
}
