import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketCounts } from '@contracts/coupon-calls';
import type { CouponCard, CouponDetail } from '@contracts/coupons';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCampaign } from '../helpers/factories';
import { appLive, chromiumAvailable, launchChromium, listen, phoneContext, SHOTS, watchProblems } from './browser';

/**
 * Issue 15 in Debian Chromium on a phone (390x844): the stamp rally page (signed out with the
 * sign-in prompt; signed in after a coupon use, with the stamp in its area; an ended rally; an
 * unknown one; offline from its saved copy) and the information form (choose a coupon by a
 * partial name, send, the inquiry stored about it; a link naming a coupon; choosing a shop;
 * sending without a choice). The real server and built client on a seeded database, clock
 * 2026-11-21 12:00 JST (inside the seeded rally).
 */
const hasChromium = chromiumAvailable();
const RALLY_NAME = 'くまもと冬のスタンプラリー 2026';

describe.skipIf(!hasChromium)('rally page and information form (Chromium, 390x844 phone)', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let server: Server;
  let baseURL: string;
  let browser: Browser;
  let rallyId: number;
  let pastRally: number;
  let coupon: CouponDetail;
  const contexts: BrowserContext[] = [];

  const getJson = async <T>(path: string): Promise<T> =>
    ((await (await fetch(baseURL + path)).json()) as { data: T }).data;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ db, destroy } = await createTestDb({ seed: true }));
    ({ server, baseURL } = await listen(testApp(db).app));
    rallyId = (await getJson<{ id: number }>('/api/coupons/get/campaign')).id;
    pastRally = await createCampaign(db, { startsOn: '2025-11-01', endsOn: '2026-01-31', name: '去年の冬のラリー' });
    const cards = await getJson<CouponCard[]>('/api/coupons/list/search?keyword=%E7%86%8A%E6%9C%AC%E5%9F%8E&limit=10');
    const red = cards.find((c) => !c.givesGold)!;
    coupon = await getJson<CouponDetail>(`/api/coupons/${red.id}`);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await new Promise((r) => server?.close(r));
    await destroy?.();
  });

  async function phone(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const spot = coupon.spots[0]!;
    const context = await phoneContext(browser, baseURL, {
      geolocation: { latitude: spot.latitude, longitude: spot.longitude, accuracy: 10 },
    });
    contexts.push(context);
    // The phone's clock at the server's (a rally's state on the page is today's JST date).
    await context.clock.setFixedTime(new Date('2026-11-21T03:00:00Z'));
    const page = await context.newPage();
    return { context, page, problems: watchProblems(page, { allowNetErrors: true }) };
  }
  const h1 = (page: Page) => page.locator('main h1').first().textContent();
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage: true });

  it('signed out: the running rally, its rules, six areas with today\u2019s coupons, a sign-in prompt', async () => {
    const { page, problems } = await phone();
    await page.goto('/campaign/stamp-rally/');
    await appLive(page);
    await expect.poll(() => h1(page)).toBe(RALLY_NAME);
    expect(await page.getByTestId('rally-state').textContent()).toBe('開催中');
    expect(await page.locator('main').textContent()).toContain('2026年11月1日〜2027年1月31日');
    await page.getByTestId('rally-sign-in').waitFor();
    const tickets = await getJson<TicketCounts>('/api/coupons/allnum/ticket');
    const areas = page.getByTestId('rally-areas').locator('li');
    expect(await areas.count()).toBe(6);
    expect(await areas.locator('.rally-area__name').allTextContents()).toEqual([
      '県北',
      '県央',
      '熊本市',
      '阿蘇',
      '県南',
      '天草',
    ]);
    expect(await page.locator('li[data-area="aso"] .rally-area__coupons').textContent()).toBe(
      `今日のクーポン ${tickets.byArea.aso}件`,
    );
    // Signed out there is no prizes link (it sits with the visitor's stamps); the rules name the prizes.
    expect(await page.locator('main a[href*="/prize/"]').count()).toBe(0);
    expect(await page.locator('main').textContent()).toContain(
      '集めたポイントの合計に応じて、プレゼントに応募できます。',
    );
    for (const box of await page
      .locator('main a.btn, main button')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
      expect(box).toBeGreaterThanOrEqual(44);
    await shot(page, 'rally-signed-out');

    // The menu's RALLY leads here.
    await page.getByTestId('menu-button').tap();
    expect(await page.locator('[data-menu="rally"]').getAttribute('href')).toBe(`/campaign/stamp-rally/${rallyId}/`);
    expect(problems).toEqual([]);
  });

  it('signed in after a coupon use: the stamp counts, in its area and the latest list; offline from the copy', async () => {
    const { context, page, problems } = await phone();
    await page.goto(`/campaign/stamp-rally/${rallyId}/`);
    await page.getByTestId('rally-sign-in').getByRole('button').tap();
    await page.getByRole('dialog').getByRole('button', { name: 'デモ旅行者としてログイン' }).tap();
    await expect.poll(() => page.getByTestId('rally-total').textContent()).toBe('0');

    await page.goto(`/coupon/${coupon.id}/`);
    await page.getByRole('button', { name: '使用済みにする' }).tap();
    await page.getByTestId('coupon-used').waitFor();

    await page.goto(`/campaign/stamp-rally/${rallyId}/`);
    await expect.poll(() => page.getByTestId('rally-total').textContent()).toBe('1');
    expect(await page.getByTestId('rally-red').textContent()).toBe('1');
    const area = coupon.area;
    expect(await page.getByTestId(`area-stamps-${area}`).textContent()).toBe('スタンプ 1個1ポイント');
    expect(await page.getByTestId('rally-latest').textContent()).toContain(coupon.title);
    const active = (await (await fetch(`${baseURL}/api/coupons/has/coupon/active`)).json()) as {
      data: { count: number };
    };
    expect(await page.getByTestId('rally-unused-today').textContent()).toBe(
      `今日まだ使えるクーポンが${new Intl.NumberFormat('ja-JP').format(active.data.count - 1)}件あります。`,
    );
    expect(await page.getByRole('link', { name: 'スタンプカードを見る' }).getAttribute('href')).toBe(
      `/stamp/${rallyId}/`,
    );
    // The prizes link, as the menu's PRESENT.
    expect(await page.locator(`main a[href="/prize/${rallyId}/"]`).count()).toBe(1);
    await shot(page, 'rally-signed-in');

    expect(problems).toEqual([]);

    // Offline: the menu's RALLY opens the saved copy, saying when it was saved. (Offline, the
    // idle prefetch of linked screens may log its failed loads; only script errors count.)
    await page.goto('/coupon/');
    await appLive(page);
    await page.getByTestId('menu-button').tap();
    await page.locator('[data-menu="rally"]').waitFor();
    await context.setOffline(true);
    await page.locator('[data-menu="rally"]').tap();
    await page.getByTestId('saved-note').waitFor();
    expect(await page.getByTestId('rally-total').textContent()).toBe('1');
    await shot(page, 'rally-offline');
    await context.setOffline(false);
    expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
  });

  it('an ended rally says so and leads to the running one; an unknown id is not found', async () => {
    const { page, problems } = await phone();
    await page.goto(`/campaign/stamp-rally/${pastRally}/`);
    await page.getByTestId('rally-over').waitFor();
    expect(await h1(page)).toBe('去年の冬のラリー');
    expect(await page.getByTestId('rally-state').textContent()).toBe('終了しました');
    expect(await page.getByTestId('rally-over').textContent()).toContain('2026年1月31日に終了しました');
    await shot(page, 'rally-over');
    await page.getByTestId('rally-over').getByRole('link').tap();
    await expect.poll(() => h1(page)).toBe(RALLY_NAME);

    await page.goto('/campaign/stamp-rally/999999/');
    await page.getByTestId('rally-not-found').waitFor();
    expect(await page.getByTestId('rally-not-found').textContent()).toContain('スタンプラリーが見つかりませんでした。');
    await shot(page, 'rally-not-found');

    await page.goto(`/en/campaign/stamp-rally/${rallyId}/`);
    await expect.poll(() => h1(page)).toBe('Kumamoto Winter Stamp Rally 2026');
    expect(await page.getByTestId('rally-state').textContent()).toBe('On now');
    expect(problems).toEqual([]);
  });

  it('information form: a partial name finds the coupon; sent, the inquiry is stored about it', async () => {
    const { page, problems } = await phone();
    await page.goto('/info/form/');
    await appLive(page);
    await expect.poll(() => h1(page)).toBe('クーポン・お店についてのお問い合わせ');

    // Sending before choosing says what is missing, and sends nothing.
    await page.getByTestId('agree').check();
    await page.locator('main form button[type="submit"]').tap();
    expect(await page.getByTestId('info-about-error').textContent()).toBe(
      'お問い合わせするクーポンまたはお店を選んでください。',
    );
    await shot(page, 'info-form-choose-first');

    await page.getByLabel('クーポン名・お店の名前で探す').fill('熊本城');
    await page.getByRole('button', { name: '探す', exact: true }).tap();
    await page.getByTestId('info-results').waitFor();
    const results = page.getByTestId('info-results').getByRole('button');
    expect(await results.count()).toBeGreaterThan(0);
    expect(await results.allTextContents()).toContainEqual(expect.stringContaining(coupon.title));
    await shot(page, 'info-form-results');
    await results.filter({ hasText: coupon.title }).first().tap();
    expect(await page.getByTestId('info-chosen').textContent()).toContain(coupon.title);

    await page.getByLabel('LINEのプロフィール名').fill('熊本 花子');
    await page.getByLabel('メールアドレス').fill('hanako@example.jp');
    await page.getByLabel('お問い合わせ内容').fill('このクーポンは何名まで使えますか。');
    await shot(page, 'info-form-filled');
    await page.locator('main form button[type="submit"]').tap();
    await page.getByTestId('contact-success').waitFor();
    expect(await page.getByTestId('inquiry-about-name').textContent()).toBe(`対象: ${coupon.title}`);
    await shot(page, 'info-form-sent');
    const row = await db('contact_inquiries').orderBy('id', 'desc').first();
    expect([row.about_kind, row.about_id, row.about_label, row.content]).toEqual([
      'coupon',
      coupon.id,
      coupon.title,
      'このクーポンは何名まで使えますか。',
    ]);
    expect(problems).toEqual([]);
  });

  it('information form: a link names the coupon; a shop can be chosen instead', async () => {
    const { page, problems } = await phone();
    await page.goto(`/info/form/?coupon=${coupon.id}`);
    await page.getByTestId('info-chosen').waitFor();
    expect(await page.getByTestId('info-chosen').textContent()).toContain(coupon.title);
    await page.getByRole('button', { name: '選び直す' }).tap();
    await page.getByText('お店', { exact: true }).tap();
    await page.getByLabel('クーポン名・お店の名前で探す').fill('熊本城');
    await page.getByLabel('クーポン名・お店の名前で探す').press('Enter');
    await page.getByTestId('info-results').waitFor();
    const names = await page.getByTestId('info-results').locator('.about__name').allTextContents();
    expect(names).toContain(coupon.spots[0]!.name);
    expect(new Set(names).size).toBe(names.length);
    await page.getByTestId('info-results').getByRole('button').nth(names.indexOf(coupon.spots[0]!.name)).tap();
    expect(await page.getByTestId('info-chosen').textContent()).toContain('お問い合わせするお店');
    await shot(page, 'info-form-shop');
    expect(problems).toEqual([]);
  });
});
