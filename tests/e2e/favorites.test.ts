import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CouponList } from '@contracts/coupons';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createVisitor } from '../helpers/factories';
import { appLive, chromiumAvailable, launchChromium, listen, phoneContext, SHOTS, watchProblems } from './browser';

/**
 * Issue 15 in Debian Chromium on a 390x844 phone: a heart tapped offline stays a favourite
 * after a reload and is sent when the network is back (the server agrees; a heart tapped on
 * and off offline sends nothing more than its last state); the favourites screen, offline
 * and online; the ranking screen with its week and season tabs and area choice.
 * The server's clock is fixed at 2026-11-21 12:00 JST (a Saturday, inside the seeded rally).
 */
const hasChromium = chromiumAvailable();

type OutboxRow = { path: string; body: { couponId: number; favorite: boolean }; ref: { kind: string } };

describe.skipIf(!hasChromium)('favourites and ranking (Chromium, 390x844 phone)', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let server: Server;
  let baseURL: string;
  let browser: Browser;
  let firstPage: CouponList;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
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

  const outbox = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<OutboxRow[]>((resolve, reject) => {
          const open = indexedDB.open('passport-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const req = open.result.transaction('outbox').objectStore('outbox').getAll();
            req.onsuccess = () => {
              resolve(req.result as OutboxRow[]);
              open.result.close();
            };
          };
        }),
    );
  const heartOf = (page: Page, id: number) =>
    page.locator(`[data-testid="coupon-grid"] > li:has(a[data-coupon-id="${id}"]) [data-testid="favorite-button"]`);
  const favoritesOf = (userId: number) =>
    db('coupon_favorites').where('user_id', userId).orderBy('coupon_id').pluck('coupon_id');

  it('a heart tapped offline is still a favourite after a reload and after reconnecting, and the server agrees', async () => {
    const [x, y] = [firstPage.data[0]!, firstPage.data[1]!];
    const context = await phoneContext(browser, baseURL);
    const page = await context.newPage();
    const problems = watchProblems(page, { allowNetErrors: true });

    // Signed out, the heart asks to sign in first: the sheet, and nothing is kept.
    await page.goto('/coupon/');
    await appLive(page);
    const signedOutHeart = heartOf(page, x.id);
    expect(await signedOutHeart.getAttribute('aria-pressed')).toBe('false');
    expect(await signedOutHeart.getAttribute('aria-label')).toBe(`${x.spot!.name}をお気に入りに保存`);
    const box = (await signedOutHeart.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await signedOutHeart.tap();
    await page.getByRole('dialog').getByRole('button', { name: 'デモ旅行者としてログイン' }).tap();
    // Once signed in, that tap goes on: the heart is full and the server keeps it.
    await expect.poll(() => heartOf(page, x.id).getAttribute('aria-pressed')).toBe('true');
    const userId = Number((await db('users').orderBy('id', 'desc').first('id'))!.id);
    await expect.poll(() => favoritesOf(userId)).toEqual([x.id]);
    // Service worker in control, so the app opens offline.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });

    // Offline: X off, Y on, then Y off and on again: the queue keeps one request per coupon (the last tap).
    await context.setOffline(true);
    await page.getByTestId('offline-banner').waitFor();
    await heartOf(page, x.id).tap();
    await expect.poll(() => heartOf(page, x.id).getAttribute('aria-pressed')).toBe('false');
    for (let i = 0; i < 3; i++) await heartOf(page, y.id).tap();
    await expect.poll(() => heartOf(page, y.id).getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () => (await outbox(page)).filter((o) => o.ref.kind === 'favorite').map((o) => o.body))
      .toEqual([
        { couponId: x.id, favorite: false },
        { couponId: y.id, favorite: true },
      ]);
    expect(await favoritesOf(userId)).toEqual([x.id]);

    // A reload offline: the hearts as tapped (IndexedDB), and the favourites screen from IndexedDB.
    await page.reload();
    await appLive(page);
    await expect.poll(() => heartOf(page, y.id).getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    expect(await heartOf(page, x.id).getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('link', { name: 'お気に入り', exact: true }).tap();
    await page.waitForURL('**/coupon/favorite/');
    await page.getByTestId('favorites-grid').waitFor();
    expect(
      await page
        .locator('[data-testid="favorites-grid"] a[data-coupon-id]')
        .evaluateAll((as) => as.map((a) => Number(a.getAttribute('data-coupon-id')))),
    ).toEqual([y.id]);
    await page.getByTestId('favorites-unsent').waitFor();
    await page.screenshot({ path: `${SHOTS}/favorites-offline.png`, animations: 'disabled' });

    // Back online: the queue is sent, the server agrees, and the screen shows the server's list.
    await context.setOffline(false);
    await expect.poll(() => favoritesOf(userId), { timeout: 40_000 }).toEqual([y.id]);
    await expect.poll(() => outbox(page).then((o) => o.length)).toBe(0);
    await page.reload();
    await page.getByTestId('favorites-grid').waitFor();
    expect(await page.getByTestId('favorites-count').textContent()).toBe('1件');
    expect(await page.getByTestId('favorites-unsent').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/favorites.png`, animations: 'disabled' });

    // The list online: the hearts agree with the server.
    // The server renders the list signed out; the hearts follow once the favourites are read (after the first view).
    await page.goto('/coupon/');
    await appLive(page);
    await expect.poll(() => heartOf(page, y.id).getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    expect(await heartOf(page, x.id).getAttribute('aria-pressed')).toBe('false');
    await page.screenshot({ path: `${SHOTS}/coupon-list-hearts.png`, animations: 'disabled' });

    // Taking the last one off on the favourites screen: the empty state.
    await page.goto('/coupon/favorite/');
    await page.getByTestId('favorites-grid').waitFor();
    await page.locator('[data-testid="favorites-grid"] [data-testid="favorite-button"]').first().tap();
    await page.getByTestId('favorites-empty').waitFor();
    await expect.poll(() => favoritesOf(userId)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/favorites-empty.png`, animations: 'disabled' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the ranking screen: reached from the list, this week and this season, per area, with places and uses', async () => {
    // Uses this week (from Mon 16 Nov) and earlier in the rally (from 1 Nov), by seeded coupons.
    const [a, b, c] = firstPage.data;
    const spotOf = async (couponId: number) =>
      Number((await db('coupon_spots').where('coupon_id', couponId).first('spot_id'))!.spot_id);
    const users = await Promise.all(Array.from({ length: 4 }, () => createVisitor(db)));
    let seq = 0;
    const use = async (couponId: number, days: string[]) => {
      const spotId = await spotOf(couponId);
      for (const [i, day] of days.entries()) {
        seq += 1;
        await db('redemptions').insert({
          user_id: users[i]!.id,
          coupon_id: couponId,
          spot_id: spotId,
          used_on: day,
          received_on: day,
          used_at: `${day}T03:00:00.000Z`,
          latitude: 32.8,
          longitude: 130.7,
          distance_m: 10,
          idempotency_key: `ranking-e2e-${seq}`,
          created_at: `${day}T03:00:00.000Z`,
        });
      }
    };
    await use(a!.id, ['2026-11-16', '2026-11-20']);
    await use(b!.id, ['2026-11-18', '2026-11-19', '2026-11-21']);
    await use(c!.id, ['2026-11-03', '2026-11-05', '2026-11-07', '2026-11-21']);

    const context = await phoneContext(browser, baseURL);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/coupon/');
    await appLive(page);
    await page.getByRole('link', { name: '人気ランキング', exact: true }).tap();
    await page.waitForURL('**/coupon/ranking/');
    await page.getByTestId('ranking-list').waitFor();
    const rows = () =>
      page
        .getByTestId('ranking-row')
        .evaluateAll((lis) =>
          lis.map((li) => [
            Number(li.querySelector('a')!.getAttribute('data-coupon-id')),
            li.querySelector('.ranking-row__rank')!.textContent,
            li.querySelector('[data-testid="ranking-uses"]')!.textContent,
          ]),
        );
    expect(await rows()).toEqual([
      [b!.id, '1位', '3回利用'],
      [a!.id, '2位', '2回利用'],
      [c!.id, '3位', '1回利用'],
    ]);
    expect(await page.getByTestId('ranking-note').textContent()).toContain('月曜日から');
    await page.screenshot({ path: `${SHOTS}/ranking-week.png`, animations: 'disabled' });

    await page.getByRole('tab', { name: '今シーズン' }).tap();
    await expect.poll(() => page.url()).toContain('period=season');
    await expect.poll(rows).toEqual([
      [c!.id, '1位', '4回利用'],
      [b!.id, '2位', '3回利用'],
      [a!.id, '3位', '2回利用'],
    ]);
    expect(await page.getByRole('tab', { name: '今シーズン' }).getAttribute('aria-selected')).toBe('true');
    await page.screenshot({ path: `${SHOTS}/ranking-season.png`, animations: 'disabled' });

    // One area: only that area's coupons (the area of the top coupon of the season).
    await page.getByTestId('ranking-area').selectOption(c!.area);
    await expect.poll(() => page.url()).toContain(`area=${c!.area}`);
    const expected = [c, b, a].filter((x) => x!.area === c!.area).map((x) => x!.id);
    await expect.poll(async () => (await rows()).map((r) => r[0])).toEqual(expected);
    expect(problems).toEqual([]);
    await context.close();
  });
});
