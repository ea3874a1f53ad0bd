import { z } from 'zod';
import { ListMeta } from './common';

export const AuditEntity = z.enum([
  'coupon',
  'spot',
  'campaign',
  'faq',
  'faqCategory',
  'staff',
  'prize',
  'prizeApplication',
]);
export type AuditEntity = z.infer<typeof AuditEntity>;

/** One admin write as the entity's page shows it. */
export const AuditEntry = z.object({
  id: z.number().int(),
  staffEmail: z.string(),
  action: z.enum(['create', 'update', 'delete', 'import']),
  entity: AuditEntity,
  entityId: z.number().int(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
/** Page and limit of an audit trail: the newest 50 by default. */
export const AuditPaging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const AuditListResponse = z.object({ data: z.array(AuditEntry), meta: ListMeta });
