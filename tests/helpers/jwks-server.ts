import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { TEST_LINE } from './app';

/**
 * A local stand-in for LINE's key endpoint: a real HTTP server answering a JWKS of ES256
 * keys the test made, and a signer for ID tokens with them. Counts fetches.
 */
export async function startJwksServer() {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-kid-1', alg: 'ES256', use: 'sig' };
  const keys: JWK[] = [publicJwk];
  let fetches = 0;
  const server: Server = createServer((_req, res) => {
    fetches += 1;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ keys }));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/v2.1/certs`;

  /** Signs an ES256 LINE-style ID token; `kid` defaults to the served key's. */
  async function sign(
    claims: Record<string, unknown>,
    opts: { kid?: string; nowS?: number; expS?: number; aud?: string; iss?: string } = {},
  ) {
    const now = opts.nowS ?? Math.floor(Date.parse('2026-11-21T03:00:00Z') / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: opts.kid ?? 'test-kid-1', typ: 'JWT' })
      .setIssuer(opts.iss ?? 'https://access.line.me')
      .setAudience(opts.aud ?? TEST_LINE.channelId)
      .setIssuedAt(now)
      .setExpirationTime(opts.expS ?? now + 3600)
      .sign(privateKey);
  }

  return {
    url,
    sign,
    publicJwk,
    /** Adds another key (a rotation at LINE) and returns a signer for it. */
    async rotate(kid: string) {
      const pair = await generateKeyPair('ES256', { extractable: true });
      keys.push({ ...(await exportJWK(pair.publicKey)), kid, alg: 'ES256', use: 'sig' });
      return (claims: Record<string, unknown>) =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'ES256', kid })
          .setIssuer('https://access.line.me')
          .setAudience(TEST_LINE.channelId)
          .setIssuedAt(Math.floor(Date.parse('2026-11-21T03:00:00Z') / 1000))
          .setExpirationTime(Math.floor(Date.parse('2026-11-21T04:00:00Z') / 1000))
          .sign(pair.privateKey);
    },
    fetches: () => fetches,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
