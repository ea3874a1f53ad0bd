import type { Knex } from 'knex';

/** Staff accounts of the admin area (spec 6): admins, and shop staff tied to their spots. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('staff_users', (t) => {
    t.increments('id');
    t.string('email', 254).notNullable().unique();
    t.string('password_hash', 300).notNullable();
    t.string('role', 16).notNullable();
    t.string('display_name', 200).notNullable().defaultTo('');
    t.boolean('disabled').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.check("role in ('admin', 'shop')", [], 'staff_users_role_check');
  });
  await knex.schema.createTable('staff_user_spots', (t) => {
    t.integer('staff_user_id').notNullable().references('staff_users.id').onDelete('CASCADE');
    t.integer('spot_id').notNullable().references('spots.id').onDelete('CASCADE');
    t.primary(['staff_user_id', 'spot_id']);
    t.index(['spot_id'], 'staff_user_spots_spot_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('staff_user_spots');
  await knex.schema.dropTableIfExists('staff_users');
}
