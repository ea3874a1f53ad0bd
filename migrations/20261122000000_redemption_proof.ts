import type { Knex } from 'knex';

/**
 * How a redemption's presence was proven (issue 5): the phone's GPS position, or the shop's
 * check-in code typed into the store code entry when the position was refused.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('redemptions', (t) => {
    t.string('proof', 16).notNullable().defaultTo('gps');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('redemptions', (t) => {
    t.dropColumn('proof');
  });
}
