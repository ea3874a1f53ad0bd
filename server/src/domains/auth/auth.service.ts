import jwt from 'jsonwebtoken';
import type { Knex } from 'knex';
import type { Visitor } from '../../contracts/auth';
import { UnauthorizedError } from '../../http/errors';
import { signInLineUser } from '../users/users.service';
import { signVisitorToken } from './auth.tokens';

/** The issuer of LINE ID tokens. */
export const LINE_ISSUER = 'https://access.line.me';

type LineClaims = { sub?: unknown; name?: unknown; picture?: unknown };

/**
 * Spec 6, 7 `POST /auth/line/login`: verifies a LINE ID token (HS256 with the channel
 * secret, `iss` https://access.line.me, `aud` the channel id, not expired at `now`), finds
 * or creates the visitor by `sub`, and issues our access token (86400 s).
 * @throws UnauthorizedError INVALID_ID_TOKEN (401) on any defect of the ID token
 */
export async function lineLogin(
  db: Knex,
  a: { idToken: string; channelId: string; channelSecret: string; jwtSecret: string; now: Date },
): Promise<{ token: string; visitor: Visitor }> {
  let claims: LineClaims;
  try {
    claims = jwt.verify(a.idToken, a.channelSecret, {
      algorithms: ['HS256'],
      audience: a.channelId,
      issuer: LINE_ISSUER,
      clockTimestamp: Math.floor(a.now.getTime() / 1000),
    }) as LineClaims;
  } catch {
    throw new UnauthorizedError('INVALID_ID_TOKEN');
  }
  if (typeof claims.sub !== 'string' || !/^U[0-9a-f]{32}$|^[\w-]{1,64}$/.test(claims.sub)) {
    throw new UnauthorizedError('INVALID_ID_TOKEN');
  }
  const visitor = await signInLineUser(db, {
    lineUserId: claims.sub,
    displayName: typeof claims.name === 'string' ? claims.name.slice(0, 200) : '',
    pictureUrl: typeof claims.picture === 'string' && /^https:\/\//.test(claims.picture) ? claims.picture.slice(0, 1000) : null,
    now: a.now,
  });
  return { token: signVisitorToken(visitor.id, a.jwtSecret, a.now.getTime()), visitor };
}

/**
 * Development-only demo sign-in (never mounted in production): a visitor per device id,
 * so anyone trying `npm start` can use coupons without a LINE channel.
 */
export async function demoLogin(
  db: Knex,
  a: { deviceId: string; displayName: string; jwtSecret: string; now: Date },
): Promise<{ token: string; visitor: Visitor }> {
  const visitor = await signInLineUser(db, {
    lineUserId: `demo-${a.deviceId}`.slice(0, 64),
    displayName: a.displayName,
    pictureUrl: null,
    now: a.now,
  });
  return { token: signVisitorToken(visitor.id, a.jwtSecret, a.now.getTime()), visitor };
}
