import type { Knex } from 'knex';
import type { Locale } from '../../contracts/common';
import type { FaqCategory } from '../../contracts/faqs';
import { loadTranslations } from '../../db/translations';

/** Categories that are not deleted, in order, each with its entries, texts in the locale (ja fallback). */
export async function findFaqTree(db: Knex, locale: Locale): Promise<FaqCategory[]> {
  const categories: Array<{ id: number }> = await db('faq_categories').whereNull('deleted_at').orderBy(['sort_order', 'id']).select('id');
  const ids = categories.map((c) => c.id);
  const faqs: Array<{ id: number; category_id: number }> = ids.length
    ? await db('faqs').whereIn('category_id', ids).whereNull('deleted_at').orderBy(['sort_order', 'id']).select('id', 'category_id')
    : [];
  const [names, texts] = await Promise.all([
    loadTranslations<{ name: string }>(db, 'faq_category_translations', 'category_id', ids, locale),
    loadTranslations<{ question: string; answer: string }>(db, 'faq_translations', 'faq_id', faqs.map((f) => f.id), locale),
  ]);
  return categories.map((c) => ({
    id: c.id,
    name: names.get(c.id)?.name ?? '',
    faqs: faqs
      .filter((f) => f.category_id === c.id)
      .map((f) => ({ id: f.id, question: texts.get(f.id)?.question ?? '', answer: texts.get(f.id)?.answer ?? '' })),
  }));
}
