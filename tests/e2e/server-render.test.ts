import type { Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CouponList } from '@contracts/coupons';
import { PRERENDER_SCRIPT_ID, type PrerenderedData } from '@site/prerender';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { appLive, chromiumAvailable, IPHONE_UA, launchChromium, listen, phoneContext, SHOTS } from './browser';

/**
 * Issue 5: `/coupon/` comes rendered by the server (client/src/entry-server.tsx, built into
 * dist/server by the global setup) with its first page of coupons, so it paints before any
 * script; the app then takes over the same page without loading that page again.
 */
const hasChromium = chromiumAvailable();
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

const dataOf = (html: string): PrerenderedData => {
  const m = new RegExp(`<script type="application/json" id="${PRERENDER_SCRIPT_ID}">(.*?)</script>`, 's').exec(html);
  if (!m?.[1]) throw new Error('no prerendered data in the page');
  return JSON.parse(m[1]) as PrerenderedData;
};

describe.skipIf(!hasChromium)('server-rendered coupon list (Chromium, 390x844 phone)', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let server: Server;
  let baseURL: string;
  let browser: Browser;
  let firstPage: CouponList;

  const get = (path: string, userAgent = IPHONE_UA) => fetch(baseURL + path, { headers: { 'user-agent': userAgent } });

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb({ seed: true }));
    ({ server, baseURL } = await listen(testApp(db).app));
    firstPage = (await (await fetch(`${baseURL}/api/coupons/list/search?page=1&limit=10`)).json()) as CouponList;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => server?.close(r));
    await destroy?.();
  });

  it('answers /coupon/ with the first page of coupons in the HTML, its data, title, language and CSS', async () => {
    const res = await get('/coupon/');
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toMatch(/User-Agent/i);
    const html = await res.text();
    expect(html).toContain('<html lang="ja"');
    expect(html).toMatch(/<title>クーポン一覧｜くまもと旅パスポート<\/title>/);
    expect(html).toContain('data-testid="coupon-grid"');
    for (const c of firstPage.data) expect(html).toContain(`data-coupon-id="${c.id}"`);
    const data = dataOf(html);
    expect(data.locale).toBe('ja');
    expect(data.couponList?.items.map((c) => c.id)).toEqual(firstPage.data.map((c) => c.id));
    expect(data.couponList?.total).toBe(firstPage.meta.total);
    // The running rally (the clock is inside the seeded one): the header links my stamps.
    const rally = (await (await fetch(`${baseURL}/api/coupons/get/campaign`)).json()) as {
      data: { id: number } | null;
    };
    expect(data.runningRally?.id).toBe(rally.data?.id);
    expect(html).toContain(`<a class="tool" href="/stamp/"`);
    // The list screen's CSS is linked in the head, so the painted page is styled.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/coupons-[\w-]+\.css">/);
    // The app's code comes after the page: no early fetch competing with the CSS.
    expect(head).not.toContain('modulepreload');
  });

  it('renders each language under its prefix', async () => {
    const en = await (await get('/en/coupon/')).text();
    expect(en).toContain('<html lang="en"');
    expect(en).toContain('<title>Coupons');
    expect(dataOf(en).locale).toBe('en');
    const enList = (await (
      await fetch(`${baseURL}/api/coupons/list/search?page=1&limit=10`, { headers: { 'x-lang': 'en' } })
    ).json()) as CouponList;
    expect(dataOf(en).couponList?.items[0]?.title).toBe(enList.data[0]?.title);
    expect(dataOf(await (await get('/zh-tw/coupon/')).text()).locale).toBe('zh-tw');
  });

  it('gives a desktop the PC message (spec 1) without loading coupons, and other pages the plain shell', async () => {
    const pc = await (await get('/coupon/', DESKTOP_UA)).text();
    expect(pc).toContain('data-testid="pc-gate"');
    expect(dataOf(pc).couponList).toBeUndefined();
    const home = await (await get('/')).text();
    expect(home).toContain('<div id="root"></div>');
    expect(home).toContain('rel="modulepreload"');
  });

  it('paints the list with scripts disabled, and the app takes it over without asking for the first page again', async () => {
    const noJs = await phoneContext(browser, baseURL, { javaScriptEnabled: false, serviceWorkers: 'block' });
    const still = await noJs.newPage();
    await still.goto('/coupon/');
    await expect(still.locator('[data-testid="coupon-grid"] > li').count()).resolves.toBe(firstPage.data.length);
    await expect(still.locator('.coupon-card__shop').first().isVisible()).resolves.toBe(true);
    await still.screenshot({ path: `${SHOTS}/coupon-list-before-scripts.png`, animations: 'disabled' });
    await noJs.close();

    const context = await phoneContext(browser, baseURL, { serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const listCalls: string[] = [];
    const rallyCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/coupons/list/search')) listCalls.push(r.url());
      if (r.url().includes('/api/coupons/get/campaign')) rallyCalls.push(r.url());
    });
    // Whether the server's page was ever replaced by a loading state before the app's list.
    await page.addInitScript(() => {
      const w = window as unknown as { __skeleton?: boolean };
      new MutationObserver(() => {
        if (document.querySelector('.coupon-card--skeleton')) w.__skeleton = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/coupon/');
    await appLive(page);
    // The footer is the app's own (the server leaves it out).
    await page.getByTestId('site-footer').waitFor();
    await expect(page.locator('[data-testid="coupon-grid"] > li').count()).resolves.toBe(firstPage.data.length);
    expect(await page.evaluate(() => (window as unknown as { __skeleton?: boolean }).__skeleton ?? false)).toBe(false);
    expect(listCalls.filter((u) => /[?&]page=1(&|$)/.test(u))).toEqual([]);
    expect(rallyCalls).toEqual([]);
    await expect(page.getByRole('link', { name: 'マイスタンプ', exact: true }).first().isVisible()).resolves.toBe(true);
    // The app is live: the next page loads when asked for.
    await page.getByRole('button', { name: 'もっと見る' }).click();
    await expect
      .poll(() => page.locator('[data-testid="coupon-grid"] > li').count())
      .toBeGreaterThan(firstPage.data.length);
    expect(listCalls.some((u) => /[?&]page=2(&|$)/.test(u))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
