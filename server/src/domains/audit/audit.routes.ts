import { z } from 'zod';
import { AuditEntity, AuditListResponse, AuditPaging } from '../../contracts/audit';
import { IdText } from '../../contracts/common';
import { jstDate } from '../../db/dialect';
import { staffOf, type AppDeps } from '../../http/context';
import { defineRoute, type AnyRoute } from '../../http/route';
import { auditTrail } from '../../commands/audit-trail';

/** The audit trail of one entity for its admin page (issue 6); shop staff: their coupons and spots only. */
export function auditRoutes({ db, images, clock }: AppDeps): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/audit/{entity}/{id}',
      summary:
        'Admin writes to one coupon, spot, rally or FAQ entry, newest first (shop staff: their coupons and spots)',
      access: 'staff',
      params: z.object({ entity: AuditEntity, id: IdText }),
      query: AuditPaging,
      response: AuditListResponse,
      errors: [404],
      handler: async ({ params, query, actor }) =>
        auditTrail(db, images, {
          viewer: staffOf(actor),
          entity: params.entity,
          entityId: params.id,
          today: jstDate(clock.now()),
          ...query,
        }),
    }),
  ];
}
