import type { Knex } from 'knex';
import { isPostgres } from '../server/src/db/dialect';

/**
 * "Once per day" (spec 9) also by the JST day the server received the press, so a backdated
 * `usedAt` cannot buy a second use of a coupon on one day (audit). Existing redemptions were
 * received the day they were used, as far as we know: they take their used-on date.
 * NOT NULL on PostgreSQL only: SQLite adds it only by rebuilding the table, which the stamps'
 * foreign key to it makes unsafe here; the app always writes the column.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('redemptions', (t) => {
    t.string('received_on', 10);
  });
  await knex('redemptions').update({ received_on: knex.ref('used_on') });
  if (isPostgres(knex)) {
    await knex.schema.alterTable('redemptions', (t) => {
      t.string('received_on', 10).notNullable().alter({ alterType: false, alterNullable: true });
    });
  }
  await knex.schema.alterTable('redemptions', (t) => {
    t.unique(['user_id', 'coupon_id', 'received_on'], { indexName: 'redemptions_once_per_received_day_uq' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('redemptions', (t) => {
    t.dropUnique(['user_id', 'coupon_id', 'received_on'], 'redemptions_once_per_received_day_uq');
  });
  // Plain DROP COLUMN (SQLite 3.35+ and PostgreSQL): Knex's SQLite dropColumn rebuilds the
  // table, which the stamps' foreign key refuses once stamps exist.
  await knex.raw('alter table ?? drop column ??', ['redemptions', 'received_on']);
}
