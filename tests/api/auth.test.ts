import jwt from 'jsonwebtoken';
import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { fixedClock, testApp, TEST_LINE } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { signLineIdToken } from '../helpers/line';

const NOW = Date.parse('2026-11-21T03:00:00Z');
const SUB = `U${'0123456789abcdef'.repeat(2)}`;

/** POST /api/auth/line/login (spec 6, 7) and our own access token. */
describe('LINE login and access tokens', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  const clock = fixedClock('2026-11-21T03:00:00Z');
  let app: ReturnType<typeof testApp>['app'];

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db, { clock }).app;
  });
  afterAll(() => destroy());

  const login = (idToken: string) => request(app).post('/api/auth/line/login').send({ idToken });

  it('signs in with a valid HS256 ID token and answers our JWT in the Authorization header', async () => {
    const r = await login(signLineIdToken({ sub: SUB, name: '熊本 太郎', picture: 'https://profile.line-scdn.net/x' }));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ displayName: '熊本 太郎', pictureUrl: 'https://profile.line-scdn.net/x' });
    const token = /^Bearer (.+)$/.exec(r.headers.authorization ?? '')?.[1];
    expect(token).toBeTruthy();
    const claims = jwt.decode(token!) as { sub: string; exp: number; iat: number };
    expect(claims.sub).toBe(String(r.body.data.id));
    expect(claims.exp - claims.iat).toBe(86400);
    const me = await request(app).get('/api/auth/me').set('Authorization', `Bearer ${token}`);
    expect(me.body.data.id).toBe(r.body.data.id);
  });

  it('finds the same user on a second sign-in and refreshes the name', async () => {
    const first = await login(signLineIdToken({ sub: SUB, name: '太郎' }));
    const second = await login(signLineIdToken({ sub: SUB, name: '熊本太郎' }));
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.body.data.displayName).toBe('熊本太郎');
    expect(Number((await db('users').where({ line_user_id: SUB }).count({ n: '*' }))[0]?.n)).toBe(1);
  });

  it.each([
    ['expired', () => signLineIdToken({ sub: SUB }, { nowMs: NOW - 7200_000, expiresInS: 3600 })],
    ['wrong aud', () => signLineIdToken({ sub: SUB }, { aud: '999' })],
    ['wrong iss', () => signLineIdToken({ sub: SUB }, { iss: 'https://evil.example' })],
    ['wrong secret', () => signLineIdToken({ sub: SUB }, { secret: 'not-the-channel-secret' })],
    [
      'tampered payload',
      () => {
        const [h, , s] = signLineIdToken({ sub: SUB }).split('.');
        const p = Buffer.from(
          JSON.stringify({
            sub: 'Uattacker',
            iss: 'https://access.line.me',
            aud: TEST_LINE.channelId,
            exp: NOW / 1000 + 600,
          }),
        ).toString('base64url');
        return `${h}.${p}.${s}`;
      },
    ],
    [
      'alg none',
      () => {
        const h = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
        const p = Buffer.from(
          JSON.stringify({ sub: SUB, iss: 'https://access.line.me', aud: TEST_LINE.channelId, exp: NOW / 1000 + 600 }),
        ).toString('base64url');
        return `${h}.${p}.`;
      },
    ],
  ])('401 INVALID_ID_TOKEN for an ID token with %s, creating no user', async (_name, make) => {
    const before = Number((await db('users').count({ n: '*' }))[0]?.n);
    const r = await login(make());
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('INVALID_ID_TOKEN');
    expect(r.headers.authorization).toBeUndefined();
    expect(Number((await db('users').count({ n: '*' }))[0]?.n)).toBe(before);
  });

  it('400 without an idToken', async () => {
    const r = await request(app).post('/api/auth/line/login').send({});
    expectError(r, 400, 'VALIDATION_FAILED');
    expect(r.body.error.details[0]).toMatch(/^body\.idToken: /);
  });

  it('our token: accepted until 86400 s, then 401; a tampered role or wrong secret is 401', async () => {
    const r = await login(signLineIdToken({ sub: SUB }));
    const auth = r.headers.authorization!;
    clock.set('2026-11-22T02:59:59Z');
    expect((await request(app).get('/api/auth/me').set('Authorization', auth)).status).toBe(200);
    clock.set('2026-11-22T03:00:01Z');
    const expired = await request(app).get('/api/auth/me').set('Authorization', auth);
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('INVALID_TOKEN');
    clock.set('2026-11-21T03:00:00Z');
    const [h, , s] = auth.slice(7).split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: '1', role: 'admin', iat: NOW / 1000, exp: NOW / 1000 + 600 }),
    ).toString('base64url');
    expect((await request(app).get('/api/auth/me').set('Authorization', `Bearer ${h}.${forged}.${s}`)).status).toBe(
      401,
    );
    const other = jwt.sign({ sub: '1', role: 'visitor' }, 'another-secret-0123456789', {
      algorithm: 'HS256',
      expiresIn: 600,
    });
    expectError(await request(app).get('/api/auth/me').set('Authorization', `Bearer ${other}`), 401, 'INVALID_TOKEN');
  });

  it('demo sign-in outside production gives each device its own visitor', async () => {
    const a = await request(app).post('/api/auth/demo/login').send({ deviceId: 'device-aaaa-1111' });
    const b = await request(app).post('/api/auth/demo/login').send({ deviceId: 'device-bbbb-2222' });
    const a2 = await request(app)
      .post('/api/auth/demo/login')
      .set('x-lang', 'en')
      .send({ deviceId: 'device-aaaa-1111' });
    expect(a.status).toBe(200);
    expect(a.headers.authorization).toMatch(/^Bearer /);
    expect(a.body.data.displayName).toBe('デモ旅行者');
    expect(b.body.data.id).not.toBe(a.body.data.id);
    expect(a2.body.data.id).toBe(a.body.data.id);
    expectError(await request(app).post('/api/auth/demo/login').send({ deviceId: 'x' }), 400, 'VALIDATION_FAILED');
    expect((await request(app).get('/api/config')).body.data).toEqual({ liffId: null, demoLogin: true });
  });

  it('has no demo sign-in in production', async () => {
    const prod = testApp(db, { clock, config: { nodeEnv: 'production', demoLogin: false } }).app;
    const r = await request(prod, { unrouted: 'production mounts no demo sign-in' })
      .post('/api/auth/demo/login')
      .send({ deviceId: 'device-aaaa-1111' });
    expectError(r, 404, 'NOT_FOUND');
    expect((await request(prod).get('/api/config')).body.data.demoLogin).toBe(false);
  });
});
