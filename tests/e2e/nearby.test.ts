import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import {
  appLive,
  chromiumAvailable,
  IPHONE_UA,
  launchChromium,
  listen,
  phoneContext,
  SHOTS,
  watchProblems,
} from './browser';

/**
 * Issue 15 in Debian Chromium on a 390x844 phone: coupons near me (an emulated position before
 * 熊本城 lists the seeded shops around it with distances, on a map; location refused explains
 * what to do), and a shop's coupons page (from a coupon's shop entry, with its map and the
 * store code entry). No request leaves the machine: OpenStreetMap tiles are answered here
 * (a small grey tile) or refused, and the list must work either way.
 */
const hasChromium = chromiumAvailable();
/** Kumamoto Castle (熊本城), where the visitor stands. */
const CASTLE = { latitude: 32.8062, longitude: 130.7058, accuracy: 12 };
/** A 1x1 light grey PNG, the stand-in for every tile. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
  'base64',
);
const LINE_IOS_UA = IPHONE_UA.replace(
  'Version/18.5 Mobile/15E148 Safari/604.1',
  'Mobile/15E148 Safari Line/14.20.0 LIFF',
);

describe.skipIf(!hasChromium)('coupons near me and a shop’s coupons (Chromium, 390x844 phone)', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let server: Server;
  let baseURL: string;
  let browser: Browser;
  let castleSpot: { id: number; qr_code: string };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ db, destroy } = await createTestDb({ seed: true }));
    ({ server, baseURL } = await listen(testApp(db).app));
    castleSpot = await db('spots').where({ store_code: 'kmt-0106' }).first('id', 'qr_code');
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => server?.close(r));
    await destroy?.();
  });

  /**
   * A phone at 熊本城 whose requests stay on this machine: the app's own go through; tiles are
   * answered with TILE (`tiles: 'serve'`) or refused (`'refuse'`); anything else is refused.
   * Returns the tile URLs asked for and any other outside URL asked for.
   */
  async function phone(
    tiles: 'serve' | 'refuse',
    extra: BrowserContextOptions = {},
  ): Promise<{ context: BrowserContext; tileUrls: string[]; outside: string[] }> {
    const context = await phoneContext(browser, baseURL, { geolocation: CASTLE, ...extra });
    const tileUrls: string[] = [];
    const outside: string[] = [];
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.origin === baseURL) return route.continue();
      if (url.hostname === 'tile.openstreetmap.org') {
        tileUrls.push(url.href);
        return tiles === 'serve' ? route.fulfill({ status: 200, contentType: 'image/png', body: TILE }) : route.abort();
      }
      outside.push(url.href);
      return route.abort();
    });
    return { context, tileUrls, outside };
  }

  /** Before going offline: the app's after-first-view modules are in (the service worker controls the page). */
  async function readyForOffline(page: Page) {
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
  }

  async function openNearby(page: Page, path = '/coupon/gps/nearly_coupon/') {
    await page.goto(path);
    await appLive(page);
  }

  it('lists the shops around 熊本城 nearest first with distances, on a map with the OSM attribution', async () => {
    const { context, tileUrls, outside } = await phone('serve');
    const page = await context.newPage();
    const problems = watchProblems(page);
    await openNearby(page);
    const grid = page.getByTestId('nearby-grid');
    await grid.waitFor();
    const cards = grid.locator('.coupon-card');
    await expect.poll(() => cards.count()).toBe(10);
    const shops = await grid.locator('.place__shop').allTextContents();
    expect(shops[0]).toBe('熊本城');
    expect(shops).toEqual(expect.arrayContaining(['熊本大神宮', '熊本城稲荷神社', '加藤神社']));
    const distances = await page.getByTestId('nearby-distance').allTextContents();
    expect(distances[0]).toMatch(/^\d+ m$/);
    const metres = distances.map((d) => (d.endsWith(' km') ? Number.parseFloat(d) * 1000 : Number.parseInt(d, 10)));
    expect([...metres].sort((a, b) => a - b)).toEqual(metres);
    await expect.poll(() => grid.getByText('ここで使えます').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('nearby-total').textContent()).toMatch(/^現在地から3 km以内に\d+件$/);

    // The map: the visitor and the shops, OpenStreetMap tiles (answered here) and their attribution.
    const map = page.getByTestId('spot-map');
    await map.waitFor();
    await expect.poll(() => map.locator('path.leaflet-interactive').count()).toBeGreaterThan(3);
    const credit = map.locator('.leaflet-control-attribution a');
    expect(await credit.textContent()).toBe('© OpenStreetMap contributors');
    expect(await credit.getAttribute('href')).toBe('https://www.openstreetmap.org/copyright');
    await expect.poll(() => tileUrls.length).toBeGreaterThan(0);
    expect(tileUrls.every((u) => /^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/.test(u))).toBe(true);
    for (const button of await map.locator('.leaflet-control-zoom a').all()) {
      const box = (await button.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    await page.screenshot({ path: `${SHOTS}/nearby-coupons.png`, fullPage: true });

    // The next page of ten, further away.
    await page.getByRole('button', { name: 'もっと見る' }).click();
    await expect.poll(() => cards.count()).toBe(20);

    // A card opens its detail; the back arrow returns to the nearby list.
    await cards.first().locator('a').click();
    await page.getByTestId('coupon-discount').waitFor();
    await page.getByRole('link', { name: '近くのクーポン' }).first().click();
    await page.getByTestId('nearby-grid').waitFor();
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps the list usable when tiles cannot load, and offline', async () => {
    const { context, tileUrls, outside } = await phone('refuse');
    const page = await context.newPage();
    const problems = watchProblems(page, { allowNetErrors: true });
    await openNearby(page);
    await page.getByTestId('nearby-grid').waitFor();
    await page.getByTestId('map-failed').waitFor();
    expect(tileUrls.length).toBeGreaterThan(0);
    expect(await page.getByTestId('nearby-grid').locator('.coupon-card').count()).toBe(10);
    await page.screenshot({ path: `${SHOTS}/nearby-coupons-tiles-failed.png`, fullPage: true });

    // Offline: the map gives way to a notice; the list stays, and a card still opens.
    await readyForOffline(page);
    await context.setOffline(true);
    await page.getByTestId('map-offline').waitFor();
    expect(await page.getByTestId('spot-map').count()).toBe(0);
    expect(await page.getByTestId('nearby-grid').locator('.coupon-card').count()).toBe(10);
    await page.screenshot({ path: `${SHOTS}/nearby-coupons-offline-map.png`, fullPage: true });
    await context.setOffline(false);
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('with location refused explains what to do, step by step, with a retry', async () => {
    const { context } = await phone('refuse', { permissions: [] });
    const page = await context.newPage();
    await openNearby(page);
    const ask = page.getByTestId('nearby-ask');
    const denied = page.getByTestId('nearby-denied');
    await Promise.race([ask.waitFor(), denied.waitFor()]);
    if (await ask.isVisible()) await ask.getByRole('button', { name: '現在地から探す' }).click();
    await denied.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('nearby-denied');
    expect(await denied.getByRole('heading', { level: 2 }).textContent()).toBe('位置情報がオフになっています');
    // This phone's guide first (Safari on an iPhone), its steps in order; the others folded.
    const mine = denied.locator('.steps').first();
    expect(await mine.getAttribute('data-guide')).toBe('ios');
    expect(await mine.locator('li').count()).toBe(4);
    expect(await mine.locator('li').first().textContent()).toContain('位置情報サービス');
    await denied.locator('summary').click();
    expect(await denied.locator('.steps').evaluateAll((s) => s.map((e) => e.getAttribute('data-guide')))).toEqual([
      'ios',
      'lineIos',
      'lineAndroid',
      'android',
    ]);
    await page.screenshot({ path: `${SHOTS}/nearby-coupons-denied.png`, fullPage: true });

    // Allowed in the settings, "try again" finds the coupons.
    await context.grantPermissions(['geolocation']);
    await denied.getByRole('button', { name: '設定したので、もう一度試す' }).click();
    await page.getByTestId('nearby-grid').waitFor();
    await context.close();
  });

  it('in LINE on an iPhone shows LINE’s steps first; offline it says so', async () => {
    const { context } = await phone('refuse', { permissions: [], userAgent: LINE_IOS_UA });
    const page = await context.newPage();
    await openNearby(page);
    const ask = page.getByTestId('nearby-ask');
    const denied = page.getByTestId('nearby-denied');
    await Promise.race([ask.waitFor(), denied.waitFor()]);
    await readyForOffline(page);
    await context.setOffline(true);
    await page.getByTestId('nearby-offline').waitFor();
    await page.screenshot({ path: `${SHOTS}/nearby-coupons-offline.png`, fullPage: true });
    await context.setOffline(false);
    await Promise.race([ask.waitFor(), denied.waitFor()]);
    if (await ask.isVisible()) await ask.getByRole('button', { name: '現在地から探す' }).click();
    await denied.waitFor();
    expect(await denied.locator('.steps').first().getAttribute('data-guide')).toBe('lineIos');
    await context.close();
  });

  it('shows a shop’s coupons from a coupon’s shop entry, with its map and the store code entry', async () => {
    const { context, tileUrls, outside } = await phone('serve');
    const page = await context.newPage();
    const problems = watchProblems(page);
    const coupon = await db('coupon_spots').where({ spot_id: castleSpot.id }).first('coupon_id');
    await page.goto(`/coupon/${coupon.coupon_id}/`);
    await appLive(page);
    const shopLink = page.getByTestId('shop-coupons-link').first();
    await shopLink.waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.screenshot({ path: `${SHOTS}/coupon-detail-shop-link.png` });
    await shopLink.click();
    await page.getByTestId('store-name').waitFor();
    expect(new URL(page.url()).search).toBe(`?spot=${castleSpot.id}`);
    expect(await page.getByTestId('store-name').textContent()).toBe('熊本城');
    expect(await page.getByTestId('store-address').textContent()).toBe('熊本県熊本市中央区');
    const cards = page.getByTestId('store-coupons').locator('.coupon-card');
    const count = Number((await db('coupon_spots').where({ spot_id: castleSpot.id }).count({ n: '*' }))[0]?.n);
    await expect.poll(() => cards.count()).toBe(count);
    expect(await page.getByRole('link', { name: /ルートを見る/ }).getAttribute('href')).toContain(
      'destination=32.806,130.7058',
    );
    await page.getByTestId('spot-map').waitFor();
    await expect.poll(() => tileUrls.length).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/store-coupons.png`, fullPage: true });

    // The store code entry: a wrong code is refused beside the field, the shop's code accepted.
    await page.getByRole('button', { name: '店舗コードを入力する' }).click();
    const dialog = page.getByTestId('store-code-dialog');
    await dialog.getByLabel('店舗コード').fill('WRONG234');
    await dialog.getByRole('button', { name: 'このコードを確認する' }).click();
    await dialog.getByTestId('store-code-error').waitFor();
    await page.screenshot({ path: `${SHOTS}/store-coupons-code-wrong.png` });
    await dialog.getByLabel('店舗コード').fill(castleSpot.qr_code.toLowerCase());
    await dialog.getByRole('button', { name: 'このコードを確認する' }).click();
    await page.getByTestId('store-code-ok').waitFor();
    expect(new URL(page.url()).searchParams.get('code')).toBe(castleSpot.qr_code);
    await page.screenshot({ path: `${SHOTS}/store-coupons-code-ok.png`, fullPage: true });
    // Each coupon now opens with the code, which 'mark as used' then takes as the store code.
    await cards.first().locator('a').click();
    await page.getByTestId('coupon-discount').waitFor();
    expect(new URL(page.url()).searchParams.get('code')).toBe(castleSpot.qr_code);

    // Back to the shop, then offline: the copy saved when it was seen shows, saying so.
    await page.getByRole('link', { name: 'お店へ戻る' }).first().click();
    await page.getByTestId('store-name').waitFor();
    await readyForOffline(page);
    await context.setOffline(true);
    await page.goBack();
    await page.goForward();
    await page.getByTestId('saved-note').waitFor();
    expect(await cards.count()).toBe(count);
    await page.getByTestId('map-offline').waitFor();
    await context.setOffline(false);
    expect(outside).toEqual([]);
    expect(problems.filter((p) => !p.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });

  it('says an unknown or missing shop was not found', async () => {
    const { context } = await phone('refuse');
    const page = await context.newPage();
    await page.goto('/coupon/store_coupon/?spot=999999');
    await appLive(page);
    await page.getByTestId('store-not-found').waitFor();
    await page.screenshot({ path: `${SHOTS}/store-coupons-not-found.png` });
    // A code in the address that is not the shop's current one is not taken.
    await page.goto(`/coupon/store_coupon/?spot=${castleSpot.id}&code=WRONG234`);
    await page.getByTestId('store-code-wrong').waitFor();
    expect(await page.getByTestId('store-code-ok').count()).toBe(0);
    const href = await page.getByTestId('store-coupons').locator('a').first().getAttribute('href');
    expect(href).not.toContain('code=');
    await page.goto('/en/coupon/store_coupon/');
    await page.getByTestId('store-not-found').waitFor();
    expect(await page.getByTestId('store-not-found').textContent()).toContain('The shop was not found');
    await context.close();
  });
});
