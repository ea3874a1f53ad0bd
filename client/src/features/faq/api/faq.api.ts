import type { z } from 'zod';
import type { FaqCategory, FaqCategoryListResponse } from '@contracts/faqs';
import { api } from '../../../lib/api-client';

/** GET /api/faqs/front/list/category: the FAQ by category in the page's language (spec 7). */
export async function fetchFaq(signal?: AbortSignal): Promise<FaqCategory[]> {
  return (await api<z.infer<typeof FaqCategoryListResponse>>('/faqs/front/list/category', { signal })).data;
}
