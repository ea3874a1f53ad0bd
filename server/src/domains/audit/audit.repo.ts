import type { Knex } from 'knex';
import type { AuditEntity, AuditEntry } from '../../contracts/audit';
import { toIso } from '../../db/dialect';

export async function insertAudit(
  trx: Knex,
  e: {
    staffId: number;
    staffEmail: string;
    action: AuditEntry['action'];
    entity: AuditEntity;
    entityId: number;
    before: unknown;
    after: unknown;
    requestId?: string;
    now: Date;
  },
): Promise<void> {
  await trx('audit_log').insert({
    staff_user_id: e.staffId,
    staff_email: e.staffEmail,
    action: e.action,
    entity: e.entity,
    entity_id: e.entityId,
    before: e.before === undefined || e.before === null ? null : JSON.stringify(e.before),
    after: e.after === undefined || e.after === null ? null : JSON.stringify(e.after),
    request_id: e.requestId ?? null,
    created_at: e.now.toISOString(),
  });
}

export async function findAudit(
  db: Knex,
  entity: AuditEntity,
  entityId: number,
  page: { page: number; limit: number },
): Promise<{ rows: AuditEntry[]; total: number }> {
  const of = () => db<AuditRow>('audit_log').where({ entity, entity_id: entityId });
  const rows: AuditRow[] = await of()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  const [count] = await of().count({ n: '*' });
  return { rows: rows.map(toEntry), total: Number(count?.n ?? 0) };
}

type AuditRow = {
  id: number;
  staff_email: string;
  action: AuditEntry['action'];
  entity: AuditEntity;
  entity_id: number;
  before: string | null;
  after: string | null;
  created_at: string | Date;
};

function toEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    staffEmail: r.staff_email,
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    before: r.before ? JSON.parse(r.before) : null,
    after: r.after ? JSON.parse(r.after) : null,
    createdAt: toIso(r.created_at),
  };
}
