import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';

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

  it('refuses to start in production without JWT_SECRET and DATABASE_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET and DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toThrow(/DATABASE_URL/);
    const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://u:p@db/x' });
    expect(c.demoLogin).toBe(false);
  });

  it('hides the demo sign-in when LIFF is configured', () => {
    expect(loadConfig({ LIFF_ID: '1650000000-abcd' }).demoLogin).toBe(false);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', JWT_SECRET: 'short' })).toThrow(/PORT[\s\S]*JWT_SECRET/);
  });
});
