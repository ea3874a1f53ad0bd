import { z } from 'zod';

export const AuditEntity = z.enum(['coupon', 'spot', 'campaign', 'faq', 'faqCategory', 'staff']);
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
export const AuditListResponse = z.object({ data: z.array(AuditEntry) });
