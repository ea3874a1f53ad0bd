import { errorCode, expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb, testDialect } from '../helpers/db';
import { createSpot, createStaffAccount, createVisitor } from '../helpers/factories';

/** An answer as its status and error code: `401 INVALID_CREDENTIALS`. */
const answer = (r: { status: number; body: unknown }) => `${r.status} ${errorCode(r)}`;

/** Staff sign-in of the admin area (spec 6, issue 3): POST /api/login, GET /api/user, limits. */
describe('staff sign-in', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  let admin: Awaited<ReturnType<typeof createStaffAccount>>;
  let shop: Awaited<ReturnType<typeof createStaffAccount>>;
  let spotId: number;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db).app;
    const spot = await createSpot(db, { storeCode: 'kmt-9001' });
    spotId = spot.id;
    admin = await createStaffAccount(db, { role: 'admin', email: 'office@kumamoto.example.jp' });
    shop = await createStaffAccount(db, { role: 'shop', spots: ['kmt-9001'] });
  });
  afterAll(() => destroy());

  it('signs in with email and password, answering {data: {token, user}}', async () => {
    const r = await request(app)
      .post('/api/login')
      .send({ email: 'Office@Kumamoto.example.jp', password: admin.password });
    expect(r.status).toBe(200);
    expect(r.body.data.user).toEqual({
      id: admin.id,
      email: 'office@kumamoto.example.jp',
      displayName: 'office@kumamoto.example.jp',
      role: 'admin',
      spotIds: [],
    });
    const me = await request(app).get('/api/user').set('Authorization', `Bearer ${r.body.data.token}`);
    expect(me.status).toBe(200);
    expect(me.body.data.role).toBe('admin');
  });

  it('shows shop staff their spots', async () => {
    const me = await request(app).get('/api/user').set('Authorization', shop.auth);
    expect(me.body.data).toMatchObject({ role: 'shop', spotIds: [spotId] });
  });

  it('answers a wrong email and a wrong password with the same 401', async () => {
    const wrongPassword = await request(app)
      .post('/api/login')
      .set('x-lang', 'en')
      .send({ email: admin.email, password: 'not the password' });
    const wrongEmail = await request(app)
      .post('/api/login')
      .set('x-lang', 'en')
      .send({ email: 'nobody@example.jp', password: admin.password });
    expect(wrongPassword.status).toBe(401);
    expect(wrongEmail.status).toBe(401);
    expect(wrongPassword.body.error.code).toBe('INVALID_CREDENTIALS');
    expect(wrongEmail.body.error.code).toBe('INVALID_CREDENTIALS');
    expect(wrongPassword.body.error.message).toBe(wrongEmail.body.error.message);
  });

  it('400 on a malformed email; 401 on /api/user without a token; 403 for a visitor token', async () => {
    expectError(
      await request(app).post('/api/login').send({ email: 'not-an-email', password: 'x' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await request(app).get('/api/user'), 401, 'UNAUTHORIZED');
    const visitor = await createVisitor(db);
    expectError(await request(app).get('/api/user').set('Authorization', visitor.auth), 403, 'FORBIDDEN');
  });

  it('stores passwords only as scrypt hashes', async () => {
    const row = await db('staff_users').where({ id: admin.id }).first();
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row.password_hash).not.toContain(admin.password);
  });

  it('answers the 11th bad login in a minute with 429, per address', async () => {
    const fresh = testApp(db).app;
    const statuses: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        answer(
          await request(fresh)
            .post('/api/login')
            .send({ email: `guess${i}@example.jp`, password: 'wrong' }),
        ),
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill('401 INVALID_CREDENTIALS'));
    expect(statuses[10]).toBe('429 RATE_LIMITED');
    const blocked = await request(fresh)
      .post('/api/login')
      .set('x-lang', 'en')
      .send({ email: admin.email, password: admin.password });
    expectError(blocked, 429, 'RATE_LIMITED');
    expect(blocked.body.error.message).toBe('Too many requests. Please try again later.');
  });

  it('counts bad logins per account across addresses', async () => {
    const fresh = testApp(db, { config: { trustProxy: ['loopback'], adminAllowedIps: ['0.0.0.0/0'] } }).app;
    const statuses: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        answer(
          await request(fresh)
            .post('/api/login')
            .set('X-Forwarded-For', `198.51.100.${i + 1}`)
            .send({ email: shop.email, password: 'wrong' }),
        ),
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill('401 INVALID_CREDENTIALS'));
    expect(statuses[10]).toBe('429 RATE_LIMITED');
  });

  it(`shares the counts between two instances through the database store (${testDialect()})`, async () => {
    const shared = { rateLimitStore: 'database' as const };
    const one = testApp(db, { config: shared }).app;
    const two = testApp(db, { config: shared }).app;
    const statuses: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      const app = i % 2 === 0 ? one : two;
      statuses.push(
        answer(
          await request(app)
            .post('/api/login')
            .send({ email: `shared${i}@example.jp`, password: 'wrong' }),
        ),
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill('401 INVALID_CREDENTIALS'));
    expect(statuses[10]).toBe('429 RATE_LIMITED');
  });
});
