import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import type { Response } from 'supertest';
import { request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PATTERNS } from '@site/page-table';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCoupon, createSpot } from '../helpers/factories';

/**
 * The server side of the page route table (spec 2; issue 4): every page path in every
 * language answers the PWA with 200, any other path answers it with 404 (the client then
 * shows '404 Not Found'); the trailing-slash 302 in every language; `?lang=` and the root
 * path's language detection as 302s with the 365-day cookie.
 */
/** Pages of the PWA, which no API route declares. */
const page = (app: Express) => request(app, { unrouted: 'a page of the PWA' });

describe('page routes', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  const dist = mkdtempSync(join(tmpdir(), 'passport-pages-'));
  const INDEX = '<!doctype html><title>passport shell</title><div id="root"></div>';
  const PREFIXES = ['', '/en', '/ko', '/zh-cn', '/zh-tw'];
  const samplePath = (pattern: string) => pattern.replace(':id?', '3').replace(':id', '12');

  beforeAll(async () => {
    // Seeded, so that the sample record pages (`/coupon/12/`) name a coupon shown today.
    ({ db, destroy } = await createTestDb({ seed: true }));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    app = testApp(db, { config: { clientDist: dist } }).app;
  });
  afterAll(() => destroy());

  it.each(PREFIXES)('answers every public page under %j with the PWA and 200', async (prefix) => {
    const paths = Object.values(PAGE_PATTERNS).flatMap((p) =>
      p.includes(':id?') ? [p.replace(':id?/', ''), samplePath(p)] : [samplePath(p)],
    );
    for (const path of paths) {
      const r = await page(app)
        .get(prefix + path)
        .set('Cookie', 'i18n_redirected=ja');
      expect(r.status, prefix + path).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.text).toBe(INDEX);
    }
  });

  it.each([
    '/nothing/',
    '/en/nothing/',
    '/zh-tw/coupon/abc/',
    '/coupon/0/',
    '/ja/faq/',
    '/fr/',
    '/coupon/12/extra/',
    '/management_admin/nothing/',
    '/en/management_admin/nothing/',
    '/zh-tw/management_admin/setting/spot/abc/',
    '/ja/management_admin/',
    '/fr/management_admin/',
    '/en/en/management_admin/',
  ])('answers the unknown page path %s with the PWA and 404', async (path) => {
    const r = await page(app).get(path);
    expect(r.status).toBe(404);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.text).toBe(INDEX);
  });

  it.each(PREFIXES)('answers the page of a coupon not shown today under %j with the PWA and 404', async (prefix) => {
    const spot = await createSpot(db, { name: `下書きの店${prefix}` });
    const draft = await createCoupon(db, { spotIds: [spot.id], title: '下書きクーポン', published: false });
    const expired = await createCoupon(db, { spotIds: [spot.id], title: '期限切れ', validTo: '2026-11-20' });
    for (const id of [999_999, 2_147_483_648, draft, expired]) {
      const r = await page(app).get(`${prefix}/coupon/${id}/`).set('Cookie', 'i18n_redirected=ja');
      expect(r.status, `${prefix}/coupon/${id}/`).toBe(404);
      expect(r.text).toBe(INDEX);
    }
  });

  it('answers HEAD like GET', async () => {
    expect((await page(app).head('/en/faq/')).status).toBe(200);
    expect((await page(app).head('/en/nope/')).status).toBe(404);
  });

  it('answers a missing file with the JSON 404, not the page', async () => {
    const r = await page(app).get('/robots.txt');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
  });

  it.each(PREFIXES)('302s a page path without its trailing slash under %j', async (prefix) => {
    for (const path of ['/faq', '/coupon/12', '/stamp', '/campaign/stamp-rally/4']) {
      const r = await page(app).get(`${prefix}${path}?code=abc`);
      expect(r.status).toBe(302);
      expect(r.headers.location).toBe(`${prefix}${path}/?code=abc`);
    }
    if (prefix) expect((await page(app).get(prefix)).headers.location).toBe(`${prefix}/`);
  });

  it('serves the admin pages it knows (the admin app renders them)', async () => {
    expect((await page(app).get('/management_admin/')).status).toBe(200);
    expect((await page(app).get('/management_admin/login/')).status).toBe(200);
    expect((await page(app).get('/management_admin/coupon/5/view/')).status).toBe(200);
    expect((await page(app).get('/management_admin/setting/spot/regist/')).status).toBe(200);
    expect((await page(app).get('/management_admin/setting/spot/7/')).status).toBe(200);
    const unknown = await page(app).get('/management_admin/setting/spot/abc/');
    expect([unknown.status, unknown.text]).toEqual([404, INDEX]);
  });

  it.each([
    '/en/management_admin/',
    '/en/management_admin/login/',
    '/ko/management_admin/coupon/5/view/',
    '/zh-cn/management_admin/setting/spot/7/',
    '/zh-tw/management_admin/user/list/',
  ])('serves the admin page %s under its language prefix like the unprefixed one', async (path) => {
    const r = await page(app).get(path);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.text).toBe(INDEX);
  });

  it('redirects prefixed admin paths without the trailing slash, and leaves ?lang= alone there', async () => {
    const bare = await page(app).get('/en/management_admin');
    expect(bare.status).toBe(302);
    expect(bare.headers.location).toBe('/en/management_admin/');
    const login = await page(app).get('/ko/management_admin/login?next=%2Fmanagement_admin%2F');
    expect(login.status).toBe(302);
    expect(login.headers.location).toBe('/ko/management_admin/login/?next=%2Fmanagement_admin%2F');
    const lang = await page(app).get('/en/management_admin/?lang=ko');
    expect(lang.status).toBe(200);
    expect(lang.headers['set-cookie']).toBeUndefined();
  });

  const cookieOf = (r: Response) =>
    ([] as string[]).concat(r.headers['set-cookie'] ?? []).find((c) => c.startsWith('i18n_redirected='));

  it('?lang=en remembers English for 365 days, drops the parameter and redirects to the prefixed page', async () => {
    const r = await page(app).get('/coupon/12/?code=9&lang=en');
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/en/coupon/12/?code=9');
    const cookie = cookieOf(r)!;
    expect(cookie).toMatch(/^i18n_redirected=en;/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect((await page(app).get('/ko/faq/?lang=ja')).headers.location).toBe('/faq/');
  });

  it('drops an unknown ?lang and keeps the language', async () => {
    const r = await page(app).get('/en/faq/?lang=fr');
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/en/faq/');
    expect(cookieOf(r)).toBeUndefined();
  });

  it('on the root path: the cookie wins over the browser language, which wins over ja', async () => {
    const byCookie = await page(app)
      .get('/')
      .set('Cookie', 'other=1; i18n_redirected=ko')
      .set('Accept-Language', 'en-US,en;q=0.9');
    expect(byCookie.status).toBe(302);
    expect(byCookie.headers.location).toBe('/ko/');
    expect(byCookie.headers.vary).toMatch(/Cookie/);
    expect(byCookie.headers.vary).toMatch(/Accept-Language/);

    const byBrowser = await page(app).get('/').set('Accept-Language', 'zh-TW,zh;q=0.9,ja;q=0.5');
    expect(byBrowser.headers.location).toBe('/zh-tw/');
    expect(cookieOf(byBrowser)).toMatch(/^i18n_redirected=zh-tw;/);

    const ja = await page(app).get('/').set('Cookie', 'i18n_redirected=ja').set('Accept-Language', 'en-US');
    expect(ja.status).toBe(200);
    const unknown = await page(app).get('/').set('Accept-Language', 'fr-FR');
    expect(unknown.status).toBe(200);
    expect(cookieOf(unknown)).toMatch(/^i18n_redirected=ja;/);
  });

  it('redirects on the root path only', async () => {
    const r = await page(app).get('/coupon/').set('Cookie', 'i18n_redirected=ko').set('Accept-Language', 'en');
    expect(r.status).toBe(200);
    expect((await page(app).get('/en/').set('Cookie', 'i18n_redirected=ko')).status).toBe(200);
  });
});
