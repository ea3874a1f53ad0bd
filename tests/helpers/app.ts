import type { Clock } from '../../server/src/http/context';
import { loadConfig, type Config } from '../../server/src/config';
import { createApp } from '../../server/src/app';
import type { Db } from '../../server/src/db/knex';
import { unconfiguredMailer, type Mailer } from '../../server/src/mail/mailer';

/** A clock stopped at an instant, movable by tests. */
export function fixedClock(iso: string): Clock & { set(iso: string): void } {
  let now = new Date(iso);
  return { now: () => new Date(now), set: (next: string) => void (now = new Date(next)) };
}

export const TEST_LINE = { channelId: '1650000000', channelSecret: 'test-line-channel-secret' };

/** Config for tests: test secrets, demo sign-in on, the given overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-jwt-secret-0123456789',
    LINE_CHANNEL_ID: TEST_LINE.channelId,
    LINE_CHANNEL_SECRET: TEST_LINE.channelSecret,
    SQLITE_FILE: ':memory:',
  });
  return { ...base, ...overrides };
}

/** The Express app on a test database with a fixed clock (default 2026-11-21 12:00 JST). */
export function testApp(db: Db, opts: { clock?: Clock; config?: Partial<Config>; mailer?: Mailer } = {}) {
  const clock = opts.clock ?? fixedClock('2026-11-21T03:00:00Z');
  const config = testConfig(opts.config);
  return { app: createApp({ db, config, clock, mailer: opts.mailer ?? unconfiguredMailer }), clock, config };
}
