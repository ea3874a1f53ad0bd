import type { Knex } from 'knex';

/** Shared rate-limit counters, so several server instances on one database count together. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limit_hits', (t) => {
    t.string('key', 300).primary();
    t.integer('hits').notNullable();
    /** End of the current window, in milliseconds since the epoch. */
    t.bigInteger('reset_at_ms').notNullable();
    t.index(['reset_at_ms'], 'rate_limit_hits_reset_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limit_hits');
}
