import type { Knex } from 'knex';

/** Every admin write: who, when, which entity, before and after (issue 6). Append-only. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_log', (t) => {
    t.increments('id');
    t.integer('staff_user_id').references('staff_users.id');
    t.string('staff_email', 254).notNullable();
    t.string('action', 16).notNullable();
    t.string('entity', 32).notNullable();
    t.integer('entity_id').notNullable();
    t.text('before');
    t.text('after');
    t.string('request_id', 100);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['entity', 'entity_id', 'created_at'], 'audit_log_entity_idx');
    t.check("action in ('create', 'update', 'delete', 'import')", [], 'audit_log_action_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('audit_log');
}
