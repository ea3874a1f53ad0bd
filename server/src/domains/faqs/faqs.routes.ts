import { wholeList } from '../../contracts/common';
import {
  AdminFaqListResponse,
  FaqCategoryInput,
  FaqCategoryListResponse,
  FaqDeleteInput,
  FaqInput,
  SavedIdResponse,
} from '../../contracts/faqs';
import { staffOf, type AppDeps } from '../../http/context';
import { defineRoute, type AnyRoute } from '../../http/route';
import { actingStaff } from '../staff';
import { addFaq, addFaqCategory, adminFaq, removeFaq, removeFaqCategory } from './faqs.admin.service';
import { publicFaq } from './faqs.service';

/** FAQ routes (spec 7): the public list, and the admin screen's writes (admins only). */
export function faqRoutes({ db, clock }: AppDeps): AnyRoute[] {
  const actorOf = (actor: Parameters<typeof staffOf>[0], requestId: string) => actingStaff(staffOf(actor), requestId);
  return [
    defineRoute({
      method: 'get',
      path: '/faqs/list/category',
      summary: 'The FAQ with every locale for the admin screen',
      access: 'admin',
      response: AdminFaqListResponse,
      handler: async () => wholeList(await adminFaq(db)),
    }),
    defineRoute({
      method: 'post',
      path: '/faqs/add/category',
      summary: 'Add an FAQ category (or change it when id is given)',
      access: 'admin',
      rateLimit: 'write',
      body: FaqCategoryInput,
      response: SavedIdResponse,
      errors: [404],
      handler: async ({ body, actor, req }) => ({
        data: { id: await addFaqCategory(db, actorOf(actor, req.requestId), body, clock.now()) },
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/faqs/add/faq',
      summary: 'Add an FAQ entry (or change it when id is given)',
      access: 'admin',
      rateLimit: 'write',
      body: FaqInput,
      response: SavedIdResponse,
      errors: [404],
      handler: async ({ body, actor, req }) => ({
        data: { id: await addFaq(db, actorOf(actor, req.requestId), body, clock.now()) },
      }),
    }),
    defineRoute({
      method: 'put',
      path: '/faqs/del/category',
      summary: 'Delete an FAQ category and its entries',
      access: 'admin',
      rateLimit: 'write',
      body: FaqDeleteInput,
      response: SavedIdResponse,
      errors: [404],
      handler: async ({ body, actor, req }) => {
        await removeFaqCategory(db, actorOf(actor, req.requestId), body.id, clock.now());
        return { data: { id: body.id } };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/faqs/del/faq',
      summary: 'Delete an FAQ entry',
      access: 'admin',
      rateLimit: 'write',
      body: FaqDeleteInput,
      response: SavedIdResponse,
      errors: [404],
      handler: async ({ body, actor, req }) => {
        await removeFaq(db, actorOf(actor, req.requestId), body.id, clock.now());
        return { data: { id: body.id } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/faqs/front/list/category',
      summary: 'The FAQ grouped by category, texts in the x-lang language',
      access: 'public',
      response: FaqCategoryListResponse,
      handler: async ({ locale }) => wholeList(await publicFaq(db, locale)),
    }),
  ];
}
