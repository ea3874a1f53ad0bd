// jose: verifies LINE's ES256 ID tokens against LINE's remote key set, fetched with a cooldown (jsonwebtoken has no JWKS).
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { UnauthorizedError } from '../../http/errors';

/** The issuer of LINE ID tokens. */
export const LINE_ISSUER = 'https://access.line.me';

export type LineProfile = { sub: string; name?: string; picture?: string };
export type LineIdTokenVerifier = (idToken: string, opts: { now: Date; nonce?: string }) => Promise<LineProfile>;

/**
 * Verifies LINE ID tokens locally (issue 3, spec 6) with jose: ES256 against LINE's published
 * keys (fetched from `jwksUrl`, cached, fetched again for an unknown `kid`), or HS256 with the
 * channel secret (LINE Login on the web). Checks `iss`, `aud` (the channel id), `exp` and,
 * when the client sent one, `nonce`. Only these two algorithms are accepted, each with its
 * own key, so `alg: none` or HS256 signed with a public key cannot pass.
 * @throws UnauthorizedError INVALID_ID_TOKEN (401) on any defect
 */
export function createLineIdTokenVerifier(line: {
  channelId: string;
  channelSecret: string;
  jwksUrl: string;
  cooldownMs: number;
}): LineIdTokenVerifier {
  const jwks = createRemoteJWKSet(new URL(line.jwksUrl), { timeoutDuration: 5000, cooldownDuration: line.cooldownMs });
  const secret = new TextEncoder().encode(line.channelSecret);
  const getKey: JWTVerifyGetKey = async (header, token) => (header.alg === 'HS256' ? secret : jwks(header, token));
  return async (idToken, { now, nonce }) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, getKey, {
        algorithms: ['ES256', 'HS256'],
        issuer: LINE_ISSUER,
        audience: line.channelId,
        currentDate: now,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch {
      throw new UnauthorizedError('INVALID_ID_TOKEN');
    }
    if (nonce !== undefined && payload.nonce !== nonce) throw new UnauthorizedError('INVALID_ID_TOKEN');
    if (typeof payload.sub !== 'string' || !/^[\w-]{1,64}$/.test(payload.sub))
      throw new UnauthorizedError('INVALID_ID_TOKEN');
    return {
      sub: payload.sub,
      name: typeof payload.name === 'string' ? payload.name : undefined,
      picture: typeof payload.picture === 'string' ? payload.picture : undefined,
    };
  };
}
