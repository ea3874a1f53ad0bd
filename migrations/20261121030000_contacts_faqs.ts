import type { Knex } from 'knex';

const LOCALES = "locale in ('ja', 'en', 'ko', 'zh-cn', 'zh-tw')";

/** Contact inquiries (kept, then mailed, retried while SMTP is down) and the FAQ. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_inquiries', (t) => {
    t.increments('id');
    t.string('line_name', 100).notNullable();
    t.string('email', 254).notNullable();
    t.text('content').notNullable();
    t.string('locale', 5).notNullable();
    t.integer('user_id').references('users.id');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('sent_at', { useTz: true });
    t.integer('attempts').notNullable().defaultTo(0);
    /** When the next delivery may be tried (ISO timestamp); claimed by a conditional update. */
    t.string('next_attempt_at', 30).notNullable();
    t.string('last_error', 500);
    t.index(['sent_at', 'next_attempt_at'], 'contact_inquiries_outbox_idx');
    t.check(LOCALES, [], 'contact_inquiries_locale_check');
  });

  await knex.schema.createTable('faq_categories', (t) => {
    t.increments('id');
    t.integer('sort_order').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.schema.createTable('faq_category_translations', (t) => {
    t.integer('category_id').notNullable().references('faq_categories.id').onDelete('CASCADE');
    t.string('locale', 5).notNullable();
    t.string('name', 200).notNullable();
    t.primary(['category_id', 'locale']);
    t.check(LOCALES, [], 'faq_category_translations_locale_check');
  });
  await knex.schema.createTable('faqs', (t) => {
    t.increments('id');
    t.integer('category_id').notNullable().references('faq_categories.id');
    t.integer('sort_order').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.timestamp('deleted_at', { useTz: true });
    t.index(['category_id', 'sort_order'], 'faqs_category_idx');
  });
  await knex.schema.createTable('faq_translations', (t) => {
    t.integer('faq_id').notNullable().references('faqs.id').onDelete('CASCADE');
    t.string('locale', 5).notNullable();
    t.string('question', 500).notNullable();
    t.text('answer').notNullable();
    t.primary(['faq_id', 'locale']);
    t.check(LOCALES, [], 'faq_translations_locale_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'faq_translations',
    'faqs',
    'faq_category_translations',
    'faq_categories',
    'contact_inquiries',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
