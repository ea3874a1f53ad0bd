import { z } from 'zod';
import { AuditEntity, AuditListResponse } from '../../contracts/audit';
import type { AppDeps } from '../../http/context';
import { defineRoute, type AnyRoute } from '../../http/route';
import { auditTrail } from './audit.service';

/** The audit trail of one entity for its admin page (issue 6). */
export function auditRoutes({ db }: AppDeps): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/audit/{entity}/{id}',
      summary: 'Admin writes to one coupon, spot, rally or FAQ entry, newest first',
      access: 'staff',
      params: z.object({ entity: AuditEntity, id: z.coerce.number().int().positive() }),
      response: AuditListResponse,
      handler: async ({ params }) => ({ data: await auditTrail(db, params.entity, params.id) }),
    }),
  ];
}
