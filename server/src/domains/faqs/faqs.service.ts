import type { Knex } from 'knex';
import type { Locale } from '../../contracts/common';
import type { FaqCategory } from '../../contracts/faqs';
import { findFaqTree } from './faqs.repo';

/** Spec 7 `/faqs/front/list/category`: the public FAQ grouped by category, in the caller's language. */
export async function publicFaq(db: Knex, locale: Locale): Promise<FaqCategory[]> {
  return findFaqTree(db, locale);
}
