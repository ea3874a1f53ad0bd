import jwt from 'jsonwebtoken';
import { UnauthorizedError } from '../../http/errors';

/** Spec 9: our access tokens live 86400 seconds. */
export const ACCESS_TOKEN_TTL_S = 86400;

type AccessClaims = { sub: string; role: 'visitor' };

/** Signs our own HS256 access token for a visitor (`sub` = user id), valid 86400 s from `nowMs`. */
export function signVisitorToken(userId: number, secret: string, nowMs: number): string {
  const claims: AccessClaims = { sub: String(userId), role: 'visitor' };
  return jwt.sign({ ...claims, iat: Math.floor(nowMs / 1000) }, secret, {
    algorithm: 'HS256',
    expiresIn: ACCESS_TOKEN_TTL_S,
  });
}

/**
 * Verifies our access token (HS256 only, signature, expiry against `nowMs`).
 * @returns the visitor's user id
 * @throws UnauthorizedError on any defect
 */
export function verifyVisitorToken(token: string, secret: string, nowMs: number): number {
  try {
    const claims = jwt.verify(token, secret, {
      algorithms: ['HS256'],
      clockTimestamp: Math.floor(nowMs / 1000),
    }) as Partial<AccessClaims>;
    const userId = Number(claims.sub);
    if (claims.role !== 'visitor' || !Number.isInteger(userId) || userId <= 0) throw new Error('bad claims');
    return userId;
  } catch {
    throw new UnauthorizedError('INVALID_TOKEN');
  }
}
