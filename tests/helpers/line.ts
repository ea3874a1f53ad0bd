import jwt from 'jsonwebtoken';
import { TEST_LINE } from './app';

/** Signs a LINE-style ID token (HS256 with the channel secret) as LINE Login would. */
export function signLineIdToken(
  claims: { sub: string; name?: string; picture?: string },
  opts: { nowMs?: number; expiresInS?: number; aud?: string; iss?: string; secret?: string } = {},
): string {
  const iat = Math.floor((opts.nowMs ?? Date.parse('2026-11-21T03:00:00Z')) / 1000);
  return jwt.sign(
    {
      ...claims,
      iss: opts.iss ?? 'https://access.line.me',
      aud: opts.aud ?? TEST_LINE.channelId,
      iat,
      exp: iat + (opts.expiresInS ?? 3600),
    },
    opts.secret ?? TEST_LINE.channelSecret,
    { algorithm: 'HS256', noTimestamp: true },
  );
}
