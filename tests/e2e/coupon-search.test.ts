import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CouponList } from '@contracts/coupons';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { appLive, chromiumAvailable, launchChromium, listen, phoneContext, SHOTS, watchProblems } from './browser';

/**
 * Coupon search (issue 15) in Debian Chromium on a 390x844 phone, on the seeded Kumamoto
 * spots and demo coupons: choosing an area and a purpose shows how many coupons each choice
 * leaves, "show N coupons" opens the list with exactly that many and the filters in its URL,
 * a chip takes a filter off; a Japanese partial keyword finds a seeded shop; a shared link
 * reproduces the search.
 */
const hasChromium = chromiumAvailable();

describe.skipIf(!hasChromium)('coupon search (Chromium, 390x844 phone)', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let server: Server;
  let baseURL: string;
  let browser: Browser;
  let context: BrowserContext;

  const total = async (query: string) => {
    const res = await fetch(`${baseURL}/api/coupons/list/search?${query}`);
    return ((await res.json()) as CouponList).meta.total;
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ db, destroy } = await createTestDb({ seed: true }));
    ({ server, baseURL } = await listen(testApp(db).app));
    browser = await launchChromium();
    context = await phoneContext(browser, baseURL);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await new Promise((r) => server?.close(r));
    await destroy?.();
  });

  /** The count a choice shows (its data-count), once counted. */
  async function countOn(page: Page, group: string, name: string): Promise<number> {
    const choice = page.getByRole('group', { name: group }).getByRole('button', { name });
    await expect.poll(() => choice.getAttribute('data-count')).toMatch(/^\d+$/);
    return Number(await choice.getAttribute('data-count'));
  }
  const showButton = (page: Page) => page.getByTestId('search-show');
  /** Waits until the show button says `n` coupons. */
  const showsCount = (page: Page, n: number) =>
    expect.poll(() => showButton(page).textContent()).toBe(`${n.toLocaleString('ja-JP')}件のクーポンを見る`);

  it('area and purpose narrow the list, and the counts agree with it', async () => {
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/coupon/');
    await appLive(page);
    await page.getByRole('link', { name: '条件で探す' }).tap();
    await page.waitForURL('**/coupon/search_window/');
    await showsCount(page, await total(''));

    const aso = await countOn(page, 'エリア', '阿蘇');
    expect(aso).toBe(await total('area=aso'));
    await page.getByRole('group', { name: 'エリア' }).getByRole('button', { name: '阿蘇' }).tap();
    await showsCount(page, aso);
    // With 阿蘇 chosen, each purpose says what it would leave in 阿蘇.
    await expect.poll(() => countOn(page, '目的', '温泉')).toBe(await total('area=aso&purpose=spa'));
    const spaInAso = await countOn(page, '目的', '温泉');
    expect(spaInAso).toBeGreaterThan(0);
    expect(spaInAso).toBeLessThan(aso);
    await page.getByRole('group', { name: '目的' }).getByRole('button', { name: '温泉' }).tap();
    await showsCount(page, spaInAso);
    await page.screenshot({ path: `${SHOTS}/coupon-search.png` });

    await showButton(page).tap();
    await page.waitForURL((u) => u.pathname === '/coupon/' && u.search === '?area=aso&purpose=spa');
    await expect.poll(() => page.getByTestId('coupon-total').textContent()).toContain(String(spaInAso));
    await expect.poll(() => page.getByTestId('coupon-grid').locator('li').count()).toBe(Math.min(spaInAso, 10));
    const chips = page.getByTestId('filter-chips');
    await chips.waitFor();
    await page.screenshot({ path: `${SHOTS}/coupon-list-filtered.png` });

    // One tap takes a filter off.
    await chips.getByRole('button', { name: '「温泉」の条件を外す' }).tap();
    await page.waitForURL((u) => u.search === '?area=aso');
    await expect.poll(() => page.getByTestId('coupon-total').textContent()).toContain(String(aso));
    await chips.getByRole('button', { name: '「阿蘇」の条件を外す' }).tap();
    await page.waitForURL((u) => u.pathname === '/coupon/' && u.search === '');
    await expect(chips.count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a Japanese partial keyword finds the seeded shop, and the link reproduces the search', async () => {
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/coupon/search_window/');
    await appLive(page);
    // 黒川温泉 (kmt-0148) by two characters of its name.
    await page.getByLabel('キーワード').fill('黒川');
    const n = await total(`keyword=${encodeURIComponent('黒川')}`);
    expect(n).toBeGreaterThan(0);
    await showsCount(page, n);
    await page.screenshot({ path: `${SHOTS}/coupon-search-keyword.png` });
    await showButton(page).tap();
    await page.waitForURL((u) => u.searchParams.get('keyword') === '黒川');
    const grid = page.getByTestId('coupon-grid');
    await expect.poll(() => grid.textContent()).toContain('黒川温泉');
    const url = page.url();
    await page.close();

    // The same link opened afresh (server-rendered with the filter, then the app) shows the same list.
    const shared = await context.newPage();
    await shared.goto(url);
    await appLive(shared);
    await expect.poll(() => shared.getByTestId('coupon-grid').textContent()).toContain('黒川温泉');
    await expect.poll(() => shared.getByTestId('coupon-grid').locator('li').count()).toBe(Math.min(n, 10));
    await shared
      .getByTestId('filter-chips')
      .getByRole('button', { name: '「キーワード: 黒川」の条件を外す' })
      .waitFor();
    expect(problems).toEqual([]);
    await shared.close();
  });

  it('offline: says that search needs the network and leads to the list', async () => {
    const page = await context.newPage();
    await page.goto('/coupon/search_window/');
    await appLive(page);
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await page.getByText('検索にはインターネット接続が必要です', { exact: false }).waitFor();
    expect(await showButton(page).isDisabled()).toBe(true);
    expect(await showButton(page).textContent()).toBe('オフラインでは検索できません');
    await page.screenshot({ path: `${SHOTS}/coupon-search-offline.png` });
    await context.setOffline(false);
    await page.close();
  });
});
