import { z } from 'zod';
import { Id, ListMeta } from './common';
import { LocalisedTexts } from './admincoupons';

export const Faq = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
/** An FAQ category with its entries, texts in the caller's language (ja fallback). */
export const FaqCategory = z.object({ id: z.number().int(), name: z.string(), faqs: z.array(Faq) });
export type FaqCategory = z.infer<typeof FaqCategory>;
export const FaqCategoryListResponse = z.object({ data: z.array(FaqCategory), meta: ListMeta });

/** Body of POST /api/faqs/add/category: a new category, or with `id` a change to one. */
export const FaqCategoryInput = z.object({
  id: Id.optional(),
  name: LocalisedTexts(200),
  sortOrder: z.number().int().min(0).max(10000).default(0),
});
export type FaqCategoryInput = z.output<typeof FaqCategoryInput>;

/** Body of POST /api/faqs/add/faq: a new entry, or with `id` a change to one. */
export const FaqInput = z.object({
  id: Id.optional(),
  categoryId: Id,
  question: LocalisedTexts(500),
  answer: LocalisedTexts(4000),
  sortOrder: z.number().int().min(0).max(10000).default(0),
});
export type FaqInput = z.output<typeof FaqInput>;

/** Body of PUT /api/faqs/del/category and PUT /api/faqs/del/faq. */
export const FaqDeleteInput = z.object({ id: Id });

/** The FAQ for the admin screen: every locale's texts. */
export const AdminFaqCategory = z.object({
  id: z.number().int(),
  sortOrder: z.number().int(),
  name: LocalisedTexts(200),
  faqs: z.array(
    z.object({
      id: z.number().int(),
      sortOrder: z.number().int(),
      question: LocalisedTexts(500),
      answer: LocalisedTexts(4000),
    }),
  ),
});
export type AdminFaqCategory = z.infer<typeof AdminFaqCategory>;
export const AdminFaqListResponse = z.object({ data: z.array(AdminFaqCategory), meta: ListMeta });
export { SavedIdResponse } from './common';
