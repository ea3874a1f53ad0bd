import type { Knex } from 'knex';
import type { StaffRole, StaffUser } from '../../contracts/staff';
import type { StaffActor } from '../../http/context';
import { BusinessRuleError, UnauthorizedError } from '../../http/errors';
import type { AuditActor } from '../audit';
import { signAccessToken } from '../auth';
import { dummyHash, hashPassword, verifyPassword } from './staff.passwords';
import { findSpotIds, findStaffByEmail, findStaffById, insertStaff } from './staff.repo';

const present = ({
  passwordHash: _h,
  disabled: _d,
  ...user
}: StaffUser & { passwordHash: string; disabled: boolean }): StaffUser => user;

/**
 * Spec 6 `POST /login`: checks email and password (scrypt) and issues a staff access token
 * (HS256, 86400 s, role admin or shop). A wrong email, a wrong password and a disabled
 * account all answer the same, in the same time.
 * @throws UnauthorizedError INVALID_CREDENTIALS (401)
 */
export async function staffLogin(
  db: Knex,
  a: { email: string; password: string; jwtSecret: string; now: Date },
): Promise<{ token: string; user: StaffUser }> {
  const staff = await findStaffByEmail(db, a.email);
  const ok = await verifyPassword(a.password, staff?.passwordHash ?? (await dummyHash()));
  if (!staff || !ok || staff.disabled) throw new UnauthorizedError('INVALID_CREDENTIALS');
  return { token: signAccessToken(staff.id, staff.role, a.jwtSecret, a.now.getTime()), user: present(staff) };
}

/**
 * The staff member behind a valid staff token, as the database has them now: called by
 * http/middleware `authenticate` on every request with a staff token, so a disabled or
 * deleted account loses access at once and a changed role or spot list applies at once.
 * @throws UnauthorizedError INVALID_TOKEN when the account is gone or disabled
 */
export async function signedInStaff(db: Knex, staffId: number): Promise<StaffActor> {
  const staff = await findStaffById(db, staffId);
  if (!staff || staff.disabled) throw new UnauthorizedError('INVALID_TOKEN');
  return {
    kind: 'staff',
    staffId: staff.id,
    role: staff.role,
    email: staff.email,
    displayName: staff.displayName,
    spotIds: staff.spotIds,
  };
}

/** Spec 6 `GET /user`: the signed-in staff member with their spots. */
export function staffUserOf({ staffId, role, email, displayName, spotIds }: StaffActor): StaffUser {
  return { id: staffId, email, displayName, role, spotIds };
}

/** The signed-in staff member behind an admin write, as the audit log records them. */
export function actingStaff(staff: StaffActor, requestId?: string): StaffActor & AuditActor {
  return { ...staff, staffEmail: staff.email, requestId };
}

/**
 * Creates a staff account (`npm run admin:create`, development seeds). Shop staff need at
 * least one spot, given by store code or id.
 * @throws BusinessRuleError UNKNOWN_SPOTS, SHOP_NEEDS_SPOTS, WEAK_PASSWORD
 */
export async function createStaff(
  db: Knex,
  s: { email: string; password: string; role: StaffRole; displayName?: string; spots: string[]; now: Date },
): Promise<StaffUser> {
  if (s.password.length < 12) throw new BusinessRuleError('WEAK_PASSWORD');
  if (s.role === 'shop' && s.spots.length === 0) throw new BusinessRuleError('SHOP_NEEDS_SPOTS');
  const ids = await findSpotIds(db, s.spots);
  const unknown = s.spots.filter((ref) => !ids.has(ref));
  if (unknown.length) throw new BusinessRuleError('UNKNOWN_SPOTS', { spots: unknown.join(', ') });
  const id = await insertStaff(db, {
    email: s.email,
    passwordHash: await hashPassword(s.password),
    role: s.role,
    displayName: s.displayName ?? s.email,
    spotIds: [...new Set(s.spots.map((ref) => ids.get(ref)!))],
    now: s.now,
  });
  return staffUserOf(await signedInStaff(db, id));
}
