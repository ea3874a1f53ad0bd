import { createHmac } from 'node:crypto';
import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { fixedClock, testApp, TEST_LINE } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { startJwksServer } from '../helpers/jwks-server';
import { signLineIdToken } from '../helpers/line';

const SUB = `U${'fedcba9876543210'.repeat(2)}`;
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** LINE ID token verification (issue 3): ES256 with LINE's keys (a local JWKS here) and HS256. */
describe('POST /api/auth/line/login with ES256 and HS256 ID tokens', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let jwks: Awaited<ReturnType<typeof startJwksServer>>;
  let app: ReturnType<typeof testApp>['app'];

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    jwks = await startJwksServer();
    app = testApp(db, {
      clock: fixedClock('2026-11-21T03:00:00Z'),
      config: { lineJwksUrl: jwks.url, lineJwksCooldownMs: 0 },
    }).app;
  });
  afterAll(async () => {
    await jwks.close();
    await destroy();
  });

  const login = (idToken: string, nonce?: string) =>
    request(app)
      .post('/api/auth/line/login')
      .send({ idToken, ...(nonce ? { nonce } : {}) });

  it('signs in with an ES256 token signed by a key LINE publishes', async () => {
    const r = await login(
      await jwks.sign({ sub: SUB, name: 'あそ 花子', picture: 'https://profile.line-scdn.net/hanako' }),
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ displayName: 'あそ 花子', pictureUrl: 'https://profile.line-scdn.net/hanako' });
    expect(r.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('signs in with an HS256 token signed with the channel secret', async () => {
    const r = await login(signLineIdToken({ sub: SUB, name: 'あそ 花子' }));
    expect(r.status).toBe(200);
  });

  it('fetches the keys again for an unknown kid (a key rotation at LINE)', async () => {
    const signRotated = await jwks.rotate('test-kid-2');
    const before = jwks.fetches();
    const r = await login(await signRotated({ sub: SUB }));
    expect(r.status).toBe(200);
    expect(jwks.fetches()).toBeGreaterThan(before);
  });

  it('checks the nonce when the client sent one', async () => {
    expect((await login(await jwks.sign({ sub: SUB, nonce: 'n-123' }), 'n-123')).status).toBe(200);
    expectError(await login(await jwks.sign({ sub: SUB, nonce: 'n-123' }), 'n-456'), 401, 'INVALID_ID_TOKEN');
    expectError(await login(await jwks.sign({ sub: SUB }), 'n-123'), 401, 'INVALID_ID_TOKEN');
  });

  const now = Math.floor(Date.parse('2026-11-21T03:00:00Z') / 1000);
  it.each([
    ['expired', () => jwks.sign({ sub: SUB }, { nowS: now - 7200, expS: now - 3600 })],
    ['wrong aud', () => jwks.sign({ sub: SUB }, { aud: '1234567890' })],
    ['wrong iss', () => jwks.sign({ sub: SUB }, { iss: 'https://access.line.me.evil.example' })],
    [
      'tampered payload',
      async () => {
        const [h, , s] = (await jwks.sign({ sub: SUB })).split('.');
        return `${h}.${b64({ sub: 'Uintruder', iss: 'https://access.line.me', aud: TEST_LINE.channelId, exp: now + 600 })}.${s}`;
      },
    ],
    [
      'alg none',
      async () =>
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: SUB, iss: 'https://access.line.me', aud: TEST_LINE.channelId, exp: now + 600 })}.`,
    ],
    [
      'HS256 signed with the public key',
      async () => {
        const header = b64({ alg: 'HS256', typ: 'JWT', kid: 'test-kid-1' });
        const payload = b64({
          sub: SUB,
          iss: 'https://access.line.me',
          aud: TEST_LINE.channelId,
          iat: now,
          exp: now + 600,
        });
        const sig = createHmac('sha256', JSON.stringify(jwks.publicJwk))
          .update(`${header}.${payload}`)
          .digest('base64url');
        return `${header}.${payload}.${sig}`;
      },
    ],
    ['unknown kid', () => jwks.sign({ sub: SUB }, { kid: 'no-such-kid' })],
    ['no sub', () => jwks.sign({ name: 'x' })],
  ])('401 INVALID_ID_TOKEN for %s', async (_name, make) => {
    const users = Number((await db('users').count({ n: '*' }))[0]?.n);
    const r = await login(await make());
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('INVALID_ID_TOKEN');
    expect(Number((await db('users').count({ n: '*' }))[0]?.n)).toBe(users);
  });
});
