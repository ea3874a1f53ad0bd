import type { Knex } from 'knex';

const LOCALES = ['ja', 'en', 'ko', 'zh-cn', 'zh-tw'];
const AREAS = ['north', 'center', 'city', 'aso', 'south', 'amakusa'];
const PURPOSES = ['gourmet', 'spa', 'experience', 'lodging', 'souvenir', 'shopping', 'traffic'];

const inList = (col: string, values: string[]) => `${col} in (${values.map((v) => `'${v}'`).join(', ')})`;
const isoDate = (col: string) => `length(${col}) = 10`;

/** Foundation schema: users, spots, coupons, stamp rallies, redemptions, stamps, idempotency keys. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('line_user_id', 64).notNullable().unique();
    t.string('display_name', 200).notNullable().defaultTo('');
    t.string('picture_url', 1000);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('spots', (t) => {
    t.increments('id');
    t.string('store_code', 64).notNullable().unique();
    t.double('latitude').notNullable();
    t.double('longitude').notNullable();
    t.string('area', 16).notNullable();
    t.string('purpose', 16).notNullable();
    t.string('genre', 100);
    t.string('address', 500).notNullable().defaultTo('');
    t.integer('usable_range_m').notNullable().defaultTo(500);
    t.string('source', 300);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['latitude', 'longitude'], 'spots_lat_lng_idx');
    t.index(['usable_range_m'], 'spots_usable_range_idx');
    t.check(inList('area', AREAS), [], 'spots_area_check');
    t.check(inList('purpose', PURPOSES), [], 'spots_purpose_check');
    t.check('latitude between -90 and 90 and longitude between -180 and 180', [], 'spots_position_check');
    t.check('usable_range_m between 1 and 50000', [], 'spots_range_check');
  });

  await knex.schema.createTable('spot_translations', (t) => {
    t.integer('spot_id').notNullable().references('spots.id').onDelete('CASCADE');
    t.string('locale', 5).notNullable();
    t.string('name', 300).notNullable();
    t.primary(['spot_id', 'locale']);
    t.check(inList('locale', LOCALES), [], 'spot_translations_locale_check');
  });

  await knex.schema.createTable('coupons', (t) => {
    t.increments('id');
    t.string('area', 16).notNullable();
    t.string('purpose', 16).notNullable();
    t.string('genre', 100);
    t.string('image_url', 1000);
    t.string('valid_from', 10).notNullable();
    t.string('valid_to', 10).notNullable();
    t.boolean('published').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['published', 'valid_from', 'valid_to'], 'coupons_listing_idx');
    t.check(inList('area', AREAS), [], 'coupons_area_check');
    t.check(inList('purpose', PURPOSES), [], 'coupons_purpose_check');
    t.check(
      `${isoDate('valid_from')} and ${isoDate('valid_to')} and valid_from <= valid_to`,
      [],
      'coupons_validity_check',
    );
  });

  await knex.schema.createTable('coupon_translations', (t) => {
    t.integer('coupon_id').notNullable().references('coupons.id').onDelete('CASCADE');
    t.string('locale', 5).notNullable();
    t.string('title', 300).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.string('discount_text', 300).notNullable().defaultTo('');
    t.primary(['coupon_id', 'locale']);
    t.check(inList('locale', LOCALES), [], 'coupon_translations_locale_check');
  });

  await knex.schema.createTable('coupon_spots', (t) => {
    t.integer('coupon_id').notNullable().references('coupons.id').onDelete('CASCADE');
    t.integer('spot_id').notNullable().references('spots.id').onDelete('CASCADE');
    t.primary(['coupon_id', 'spot_id']);
    t.index(['spot_id'], 'coupon_spots_spot_idx');
  });

  await knex.schema.createTable('coupon_tags', (t) => {
    t.integer('coupon_id').notNullable().references('coupons.id').onDelete('CASCADE');
    t.string('tag', 100).notNullable();
    t.primary(['coupon_id', 'tag']);
    t.index(['tag'], 'coupon_tags_tag_idx');
  });

  await knex.schema.createTable('campaigns', (t) => {
    t.increments('id');
    t.string('starts_on', 10).notNullable();
    t.string('ends_on', 10).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['starts_on', 'ends_on'], 'campaigns_period_idx');
    t.check(`${isoDate('starts_on')} and ${isoDate('ends_on')} and starts_on <= ends_on`, [], 'campaigns_period_check');
  });

  await knex.schema.createTable('campaign_translations', (t) => {
    t.integer('campaign_id').notNullable().references('campaigns.id').onDelete('CASCADE');
    t.string('locale', 5).notNullable();
    t.string('name', 300).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.primary(['campaign_id', 'locale']);
    t.check(inList('locale', LOCALES), [], 'campaign_translations_locale_check');
  });

  await knex.schema.createTable('redemptions', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id');
    t.integer('coupon_id').notNullable().references('coupons.id');
    t.integer('spot_id').notNullable().references('spots.id');
    t.string('used_on', 10).notNullable();
    t.timestamp('used_at', { useTz: true }).notNullable();
    t.double('latitude').notNullable();
    t.double('longitude').notNullable();
    t.double('accuracy_m');
    t.double('distance_m').notNullable();
    t.string('idempotency_key', 100).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    // Spec 9: a coupon is used at most once per JST day per visitor.
    t.unique(['user_id', 'coupon_id', 'used_on'], { indexName: 'redemptions_once_per_day_uq' });
    t.unique(['user_id', 'idempotency_key'], { indexName: 'redemptions_idempotency_uq' });
    t.index(['coupon_id', 'used_on'], 'redemptions_coupon_day_idx');
  });

  await knex.schema.createTable('stamps', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id');
    t.integer('campaign_id').notNullable().references('campaigns.id');
    t.integer('redemption_id').notNullable().unique().references('redemptions.id');
    t.string('kind', 8).notNullable();
    t.integer('value').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['user_id', 'campaign_id'], 'stamps_user_campaign_idx');
    t.check("(kind = 'red' and value = 1) or (kind = 'gold' and value = 10)", [], 'stamps_kind_value_check');
  });

  await knex.schema.createTable('idempotency_keys', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id');
    t.string('key', 100).notNullable();
    t.string('scope', 50).notNullable();
    t.string('request_hash', 64).notNullable();
    t.integer('response_status').notNullable();
    t.text('response_body').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['user_id', 'key'], { indexName: 'idempotency_keys_user_key_uq' });
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'idempotency_keys',
    'stamps',
    'redemptions',
    'campaign_translations',
    'campaigns',
    'coupon_tags',
    'coupon_spots',
    'coupon_translations',
    'coupons',
    'spot_translations',
    'spots',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
