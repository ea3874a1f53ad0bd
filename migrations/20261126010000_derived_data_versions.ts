import type { Knex } from 'knex';

/**
 * Which version of the app's builder made each set of derived data (db/derived-data.ts):
 * the serving process rebuilds a set whose stored version differs from its code's.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('derived_data_versions', (t) => {
    t.string('name', 64).primary();
    t.integer('version').notNullable();
    t.timestamp('built_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('derived_data_versions');
}
