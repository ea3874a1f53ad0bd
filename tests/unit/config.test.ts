import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig, MIN_SECRET_BYTES, parseConfig } from '../../server/src/config';

describe('loadConfig', () => {
  it('defaults to SQLite at data/app.sqlite3 on port 3000 with the demo sign-in', () => {
    const c = loadConfig({});
    expect(c.database).toMatchObject({ client: 'sqlite', file: 'data/app.sqlite3' });
    expect(c.port).toBe(3000);
    expect(c.demoLogin).toBe(true);
    expect(c.autoSeed).toBe(true);
  });

  it('uses PostgreSQL when DATABASE_URL is set, and never seeds it automatically', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/x' });
    expect(c.database).toMatchObject({ client: 'pg', url: 'postgres://u:p@127.0.0.1:5432/x' });
    expect(c.autoSeed).toBe(false);
  });

  it('outside production, stands in for the LINE channel and JWT secret with public development values', () => {
    const c = loadConfig({});
    expect(c.line).toMatchObject({ channelId: 'demo-channel', channelSecret: 'demo-channel-secret' });
    expect(c.jwtSecret).toBe('development-only-secret-change-me');
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('outside production, admits loopback only to the admin area and says so', () => {
    const c = loadConfig({});
    expect(c.adminAllowedIps).toEqual(['127.0.0.1/8', '::1/128']);
    expect(c.trustProxy).toEqual(['loopback']);
    expect(c.notes.join(' ')).toMatch(/ADMIN_ALLOWED_IPS is unset/);
  });

  it('outside production too, stops at an allow-list entry that is not an address or range', () => {
    expect(() => loadConfig({ ADMIN_ALLOWED_IPS: '127.0.0.1, localhost' })).toThrow(
      /^ADMIN_ALLOWED_IPS: not an address or CIDR range: localhost$/m,
    );
    expect(() => loadConfig({ SITE_ALLOWED_IPS: '10.0.0.0/33' })).toThrow(
      /^SITE_ALLOWED_IPS: not an address or CIDR range: 10\.0\.0\.0\/33$/m,
    );
  });

  it('reads the allow-list from the environment or a file with comments', () => {
    expect(loadConfig({ ADMIN_ALLOWED_IPS: '203.0.113.7, 198.51.100.0/24\n2001:db8::/32' }).adminAllowedIps).toEqual([
      '203.0.113.7',
      '198.51.100.0/24',
      '2001:db8::/32',
    ]);
    const c = parseConfig({ ADMIN_ALLOWED_IPS_FILE: '/etc/passport/admin-ips' }, (file) => {
      expect(file).toBe('/etc/passport/admin-ips');
      return '# office\n203.0.113.7\n198.51.100.0/24 # branch\n';
    });
    expect(c.adminAllowedIps).toEqual(['203.0.113.7', '198.51.100.0/24']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it('keeps rate-limit counts in memory for one process, in the database for several', () => {
    expect(loadConfig({})).toMatchObject({ webConcurrency: 1, rateLimitStore: 'memory' });
    expect(loadConfig({ RATE_LIMIT_STORE: 'database' }).rateLimitStore).toBe('database');
    expect(loadConfig({ RATE_LIMIT_STORE: 'postgres' }).rateLimitStore).toBe('database'); // its former name, SQLite too
    expect(loadConfig({ WEB_CONCURRENCY: '3' })).toMatchObject({ webConcurrency: 3, rateLimitStore: 'database' });
    expect(() => loadConfig({ WEB_CONCURRENCY: '2', RATE_LIMIT_STORE: 'memory' })).toThrow(
      /RATE_LIMIT_STORE=memory cannot count for 2 processes/,
    );
  });

  it('takes WEB_CONCURRENCY as a number of processes or auto (one per CPU)', () => {
    expect(loadConfig({ WEB_CONCURRENCY: 'auto' }).webConcurrency).toBe(availableParallelism());
    for (const bad of ['0', '-1', '1.5', 'two', ''])
      expect(() => loadConfig({ WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2', SQLITE_FILE: ':memory:' })).toThrow(
      /SQLITE_FILE=:memory: is one per process/,
    );
  });

  it('hides the demo sign-in when LIFF is configured', () => {
    expect(loadConfig({ LIFF_ID: '1650000000-abcd' }).demoLogin).toBe(false);
  });

  it('takes PUBLIC_BASE_URL as the origin of printed links (http or https, no trailing slash), unset by default', () => {
    expect(loadConfig({}).publicBaseUrl).toBeNull();
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://passport.example.jp/' }).publicBaseUrl).toBe(
      'https://passport.example.jp',
    );
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'passport.example.jp' })).toThrow(/PUBLIC_BASE_URL/);
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'ftp://passport.example.jp' })).toThrow(/PUBLIC_BASE_URL/);
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'https://passport.example.jp/?a=1' })).toThrow(/PUBLIC_BASE_URL/);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', JWT_SECRET: 'short' })).toThrow(/PORT[\s\S]*JWT_SECRET/);
  });
});

describe('loadConfig in production (issue 11: no development secret)', () => {
  /** Every production setting with a real value (32-byte secrets). */
  const complete = {
    NODE_ENV: 'production',
    JWT_SECRET: 'j'.repeat(MIN_SECRET_BYTES),
    DATABASE_URL: 'postgres://u:p@db:5432/passport',
    LINE_CHANNEL_ID: '1650000000',
    LINE_CHANNEL_SECRET: 'l'.repeat(MIN_SECRET_BYTES),
    ADMIN_ALLOWED_IPS: '203.0.113.0/24',
    TRUST_PROXY: '10.0.0.2, loopback',
  };
  const refusal = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env);
    } catch (err) {
      return (err as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('starts with every secret and identity set, with no demo sign-in and the proxies named', () => {
    const c = loadConfig(complete);
    expect(c).toMatchObject({
      nodeEnv: 'production',
      demoLogin: false,
      jwtSecret: complete.JWT_SECRET,
      line: { channelId: '1650000000', channelSecret: complete.LINE_CHANNEL_SECRET },
      adminAllowedIps: ['203.0.113.0/24'],
      trustProxy: ['10.0.0.2', 'loopback'],
    });
    expect(loadConfig({ ...complete, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...complete, TRUST_PROXY: 'uniquelocal,linklocal,fd00::/8' }).trustProxy).toEqual([
      'uniquelocal',
      'linklocal',
      'fd00::/8',
    ]);
  });

  const required = [
    'JWT_SECRET',
    'DATABASE_URL',
    'LINE_CHANNEL_ID',
    'LINE_CHANNEL_SECRET',
    'ADMIN_ALLOWED_IPS',
    'TRUST_PROXY',
  ];
  for (const name of required) {
    it(`refuses to start without ${name}, naming it`, () => {
      const env: NodeJS.ProcessEnv = { ...complete };
      delete env[name];
      expect(refusal(env)).toMatch(new RegExp(`^${name}: missing`, 'm'));
      expect(refusal({ ...complete, [name]: '' })).toMatch(new RegExp(`^${name}: missing`, 'm'));
    });
  }

  it('names every missing setting in one message', () => {
    const message = refusal({ NODE_ENV: 'production' });
    expect(message).toMatch(/^Production \(NODE_ENV=production\) refuses to start/);
    for (const name of required) expect(message).toMatch(new RegExp(`^${name}: missing`, 'm'));
  });

  it('stops the real server before it opens the database: exit code 1, every missing setting on stderr', () => {
    const { LINE_CHANNEL_SECRET: _, ...env } = complete;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: { PATH: process.env.PATH, ...env, TRUST_PROXY: 'true' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^LINE_CHANNEL_SECRET: missing$/m);
    expect(run.stderr).toMatch(/^TRUST_PROXY: true trusts X-Forwarded-For from any caller/m);
    expect(run.stdout).not.toMatch(/listening/);
  });

  it('refuses secrets shorter than 32 bytes and the public development values', () => {
    const short = 's'.repeat(MIN_SECRET_BYTES - 1);
    expect(refusal({ ...complete, JWT_SECRET: short })).toMatch(/^JWT_SECRET: shorter than 32 bytes/m);
    expect(refusal({ ...complete, LINE_CHANNEL_SECRET: short })).toMatch(
      /^LINE_CHANNEL_SECRET: shorter than 32 bytes/m,
    );
    // 11 three-byte characters are 33 bytes: the length is counted in bytes, not characters.
    expect(loadConfig({ ...complete, LINE_CHANNEL_SECRET: 'く'.repeat(11) }).line.channelSecret).toBe('く'.repeat(11));
    expect(loadConfig({ ...complete, JWT_SECRET: 'く'.repeat(11) }).jwtSecret).toBe('く'.repeat(11));
    expect(refusal({ ...complete, LINE_CHANNEL_SECRET: 'demo-channel-secret' })).toMatch(/^LINE_CHANNEL_SECRET: /m);
    expect(refusal({ ...complete, JWT_SECRET: 'development-only-secret-change-me' })).toMatch(
      /^JWT_SECRET: is the public development value/m,
    );
    expect(refusal({ ...complete, LINE_CHANNEL_ID: 'demo-channel' })).toMatch(
      /^LINE_CHANNEL_ID: not a LINE Login channel id/m,
    );
  });

  it('refuses a hop count or true for TRUST_PROXY, saying why', () => {
    for (const v of ['1', '2', 'true'])
      expect(refusal({ ...complete, TRUST_PROXY: v })).toMatch(
        /^TRUST_PROXY: .* trusts X-Forwarded-For from any caller.*walks past the admin allow-list/m,
      );
    // 0 hops trusts no one, like false.
    expect(loadConfig({ ...complete, TRUST_PROXY: '0' }).trustProxy).toBe(0);
    // A range that holds the whole internet is `true` by another name.
    for (const v of ['0.0.0.0/0', '10.0.0.2, 0.0.0.0/1', '::/0', '::ffff:0:0/96', '::/80', '::ffff:0.0.0.0/100'])
      expect(refusal({ ...complete, TRUST_PROXY: v })).toMatch(
        /^TRUST_PROXY: .* is so wide a range that it trusts X-Forwarded-For from any caller/m,
      );
    expect(loadConfig({ ...complete, TRUST_PROXY: '10.0.0.0/8, fd00::/8, 2001:db8::/32' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '2001:db8::/32',
    ]);
    expect(refusal({ ...complete, TRUST_PROXY: 'loopback, proxy.internal' })).toMatch(
      /^TRUST_PROXY: not an address, range or loopback\/uniquelocal\/linklocal: proxy\.internal/m,
    );
  });

  it('refuses allow-list entries that are not addresses or ranges, and an empty list, in the one message', () => {
    const message = refusal({ ...complete, ADMIN_ALLOWED_IPS: '203.0.113.7, office', SITE_ALLOWED_IPS: 'everyone' });
    expect(message).toMatch(/^ADMIN_ALLOWED_IPS: not an address or CIDR range: office$/m);
    expect(message).toMatch(/^SITE_ALLOWED_IPS: not an address or CIDR range: everyone$/m);
    expect(refusal({ ...complete, ADMIN_ALLOWED_IPS: ' , ' })).toMatch(/^ADMIN_ALLOWED_IPS: lists no address$/m);
  });

  it('takes the admin allow-list from a file, and refuses an empty or unreadable one', () => {
    const { ADMIN_ALLOWED_IPS: _, ...noList } = complete;
    const withFile = { ...noList, ADMIN_ALLOWED_IPS_FILE: '/etc/passport/admin-ips' };
    expect(parseConfig(withFile, () => '203.0.113.7 # office\n').adminAllowedIps).toEqual(['203.0.113.7']);
    expect(() => parseConfig(withFile, () => '# nobody yet\n')).toThrow(
      /^ADMIN_ALLOWED_IPS: ADMIN_ALLOWED_IPS_FILE lists no address/m,
    );
    expect(() =>
      parseConfig(withFile, () => {
        throw new Error('ENOENT: no such file');
      }),
    ).toThrow(/^ADMIN_ALLOWED_IPS: ADMIN_ALLOWED_IPS_FILE cannot be read \(ENOENT/m);
  });

  it('with mail on, refuses an SMTP URL without user and password and default addresses', () => {
    expect(loadConfig(complete).mail.smtpUrl).toBeNull(); // mail off needs nothing
    const mail = { ...complete, CONTACT_TO: 'info@passport.example.jp', MAIL_FROM: 'no-reply@passport.example.jp' };
    expect(refusal({ ...mail, SMTP_URL: 'smtp://mail.example.jp:587' })).toMatch(
      /^SMTP_URL: has no user and password/m,
    );
    expect(refusal({ ...mail, SMTP_URL: 'smtp://user@mail.example.jp:587' })).toMatch(
      /^SMTP_URL: has no user and password/m,
    );
    const message = refusal({ ...complete, SMTP_URL: 'smtp://user:pw@mail.example.jp:587' });
    expect(message).toMatch(/^CONTACT_TO: missing while SMTP_URL is set/m);
    expect(message).toMatch(/^MAIL_FROM: missing while SMTP_URL is set/m);
    expect(loadConfig({ ...mail, SMTP_URL: 'smtp://user:pw@mail.example.jp:587' }).mail.smtpUrl).toBe(
      'smtp://user:pw@mail.example.jp:587',
    );
  });

  it('lists invalid settings beside the refused ones', () => {
    const message = refusal({ ...complete, PORT: 'eighty', JWT_SECRET: 'short' });
    expect(message).toMatch(/^JWT_SECRET: shorter than 32 bytes/m);
    expect(message).toMatch(/^PORT: /m);
    expect(message.match(/^JWT_SECRET/gm)).toHaveLength(1);
  });
});
