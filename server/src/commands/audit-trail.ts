/**
 * Reading one entity's audit trail (issue 6): the audit domain's entries, shown only to staff
 * who may open that coupon or spot themselves (the coupons and spots domains' own rules).
 */
import type { Knex } from 'knex';
import type { AuditEntity, AuditEntry } from '../contracts/audit';
import type { ListMeta } from '../contracts/common';
import type { StaffActor } from '../http/context';
import { ForbiddenError } from '../http/errors';
import type { ImageStore } from '../storage/image-store';
import { auditPage } from '../domains/audit';
import { getAdminCoupon } from '../domains/coupons';
import { assertSpotInScope } from '../domains/spots';
import { actingStaff } from '../domains/staff';

/**
 * Whether `viewer` may read an entity's trail: admins every one; shop staff only that of a
 * coupon or spot they may open themselves (the coupon and spot routes' own rules, so the
 * two can never disagree), and none of an admin-only entity (rallies, FAQ, staff accounts).
 */
async function assertMayRead(
  db: Knex,
  images: ImageStore,
  viewer: StaffActor,
  entity: AuditEntity,
  entityId: number,
  today: string,
): Promise<void> {
  if (viewer.role === 'admin') return;
  if (entity === 'coupon') await getAdminCoupon(db, images, actingStaff(viewer), entityId, today);
  else if (entity === 'spot') assertSpotInScope(viewer, entityId);
  else throw new ForbiddenError();
}

/**
 * One page of the writes to one entity, newest first (shown on its admin page; issue 6), for
 * a staff member allowed to see that entity; `today` is the JST date (`YYYY-MM-DD`).
 * @throws ForbiddenError FORBIDDEN (403) for shop staff and a rally, FAQ or staff entry;
 *   NOT_YOUR_SPOT (403) for shop staff and a coupon or spot not theirs
 * @throws NotFoundError COUPON_NOT_FOUND (404) for shop staff and an unknown or deleted coupon
 */
export async function auditTrail(
  db: Knex,
  images: ImageStore,
  a: { viewer: StaffActor; entity: AuditEntity; entityId: number; today: string; page: number; limit: number },
): Promise<{ data: AuditEntry[]; meta: ListMeta }> {
  await assertMayRead(db, images, a.viewer, a.entity, a.entityId, a.today);
  const { rows, total } = await auditPage(db, a.entity, a.entityId, a);
  return { data: rows, meta: { page: a.page, limit: a.limit, total } };
}
