// jsonwebtoken: signs and verifies our own HS256 access tokens (the stack's choice; see README, Dependencies).
import jwt from 'jsonwebtoken';
import { UnauthorizedError } from '../../http/errors';

/** Spec 9: our access tokens live 86400 seconds. */
export const ACCESS_TOKEN_TTL_S = 86400;

export type Role = 'visitor' | 'admin' | 'shop';
type AccessClaims = { sub: string; role: Role };

/**
 * Signs our own HS256 access token, valid 86400 s from `nowMs`: `sub` is the visitor's user
 * id (role visitor) or the staff account id (role admin or shop).
 */
export function signAccessToken(subject: number, role: Role, secret: string, nowMs: number): string {
  const claims: AccessClaims = { sub: String(subject), role };
  return jwt.sign({ ...claims, iat: Math.floor(nowMs / 1000) }, secret, {
    algorithm: 'HS256',
    expiresIn: ACCESS_TOKEN_TTL_S,
  });
}

/** Signs a visitor's access token. */
export function signVisitorToken(userId: number, secret: string, nowMs: number): string {
  return signAccessToken(userId, 'visitor', secret, nowMs);
}

/**
 * Whom a valid access token names: a visitor's user id, or a staff account id. The role a
 * staff token was signed with is not returned: the account's current role is read from the
 * database on every request (http/middleware `authenticate`).
 */
export type TokenSubject = { kind: 'visitor'; userId: number } | { kind: 'staff'; staffId: number };

/**
 * Verifies our access token (HS256 only, signature, expiry against `nowMs`) into its subject.
 * @throws UnauthorizedError INVALID_TOKEN on any defect
 */
export function verifyAccessToken(token: string, secret: string, nowMs: number): TokenSubject {
  try {
    const claims = jwt.verify(token, secret, {
      algorithms: ['HS256'],
      clockTimestamp: Math.floor(nowMs / 1000),
    }) as Partial<AccessClaims>;
    const id = Number(claims.sub);
    if (!Number.isInteger(id) || id <= 0) throw new Error('bad subject');
    if (claims.role === 'visitor') return { kind: 'visitor', userId: id };
    if (claims.role === 'admin' || claims.role === 'shop') return { kind: 'staff', staffId: id };
    throw new Error('bad role');
  } catch {
    throw new UnauthorizedError('INVALID_TOKEN');
  }
}
