import type { Knex } from 'knex';
import type { AdminFaqCategory, FaqCategoryInput, FaqInput } from '../../contracts/faqs';
import { NotFoundError } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import {
  categoryExists,
  deleteCategory,
  deleteFaq,
  faqExists,
  findFaqTreeAllLocales,
  saveCategory,
  saveFaq,
} from './faqs.repo';

/** Spec 7 `GET /faqs/list/category`: the FAQ with every locale's texts, for the admin screen. */
export async function adminFaq(db: Knex): Promise<AdminFaqCategory[]> {
  return findFaqTreeAllLocales(db);
}

/**
 * Spec 7 `POST /faqs/add/category`: adds a category (or changes it when `id` is given).
 * @throws NotFoundError FAQ_NOT_FOUND for an unknown id
 */
export async function addFaqCategory(db: Knex, actor: AuditActor, input: FaqCategoryInput, now: Date): Promise<number> {
  if (input.id !== undefined && !(await categoryExists(db, input.id))) throw new NotFoundError('FAQ_NOT_FOUND');
  return db.transaction(async (trx) => {
    const id = await saveCategory(trx, input, now);
    await recordAudit(trx, actor, {
      action: input.id ? 'update' : 'create',
      entity: 'faqCategory',
      entityId: id,
      before: null,
      after: input,
      now,
    });
    return id;
  });
}

/**
 * Spec 7 `POST /faqs/add/faq`: adds an entry to a category (or changes it when `id` is given).
 * @throws NotFoundError FAQ_NOT_FOUND for an unknown category or entry
 */
export async function addFaq(db: Knex, actor: AuditActor, input: FaqInput, now: Date): Promise<number> {
  if (!(await categoryExists(db, input.categoryId))) throw new NotFoundError('FAQ_NOT_FOUND');
  if (input.id !== undefined && !(await faqExists(db, input.id))) throw new NotFoundError('FAQ_NOT_FOUND');
  return db.transaction(async (trx) => {
    const id = await saveFaq(trx, input, now);
    await recordAudit(trx, actor, {
      action: input.id ? 'update' : 'create',
      entity: 'faq',
      entityId: id,
      before: null,
      after: input,
      now,
    });
    return id;
  });
}

/** Spec 7 `PUT /faqs/del/category`: removes a category and its entries from the FAQ. */
export async function removeFaqCategory(db: Knex, actor: AuditActor, id: number, now: Date): Promise<void> {
  if (!(await categoryExists(db, id))) throw new NotFoundError('FAQ_NOT_FOUND');
  await db.transaction(async (trx) => {
    await deleteCategory(trx, id, now);
    await recordAudit(trx, actor, {
      action: 'delete',
      entity: 'faqCategory',
      entityId: id,
      before: { id },
      after: null,
      now,
    });
  });
}

/** Spec 7 `PUT /faqs/del/faq`: removes an entry from the FAQ. */
export async function removeFaq(db: Knex, actor: AuditActor, id: number, now: Date): Promise<void> {
  if (!(await faqExists(db, id))) throw new NotFoundError('FAQ_NOT_FOUND');
  await db.transaction(async (trx) => {
    await deleteFaq(trx, id, now);
    await recordAudit(trx, actor, { action: 'delete', entity: 'faq', entityId: id, before: { id }, after: null, now });
  });
}
