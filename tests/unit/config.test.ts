import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseConfig } from '../../server/src/config';

describe('loadConfig', () => {
  it('defaults to SQLite at data/app.sqlite3 on port 3000 with the demo sign-in', () => {
    const c = loadConfig({});
    expect(c.database).toEqual({ client: 'sqlite', file: 'data/app.sqlite3' });
    expect(c.port).toBe(3000);
    expect(c.demoLogin).toBe(true);
    expect(c.autoSeed).toBe(true);
  });

  it('uses PostgreSQL when DATABASE_URL is set, and never seeds it automatically', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/x' });
    expect(c.database).toEqual({ client: 'pg', url: 'postgres://u:p@127.0.0.1:5432/x' });
    expect(c.autoSeed).toBe(false);
  });

  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://u:p@db/x' };

  it('refuses to start in production without JWT_SECRET and DATABASE_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET and DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toThrow(/DATABASE_URL/);
    const c = loadConfig({ ...production, ADMIN_ALLOWED_IPS: '203.0.113.0/24', TRUST_PROXY: '1' });
    expect(c.demoLogin).toBe(false);
    expect(c.trustProxy).toBe(1);
  });

  it('refuses to start in production without the admin allow-list or TRUST_PROXY', () => {
    expect(() => loadConfig({ ...production, TRUST_PROXY: '1' })).toThrow(/ADMIN_ALLOWED_IPS/);
    expect(() => loadConfig({ ...production, ADMIN_ALLOWED_IPS: '203.0.113.7' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ ...production, ADMIN_ALLOWED_IPS: '203.0.113.7', TRUST_PROXY: 'false' }).trustProxy).toBe(
      false,
    );
  });

  it('outside production, admits loopback only to the admin area and says so', () => {
    const c = loadConfig({});
    expect(c.adminAllowedIps).toEqual(['127.0.0.1/8', '::1/128']);
    expect(c.trustProxy).toEqual(['loopback']);
    expect(c.notes.join(' ')).toMatch(/ADMIN_ALLOWED_IPS is unset/);
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
