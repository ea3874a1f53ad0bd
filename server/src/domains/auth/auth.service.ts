import type { Knex } from 'knex';
import type { Visitor } from '../../contracts/auth';
import { signInLineUser } from '../users';
import { signVisitorToken } from './auth.tokens';
import type { LineIdTokenVerifier } from './line-id-token';

/**
 * Spec 6, 7 `POST /auth/line/login`: verifies a LINE ID token (see createLineIdTokenVerifier),
 * creates or updates the visitor of its `sub` (display name, picture), and issues our
 * access token (HS256, 86400 s).
 * @throws UnauthorizedError INVALID_ID_TOKEN (401) on any defect of the ID token
 */
export async function lineLogin(
  db: Knex,
  verify: LineIdTokenVerifier,
  a: { idToken: string; nonce?: string; jwtSecret: string; now: Date },
): Promise<{ token: string; visitor: Visitor }> {
  const profile = await verify(a.idToken, { now: a.now, nonce: a.nonce });
  const visitor = await signInLineUser(db, {
    lineUserId: profile.sub,
    displayName: (profile.name ?? '').slice(0, 200),
    pictureUrl: profile.picture && /^https:\/\//.test(profile.picture) ? profile.picture.slice(0, 1000) : null,
    now: a.now,
  });
  return { token: signVisitorToken(visitor.id, a.jwtSecret, a.now.getTime()), visitor };
}

/**
 * Development-only demo sign-in (never mounted in production, nor with LIFF configured): a
 * visitor per device id, so anyone trying `npm start` can use coupons without a LINE channel.
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
