import type { Knex } from 'knex';
import type { Locale } from '../../contracts/common';
import type { AdminFaqCategory, FaqCategory, FaqCategoryInput, FaqInput } from '../../contracts/faqs';
import { loadTranslations } from '../../db/translations';

/** Categories that are not deleted, in order, each with its entries, texts in the locale (ja fallback). */
export async function findFaqTree(db: Knex, locale: Locale): Promise<FaqCategory[]> {
  const categories: Array<{ id: number }> = await db('faq_categories')
    .whereNull('deleted_at')
    .orderBy(['sort_order', 'id'])
    .select('id');
  const ids = categories.map((c) => c.id);
  const faqs: Array<{ id: number; category_id: number }> = ids.length
    ? await db('faqs')
        .whereIn('category_id', ids)
        .whereNull('deleted_at')
        .orderBy(['sort_order', 'id'])
        .select('id', 'category_id')
    : [];
  const [names, texts] = await Promise.all([
    loadTranslations<{ name: string }>(db, 'faq_category_translations', 'category_id', ids, locale),
    loadTranslations<{ question: string; answer: string }>(
      db,
      'faq_translations',
      'faq_id',
      faqs.map((f) => f.id),
      locale,
    ),
  ]);
  return categories.map((c) => ({
    id: c.id,
    name: names.get(c.id)?.name ?? '',
    faqs: faqs
      .filter((f) => f.category_id === c.id)
      .map((f) => ({ id: f.id, question: texts.get(f.id)?.question ?? '', answer: texts.get(f.id)?.answer ?? '' })),
  }));
}

const TEXT_LOCALES = ['ja', 'en', 'ko', 'zh-cn', 'zh-tw'] as const;

/** Every category and entry not deleted, with all locales' texts (admin screen). */
export async function findFaqTreeAllLocales(db: Knex): Promise<AdminFaqCategory[]> {
  const categories: Array<{ id: number; sort_order: number }> = await db('faq_categories')
    .whereNull('deleted_at')
    .orderBy(['sort_order', 'id']);
  const ids = categories.map((c) => c.id);
  const faqs: Array<{ id: number; category_id: number; sort_order: number }> = ids.length
    ? await db('faqs').whereIn('category_id', ids).whereNull('deleted_at').orderBy(['sort_order', 'id'])
    : [];
  const names: Array<{ category_id: number; locale: Locale; name: string }> = ids.length
    ? await db('faq_category_translations').whereIn('category_id', ids)
    : [];
  const texts: Array<{ faq_id: number; locale: Locale; question: string; answer: string }> = faqs.length
    ? await db('faq_translations').whereIn(
        'faq_id',
        faqs.map((f) => f.id),
      )
    : [];
  return categories.map((c) => {
    const name: AdminFaqCategory['name'] = { ja: '' };
    for (const n of names.filter((x) => x.category_id === c.id)) name[n.locale] = n.name;
    return {
      id: c.id,
      sortOrder: c.sort_order,
      name,
      faqs: faqs
        .filter((f) => f.category_id === c.id)
        .map((f) => {
          const question: AdminFaqCategory['name'] = { ja: '' };
          const answer: AdminFaqCategory['name'] = { ja: '' };
          for (const t of texts.filter((x) => x.faq_id === f.id)) {
            question[t.locale] = t.question;
            answer[t.locale] = t.answer;
          }
          return { id: f.id, sortOrder: f.sort_order, question, answer };
        }),
    };
  });
}

export async function categoryExists(db: Knex, id: number): Promise<boolean> {
  return !!(await db('faq_categories').where({ id }).whereNull('deleted_at').first('id'));
}

export async function faqExists(db: Knex, id: number): Promise<boolean> {
  return !!(await db('faqs').where({ id }).whereNull('deleted_at').first('id'));
}

/** Inserts or updates a category and its names in one transaction's `trx`. */
export async function saveCategory(trx: Knex, input: FaqCategoryInput, now: Date): Promise<number> {
  let id = input.id;
  if (id === undefined) {
    const [row] = await trx('faq_categories')
      .insert({ sort_order: input.sortOrder, created_at: now.toISOString(), updated_at: now.toISOString() })
      .returning('id');
    id = typeof row === 'object' ? row.id : row;
  } else {
    await trx('faq_categories').where({ id }).update({ sort_order: input.sortOrder, updated_at: now.toISOString() });
    await trx('faq_category_translations').where({ category_id: id }).delete();
  }
  const categoryId = id as number;
  await trx('faq_category_translations').insert(
    TEXT_LOCALES.filter((l) => input.name[l]?.trim()).map((locale) => ({
      category_id: categoryId,
      locale,
      name: input.name[locale]!.trim(),
    })),
  );
  return categoryId;
}

/** Inserts or updates an entry and its texts; a locale without a question falls back to ja. */
export async function saveFaq(trx: Knex, input: FaqInput, now: Date): Promise<number> {
  let id = input.id;
  if (id === undefined) {
    const [row] = await trx('faqs')
      .insert({
        category_id: input.categoryId,
        sort_order: input.sortOrder,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning('id');
    id = typeof row === 'object' ? row.id : row;
  } else {
    await trx('faqs')
      .where({ id })
      .update({ category_id: input.categoryId, sort_order: input.sortOrder, updated_at: now.toISOString() });
    await trx('faq_translations').where({ faq_id: id }).delete();
  }
  const faqId = id as number;
  await trx('faq_translations').insert(
    TEXT_LOCALES.filter((l) => input.question[l]?.trim()).map((locale) => ({
      faq_id: faqId,
      locale,
      question: input.question[locale]!.trim(),
      answer: input.answer[locale]?.trim() || input.answer.ja,
    })),
  );
  return faqId;
}

/** Soft-deletes a category and its entries. */
export async function deleteCategory(trx: Knex, id: number, now: Date): Promise<void> {
  await trx('faq_categories').where({ id }).update({ deleted_at: now.toISOString() });
  await trx('faqs').where({ category_id: id }).whereNull('deleted_at').update({ deleted_at: now.toISOString() });
}

export async function deleteFaq(trx: Knex, id: number, now: Date): Promise<void> {
  await trx('faqs').where({ id }).update({ deleted_at: now.toISOString() });
}
