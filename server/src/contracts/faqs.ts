import { z } from 'zod';

export const Faq = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
/** An FAQ category with its entries, texts in the caller's language (ja fallback). */
export const FaqCategory = z.object({ id: z.number().int(), name: z.string(), faqs: z.array(Faq) });
export type FaqCategory = z.infer<typeof FaqCategory>;
export const FaqCategoryListResponse = z.object({ data: z.array(FaqCategory) });
