import { FaqCategoryListResponse } from '../../contracts/faqs';
import type { AppDeps } from '../../http/context';
import { defineRoute, type AnyRoute } from '../../http/route';
import { publicFaq } from './faqs.service';

/** Public FAQ route (spec 7). */
export function faqRoutes({ db }: AppDeps): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/faqs/front/list/category',
      summary: 'The FAQ grouped by category, texts in the x-lang language',
      access: 'public',
      response: FaqCategoryListResponse,
      handler: async ({ locale }) => ({ data: await publicFaq(db, locale) }),
    }),
  ];
}
