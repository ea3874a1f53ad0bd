import type { Knex } from 'knex';
import type { AuditEntity, AuditEntry } from '../../contracts/audit';
import { findAudit, insertAudit } from './audit.repo';

/** Who made an admin write, for the audit log. */
export type AuditActor = { staffId: number; staffEmail: string; requestId?: string };

/**
 * Records one admin write (issue 6) inside the transaction that made it: who, when, which
 * entity, its state before (null on create) and after (null on delete).
 */
export async function recordAudit(
  trx: Knex,
  actor: AuditActor,
  e: {
    action: AuditEntry['action'];
    entity: AuditEntity;
    entityId: number;
    before: unknown;
    after: unknown;
    now: Date;
  },
): Promise<void> {
  await insertAudit(trx, { ...e, staffId: actor.staffId, staffEmail: actor.staffEmail, requestId: actor.requestId });
}

/** One page of the writes to one entity, newest first (read access is checked by the caller). */
export async function auditPage(
  db: Knex,
  entity: AuditEntity,
  entityId: number,
  page: { page: number; limit: number },
): Promise<{ rows: AuditEntry[]; total: number }> {
  return findAudit(db, entity, entityId, page);
}
