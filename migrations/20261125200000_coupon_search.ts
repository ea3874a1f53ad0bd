import type { Knex } from 'knex';
import { isPostgres } from '../server/src/db/dialect';

/**
 * Coupon keyword search (issue 15): a folded search document per coupon and the
 * municipalities of its spots, indexed for substring search by each database's own means:
 * SQLite an FTS5 table with the trigram tokenizer (external content, kept in step by
 * triggers), PostgreSQL pg_trgm GIN indexes. The documents are the app's to build (domains/
 * coupon-search): existing coupons get theirs when the server starts (db/derived-data.ts).
 */
export async function up(knex: Knex): Promise<void> {
  const pg = isPostgres(knex);
  if (pg) await knex.raw('create extension if not exists pg_trgm');
  if (pg) {
    await knex.schema.createTable('coupon_search_docs', (t) => {
      t.integer('coupon_id').primary().references('coupons.id').onDelete('CASCADE');
      t.text('doc').notNullable();
      t.text('shop_names').notNullable();
    });
    await knex.raw('create index coupon_search_docs_doc_trgm on coupon_search_docs using gin (doc gin_trgm_ops)');
    await knex.raw(
      'create index coupon_search_docs_shop_trgm on coupon_search_docs using gin (shop_names gin_trgm_ops)',
    );
  } else {
    // `integer primary key`: the rowid the FTS5 table's content_rowid points at.
    await knex.raw(
      `create table coupon_search_docs (
        coupon_id integer primary key references coupons(id) on delete cascade,
        doc text not null,
        shop_names text not null)`,
    );
    await knex.raw(
      `create virtual table coupon_search_fts using fts5(doc, shop_names,
        content='coupon_search_docs', content_rowid='coupon_id', tokenize='trigram')`,
    );
    await knex.raw(`create trigger coupon_search_docs_ai after insert on coupon_search_docs begin
      insert into coupon_search_fts(rowid, doc, shop_names) values (new.coupon_id, new.doc, new.shop_names); end`);
    await knex.raw(`create trigger coupon_search_docs_ad after delete on coupon_search_docs begin
      insert into coupon_search_fts(coupon_search_fts, rowid, doc, shop_names)
        values ('delete', old.coupon_id, old.doc, old.shop_names); end`);
    await knex.raw(`create trigger coupon_search_docs_au after update on coupon_search_docs begin
      insert into coupon_search_fts(coupon_search_fts, rowid, doc, shop_names)
        values ('delete', old.coupon_id, old.doc, old.shop_names);
      insert into coupon_search_fts(rowid, doc, shop_names) values (new.coupon_id, new.doc, new.shop_names); end`);
  }
  await knex.schema.createTable('coupon_municipalities', (t) => {
    t.integer('coupon_id').notNullable().references('coupons.id').onDelete('CASCADE');
    t.string('municipality', 100).notNullable();
    t.primary(['coupon_id', 'municipality']);
    t.index(['municipality'], 'coupon_municipalities_name_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('coupon_municipalities');
  if (!isPostgres(knex)) await knex.raw('drop table if exists coupon_search_fts');
  await knex.schema.dropTableIfExists('coupon_search_docs');
  // pg_trgm stays installed: dropping an extension is the database owner's call, and harmless to keep.
}
