import type { Knex } from 'knex';

const LOCALES = ['ja', 'en', 'ko', 'zh-cn', 'zh-tw'];
const inList = (col: string, values: string[]) => `${col} in (${values.map((v) => `'${v}'`).join(', ')})`;

/**
 * Issue 12, spec 1, 7 "Stamps and prizes": prizes of a stamp rally, their texts and images,
 * the visitors' applications, and the stamp spend ledger.
 *
 * - `prizes.kind`: exchange (first come, first served while `stock` lasts; stock is what is
 *   left, never below 0) or lottery (no stock: applications are entries, winners are drawn).
 *   `questionnaire_id` is the questionnaire to answer first (next step of issue 12; no
 *   foreign key until its table exists).
 * - `prize_applications`: one per visitor and prize (unique index), status applied, won,
 *   lost or shipped. Kept while their prize exists: a prize with applications cannot be
 *   deleted (its rows are evidence of stamps spent).
 * - `stamp_spends`: the append-only ledger of stamps spent, one row per application; the
 *   `stamps` rows (what was earned) are never changed, so a rally's balance is
 *   sum(stamps.value) - sum(stamp_spends.value).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('prizes', (t) => {
    t.increments('id');
    t.integer('campaign_id').notNullable().references('campaigns.id');
    t.string('kind', 16).notNullable();
    t.integer('stamps_needed').notNullable();
    t.integer('stock');
    t.integer('display_order').notNullable().defaultTo(0);
    t.boolean('published').notNullable().defaultTo(false);
    t.integer('questionnaire_id');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['campaign_id', 'published', 'display_order'], 'prizes_campaign_idx');
    t.check(inList('kind', ['exchange', 'lottery']), [], 'prizes_kind_check');
    t.check('stamps_needed between 1 and 100000', [], 'prizes_stamps_needed_check');
    t.check(
      "(kind = 'exchange' and stock is not null and stock >= 0) or (kind = 'lottery' and stock is null)",
      [],
      'prizes_stock_check',
    );
  });

  await knex.schema.createTable('prize_translations', (t) => {
    t.integer('prize_id').notNullable().references('prizes.id').onDelete('CASCADE');
    t.string('locale', 5).notNullable();
    t.string('name', 300).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.primary(['prize_id', 'locale']);
    t.check(inList('locale', LOCALES), [], 'prize_translations_locale_check');
  });

  await knex.schema.createTable('prize_images', (t) => {
    t.increments('id');
    t.integer('prize_id').notNullable().references('prizes.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.string('large_key', 300).notNullable();
    t.string('small_key', 300).notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['prize_id', 'position'], { indexName: 'prize_images_position_uq' });
  });

  await knex.schema.createTable('prize_applications', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id');
    t.integer('prize_id').notNullable().references('prizes.id');
    t.string('status', 16).notNullable();
    t.integer('stamps_spent').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.unique(['user_id', 'prize_id'], { indexName: 'prize_applications_once_uq' });
    t.index(['prize_id', 'status'], 'prize_applications_prize_idx');
    t.check(inList('status', ['applied', 'won', 'lost', 'shipped']), [], 'prize_applications_status_check');
    t.check('stamps_spent >= 1', [], 'prize_applications_spent_check');
  });

  await knex.schema.createTable('stamp_spends', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id');
    t.integer('campaign_id').notNullable().references('campaigns.id');
    t.integer('application_id').notNullable().unique().references('prize_applications.id');
    t.integer('value').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['user_id', 'campaign_id'], 'stamp_spends_user_campaign_idx');
    t.check('value >= 1', [], 'stamp_spends_value_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['stamp_spends', 'prize_applications', 'prize_images', 'prize_translations', 'prizes']) {
    await knex.schema.dropTableIfExists(table);
  }
}
