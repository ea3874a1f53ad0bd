import type { Knex } from 'knex';

/**
 * Issue 15, `/info/form/`: an inquiry may be about one coupon or one shop (spot). Stored with
 * the inquiry: which kind, its id, and its name as it was when sent (the mail, retried later,
 * names it even if the coupon or shop changes or goes). No foreign key: the inquiry outlives
 * what it asked about. Old inquiries have none (all three null).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_inquiries', (t) => {
    t.string('about_kind', 8).nullable().checkIn(['coupon', 'spot'], 'contact_inquiries_about_kind_check');
    t.integer('about_id').nullable();
    t.string('about_label', 300).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_inquiries', (t) => {
    t.dropChecks(['contact_inquiries_about_kind_check']);
  });
  await knex.schema.alterTable('contact_inquiries', (t) => {
    t.dropColumn('about_label');
    t.dropColumn('about_id');
    t.dropColumn('about_kind');
  });
}
