import { Writable } from 'node:stream';
import { request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { createApp } from '../../server/src/app';
import { createLogger } from '../../server/src/http/logger';
import { unconfiguredMailer } from '../../server/src/mail/mailer';
import { fixedClock, testConfig } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createStaffAccount } from '../helpers/factories';
import { signLineIdToken } from '../helpers/line';

/** Structured request logs (issue 3): a line per request with its id, never a token or password. */
describe('request logs', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  beforeAll(async () => ({ db, destroy } = await createTestDb()));
  afterAll(() => destroy());

  it('logs each request with its request id and leaves secrets out', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const app = createApp({
      db,
      config: testConfig(),
      clock: fixedClock('2026-11-21T03:00:00Z'),
      logger: createLogger('info', sink),
      mailer: unconfiguredMailer,
    });
    const staff = await createStaffAccount(db, { role: 'admin', password: 'a very secret password 42' });
    const idToken = signLineIdToken({ sub: 'Ulogtest' });
    const line = await request(app).post('/api/auth/line/login?debug=1').send({ idToken });
    const ourToken = line.headers.authorization!.slice(7);
    await request(app)
      .get('/api/coupons/get/campaign')
      .set('Authorization', `Bearer ${ourToken}`)
      .set('Cookie', 'auth._token.line=secretcookie');
    await request(app).post('/api/login').send({ email: staff.email, password: 'a very secret password 42' });

    const entries = lines.map(
      (l) => JSON.parse(l) as { req?: { id: string; path: string }; res?: { statusCode: number } },
    );
    const completed = entries.filter((e) => e.req && e.res);
    expect(completed.map((e) => e.req!.path)).toEqual([
      '/api/auth/line/login',
      '/api/coupons/get/campaign',
      '/api/login',
    ]);
    expect(completed[0]!.req!.id).toBe(line.headers['x-request-id']);
    const all = lines.join('\n');
    for (const secret of [idToken, ourToken, 'a very secret password 42', 'secretcookie', 'debug=1'])
      expect(all).not.toContain(secret);
  });
});
