import { ADMIN_PAGE_PATTERNS, ADMIN_ROOT, type AdminPageId } from '../../../../server/src/contracts/pages';

export { ADMIN_PAGE_PATTERNS, ADMIN_ROOT, type AdminPageId };

/** `/management_admin` without the slash: the prefix main.tsx checks. */
export const ADMIN_PREFIX = ADMIN_ROOT.slice(0, -1);

/** The full path of an admin page pattern: `/coupon/:id/` -> `/management_admin/coupon/:id/`. */
export const adminPattern = (id: AdminPageId): string => ADMIN_PREFIX + ADMIN_PAGE_PATTERNS[id];

/** Builders for admin page paths (spec 2; every path ends with `/`). */
export const adminPaths = {
  index: () => ADMIN_ROOT,
  login: (next?: string) => `${ADMIN_ROOT}login/${next ? `?next=${encodeURIComponent(next)}` : ''}`,
  couponNew: () => `${ADMIN_ROOT}coupon/regist/`,
  coupon: (id: number) => `${ADMIN_ROOT}coupon/${id}/`,
  couponView: (id?: number) => (id === undefined ? `${ADMIN_ROOT}coupon/view/` : `${ADMIN_ROOT}coupon/${id}/view/`),
  page: (id: AdminPageId): string => adminPattern(id).replace(/:\w+\?\//g, ''),
};

/** A safe place to return to after login: an admin page other than login itself, same origin. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith(ADMIN_ROOT) || next.startsWith('//') || next.includes('\\')) return ADMIN_ROOT;
  if (next.startsWith(`${ADMIN_ROOT}login/`)) return ADMIN_ROOT;
  return next;
}
