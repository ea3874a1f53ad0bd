import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { expectAllowListRefusal, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { compileAllowList } from '../../server/src/http/allow-list';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createStaffAccount } from '../helpers/factories';

/** Pages of the PWA, which no API route declares. */
const page = (app: Express) => request(app, { unrouted: 'a page of the PWA' });

/** Spec 6 address allow-list of the admin area, with Express's trust proxy (issue 3). */
describe('admin allow-list', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let admin: Awaited<ReturnType<typeof createStaffAccount>>;
  const OFFICE = ['203.0.113.0/28', '198.51.100.7', '2001:db8:10::/48'];

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    admin = await createStaffAccount(db, { role: 'admin' });
  });
  afterAll(() => destroy());

  // supertest connects from 127.0.0.1; a trusted loopback proxy lets X-Forwarded-For name the caller.
  const behindProxy = () => testApp(db, { config: { adminAllowedIps: OFFICE, trustProxy: ['loopback'] } }).app;
  const noProxy = () => testApp(db, { config: { adminAllowedIps: OFFICE, trustProxy: false } }).app;

  it('answers 403 with an empty body to a caller outside the list, on admin APIs and pages', async () => {
    const app = behindProxy();
    for (const call of [
      request(app).post('/api/login').send({ email: admin.email, password: admin.password }),
      request(app).get('/api/user').set('Authorization', admin.auth),
      page(app).get('/management_admin/'),
      page(app).get('/management_admin/login/'),
      page(app).get('/management_admin'),
      page(app).get('/en/management_admin/'),
      page(app).get('/en/management_admin/login/'),
      page(app).get('/ko/management_admin/coupon/3/'),
      page(app).get('/zh-cn/management_admin/setting/'),
      page(app).get('/zh-tw/management_admin'),
      page(app).get('/en/management_admin/nothing/'),
    ]) {
      const r = await call.set('X-Forwarded-For', '192.0.2.50');
      expectAllowListRefusal(r);
    }
  });

  it('serves the admin pages, unprefixed and under each language prefix, to callers in the list', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'passport-allow-list-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const app = testApp(db, { config: { adminAllowedIps: OFFICE, trustProxy: ['loopback'], clientDist: dist } }).app;
    for (const path of [
      '/management_admin/',
      '/management_admin/login/',
      '/en/management_admin/',
      '/en/management_admin/login/',
      '/ko/management_admin/',
      '/zh-cn/management_admin/login/',
      '/zh-tw/management_admin/faq/',
    ]) {
      const r = await page(app).get(path).set('X-Forwarded-For', '203.0.113.1');
      expect(r.status, path).toBe(200);
      expect(r.headers['content-type'], path).toMatch(/^text\/html/);
    }
    expect((await page(app).get('/en/management_admin').set('X-Forwarded-For', '203.0.113.1')).headers.location).toBe(
      '/en/management_admin/',
    );
  });

  it('lets callers in the list through, by address and by CIDR range, IPv4 and IPv6', async () => {
    const app = behindProxy();
    for (const ip of ['203.0.113.1', '203.0.113.15', '198.51.100.7', '2001:db8:10::abcd']) {
      const r = await request(app).get('/api/user').set('Authorization', admin.auth).set('X-Forwarded-For', ip);
      expect(r.status, ip).toBe(200);
    }
    for (const ip of ['203.0.113.16', '198.51.100.8', '2001:db8:11::1']) {
      expectAllowListRefusal(
        await request(app).get('/api/user').set('Authorization', admin.auth).set('X-Forwarded-For', ip),
        ip,
      );
    }
  });

  it('ignores a forged X-Forwarded-For from an untrusted peer', async () => {
    const r = await request(noProxy())
      .get('/api/user')
      .set('Authorization', admin.auth)
      .set('X-Forwarded-For', '203.0.113.1');
    expectAllowListRefusal(r);
  });

  it('takes the address the trusted proxy saw, not one the caller prepended', async () => {
    // The caller sent "X-Forwarded-For: 203.0.113.1"; the proxy appended the real peer 192.0.2.50.
    const r = await request(behindProxy())
      .get('/api/user')
      .set('Authorization', admin.auth)
      .set('X-Forwarded-For', '203.0.113.1, 192.0.2.50');
    expectAllowListRefusal(r);
  });

  it('leaves the visitor API and pages open to everyone', async () => {
    const app = behindProxy();
    expect((await request(app).get('/api/coupons/get/campaign').set('X-Forwarded-For', '192.0.2.50')).status).toBe(200);
    expect((await page(app).get('/coupon').set('X-Forwarded-For', '192.0.2.50')).status).toBe(302);
  });

  it('closes the whole site with SITE_ALLOWED_IPS', async () => {
    const app = testApp(db, { config: { siteAllowedIps: ['203.0.113.0/28'], trustProxy: ['loopback'] } }).app;
    const outside = await request(app).get('/api/coupons/get/campaign').set('X-Forwarded-For', '192.0.2.50');
    expectAllowListRefusal(outside);
    expect((await request(app).get('/api/coupons/get/campaign').set('X-Forwarded-For', '203.0.113.2')).status).toBe(
      200,
    );
  });

  it('refuses entries that are not addresses or ranges', () => {
    expect(() => compileAllowList(['203.0.113.0/28', 'office-router'])).toThrow(/office-router/);
    const allowed = compileAllowList(['203.0.113.0/28']);
    expect(allowed('::ffff:203.0.113.3')).toBe(true);
    expect(allowed(undefined)).toBe(false);
  });
});

describe('security headers and CORS', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  beforeAll(async () => ({ db, destroy } = await createTestDb()));
  afterAll(() => destroy());

  it('sends a content security policy and no CORS headers by default', async () => {
    const r = await request(testApp(db).app).get('/api/coupons/get/campaign').set('Origin', 'https://evil.example');
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    expect(r.headers['content-security-policy']).toContain('https://api.line.me');
    expect(r.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/static\.line-scdn\.net;/);
    // The coupon maps' OpenStreetMap tiles are images, allowed for images only (issue 15).
    const directives = new Map(
      String(r.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives.get('img-src')).toContain('https://tile.openstreetmap.org');
    const others = [...directives].filter(
      ([name, values]) => name !== 'img-src' && values?.some((v) => v.includes('openstreetmap')),
    );
    expect(others).toEqual([]);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows exactly the CORS_ORIGINS when set', async () => {
    const app = testApp(db, { config: { corsOrigins: ['https://partner.example.jp'] } }).app;
    const ok = await request(app).get('/api/coupons/get/campaign').set('Origin', 'https://partner.example.jp');
    expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example.jp');
    const other = await request(app).get('/api/coupons/get/campaign').set('Origin', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
