import type { Actor, AppDeps } from '../http/context';
import { verifyAccessToken } from '../domains/auth';
import { signedInStaff } from '../domains/staff';

/**
 * Who a bearer token names (http/middleware `authenticate`): a visitor as the token says; a
 * staff member as the database has the account now (role, email and spots never come from the
 * token). Spans the auth domain (our tokens) and the staff domain (the accounts).
 * @throws UnauthorizedError INVALID_TOKEN for a bad or expired token, or one of a deleted or
 *   disabled account
 */
export async function actorOfToken(
  { db, config, clock }: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  token: string,
): Promise<Actor> {
  const subject = verifyAccessToken(token, config.jwtSecret, clock.now().getTime());
  return subject.kind === 'staff' ? signedInStaff(db, subject.staffId) : subject;
}
