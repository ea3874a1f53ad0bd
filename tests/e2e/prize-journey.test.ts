import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CouponCard, CouponDetail, CouponList } from '@contracts/coupons';
import type { VisitorPrize } from '@contracts/prizes';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { appLive, chromiumAvailable, launchChromium, listen, phoneContext, SHOTS, watchProblems } from './browser';

/**
 * Issue 12, the visitor's prize screen in Debian Chromium on a 390x844 phone: signed out, the
 * rally's prizes and a sign-in prompt; signed in, the balance and one state per prize (can
 * apply, not enough stamps, out of stock); stamps earned through 'mark as used'; the confirm
 * step, the application with its Idempotency-Key, the balance dropping and the applied state;
 * a refused and a failed application spend nothing; My stamps shows earned, spent and left;
 * offline the saved list shows and applying says it needs the network.
 * The app is the real server with the built client on a seeded database (the three demo
 * prizes of the winter rally), clock at 2026-11-21 12:00 JST.
 */
const hasChromium = chromiumAvailable();
const BROWSER_NOW = new Date('2026-11-21T02:59:00Z');

describe.skipIf(!hasChromium)('prize journey (Chromium, 390x844 phone)', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let server: Server;
  let baseURL: string;
  let browser: Browser;
  let rallyId: number;
  let prizes: VisitorPrize[];
  let reds: CouponDetail[];

  const getJson = async <T>(path: string): Promise<T> => {
    const res = await fetch(baseURL + path);
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ db, destroy } = await createTestDb({ seed: true }));
    ({ server, baseURL } = await listen(testApp(db).app));
    rallyId = (await getJson<{ data: { id: number } }>('/api/coupons/get/campaign')).data.id;
    prizes = (await getJson<{ data: { prizes: VisitorPrize[] } }>(`/api/prizes/get/list?campaignId=${rallyId}`)).data
      .prizes;
    // The gold-heavy exchange prize is gone: its stock is used up.
    await db('prizes').where({ id: prizes[2]!.id }).update({ stock: 0 });
    const list = await getJson<CouponList>('/api/coupons/list/search?page=1&limit=30');
    reds = await Promise.all(
      list.data
        .filter((c: CouponCard) => !c.givesGold)
        .slice(0, 8)
        .map(async (c) => (await getJson<{ data: CouponDetail }>(`/api/coupons/${c.id}`)).data),
    );
    expect(reds).toHaveLength(8);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => server?.close(r));
    await destroy?.();
  });

  const cardOf = (page: Page, prize: VisitorPrize) =>
    page.getByTestId('prize').filter({ has: page.getByRole('heading', { name: prize.name, exact: true }) });
  const stateOf = (page: Page, prize: VisitorPrize) => cardOf(page, prize).getAttribute('data-state');
  const text = (l: Locator) => l.textContent().then((s) => (s ?? '').trim());

  /** The control is at least 44 px tall and wide. */
  async function thumbSized(l: Locator) {
    const b = (await l.boundingBox())!;
    expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(44);
  }

  /** The visitor's token, as the app keeps it. */
  async function tokenOf(context: BrowserContext): Promise<string> {
    const cookie = (await context.cookies()).find((c) => c.name === 'auth._token.line');
    return decodeURIComponent(cookie!.value);
  }

  /** Marks coupons used through the API as the visitor, standing at each coupon's shop: a red stamp each. */
  async function useCoupons(token: string, coupons: CouponDetail[]) {
    for (const c of coupons) {
      const spot = c.spots[0]!;
      const res = await fetch(`${baseURL}/api/coupons/qr/${c.id}`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': `prize-journey-${c.id}`,
        },
        body: JSON.stringify({ lat: spot.latitude, long: spot.longitude, accuracy: 10 }),
      });
      expect(res.status, `coupon ${c.id}`).toBe(200);
    }
  }

  async function balance(page: Page) {
    return {
      earned: await text(page.getByTestId('balance-earned')),
      spent: await text(page.getByTestId('balance-spent')),
      left: await text(page.getByTestId('balance-left')),
    };
  }

  it('applies for the exchange prize: states, confirm, balance drops, applied; refusals spend nothing; offline list', async () => {
    const [towel, lottery, steak] = prizes as [VisitorPrize, VisitorPrize, VisitorPrize];
    expect(towel).toMatchObject({ kind: 'exchange', stampsNeeded: 3 });
    expect(lottery).toMatchObject({ kind: 'lottery', stampsNeeded: 5 });
    const context = await phoneContext(browser, baseURL);
    await context.clock.install({ time: BROWSER_NOW });
    const page = await context.newPage();
    const problems = watchProblems(page, { allowNetErrors: true });
    const posts: Array<{ key?: string; body: string | null }> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/prizes/change/to/presents'))
        posts.push({ key: r.headers()['idempotency-key'], body: r.postData() });
    });

    // 1. Signed out: the prizes with stamps needed and stock, a sign-in prompt; the used-up one says so.
    await page.goto('/prize/');
    await appLive(page);
    await page.getByTestId('prize-list').waitFor();
    expect(await text(page.locator('h1'))).toBe('プレゼント');
    expect(await page.getByTestId('prize').count()).toBe(3);
    expect(await text(cardOf(page, towel).getByTestId('prize-needs'))).toBe('3ポイント');
    expect(await text(cardOf(page, towel).getByTestId('prize-stock'))).toBe('30個');
    expect(await text(cardOf(page, lottery).getByTestId('prize-stock'))).toBe('抽選で決定');
    expect(await stateOf(page, towel)).toBe('signedOut');
    expect(await stateOf(page, steak)).toBe('outOfStock');
    expect(await text(page.getByTestId('prize-sign-in'))).toContain('ログインすると、あなたのスタンプで応募できます。');
    await page.screenshot({ path: `${SHOTS}/prize-signed-out.png`, animations: 'disabled' });

    // 2. Sign in from the prompt (the demo sign-in): no stamps yet, so not enough for any.
    const prompt = page.getByTestId('prize-sign-in').getByRole('button', { name: 'ログインして応募する' });
    await thumbSized(prompt);
    await prompt.tap();
    await page.getByRole('dialog').getByRole('button', { name: 'デモ旅行者としてログイン' }).tap();
    await page.getByTestId('prize-balance').waitFor();
    expect(await balance(page)).toEqual({ earned: '0', spent: '0', left: '0' });
    expect(await stateOf(page, towel)).toBe('notEnough');
    expect(await text(cardOf(page, towel).getByTestId('prize-not-enough'))).toBe('あと3ポイントで応募できます');
    expect(await stateOf(page, steak)).toBe('outOfStock');

    // 3. Four coupons used (four red stamps): the towel can be applied for, the lottery needs one more.
    const token = await tokenOf(context);
    await useCoupons(token, reds.slice(0, 4));
    await page.goto(`/prize/${rallyId}/`);
    await page.getByTestId('prize-balance').waitFor();
    expect(await balance(page)).toEqual({ earned: '4', spent: '0', left: '4' });
    expect(await stateOf(page, towel)).toBe('canApply');
    expect(await stateOf(page, lottery)).toBe('notEnough');
    expect(await text(cardOf(page, lottery).getByTestId('prize-not-enough'))).toBe('あと1ポイントで応募できます');
    expect(await stateOf(page, steak)).toBe('outOfStock');
    expect(await text(cardOf(page, steak).getByTestId('prize-out-of-stock'))).toBe('在庫がなくなりました');
    await page.screenshot({ path: `${SHOTS}/prize-states.png`, animations: 'disabled', fullPage: true });

    // 4. The confirm step: the prize, the stamps it spends, the balance after.
    const apply = cardOf(page, towel).getByRole('button', { name: '交換する' });
    await thumbSized(apply);
    await apply.tap();
    const sheet = page.getByTestId('prize-confirm');
    await sheet.getByRole('heading', { name: '応募の確認' }).waitFor();
    expect(await text(sheet.getByTestId('confirm-prize'))).toBe(towel.name);
    expect(await text(sheet.getByTestId('confirm-spend'))).toBe('3ポイント');
    expect(await text(sheet.getByTestId('confirm-after'))).toBe('4ポイント → 1ポイント');
    expect(posts).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/prize-confirm.png`, animations: 'disabled' });

    // 5. Apply: one POST with an Idempotency-Key; the applied state and the balance drop.
    const submit = sheet.getByRole('button', { name: 'スタンプを使って応募する' });
    await thumbSized(submit);
    await submit.tap();
    await cardOf(page, towel).getByTestId('prize-applied').waitFor();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.key).toMatch(/^[0-9a-f-]{20,}$/i);
    expect(JSON.parse(posts[0]!.body!)).toEqual({ prizeId: towel.id });
    expect(await balance(page)).toEqual({ earned: '4', spent: '3', left: '1' });
    const applied = await text(cardOf(page, towel).getByTestId('prize-applied'));
    expect(applied).toContain('交換済み（2026年11月21日）');
    expect(applied).toContain('使えるスタンプは1ポイントになりました。');
    expect(applied).toContain('受け取り方法は上の説明のとおりです。');
    expect(await text(cardOf(page, towel).getByTestId('prize-stock'))).toBe('29個');
    expect(await text(cardOf(page, lottery).getByTestId('prize-not-enough'))).toBe('あと4ポイントで応募できます');
    await cardOf(page, towel).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/prize-applied.png`, animations: 'disabled' });
    expect(await db('prize_applications').where({ prize_id: towel.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
    expect((await db('prizes').where({ id: towel.id }).first('stock'))!.stock).toBe(29);

    // 6. As the server has it after a reload.
    await page.reload();
    await cardOf(page, towel).getByTestId('prize-applied').waitFor();
    expect(await balance(page)).toEqual({ earned: '4', spent: '3', left: '1' });

    // 7. My stamps: earned, spent and left, and the way to the prizes.
    await page.goto(`/stamp/${rallyId}/`);
    await page.getByTestId('stamp-balance').waitFor();
    expect(await text(page.getByTestId('stamps-earned'))).toBe('4');
    expect(await text(page.getByTestId('stamps-spent'))).toBe('3');
    expect(await text(page.getByTestId('stamps-left'))).toBe('1');
    const toPrizes = page.getByRole('link', { name: 'スタンプで景品に応募する' });
    expect(await toPrizes.getAttribute('href')).toBe(`/prize/${rallyId}/`);
    await thumbSized(toPrizes);
    await page.getByTestId('stamp-balance').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/prize-my-stamps-balance.png`, animations: 'disabled' });

    // 8. Four more stamps: the lottery can be entered. A failure of the server: the spec's
    // message, nothing spent; a refusal (the prize withdrawn meanwhile): its reason, nothing spent.
    await useCoupons(token, reds.slice(4, 8));
    await toPrizes.tap();
    await page.getByTestId('prize-balance').waitFor();
    expect(await balance(page)).toEqual({ earned: '8', spent: '3', left: '5' });
    expect(await stateOf(page, lottery)).toBe('canApply');
    await page.route('**/api/prizes/change/to/presents', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: '' } }),
      }),
    );
    await cardOf(page, lottery).getByRole('button', { name: '抽選に応募する' }).tap();
    expect(await text(sheet.getByTestId('confirm-after'))).toBe('5ポイント → 0ポイント');
    await sheet.getByRole('button', { name: 'スタンプを使って応募する' }).tap();
    await sheet.getByTestId('apply-error').waitFor();
    expect(await text(sheet.getByTestId('apply-error'))).toBe(
      '景品の交換に失敗しました。もう一度お試しください。スタンプは使われていません。',
    );
    await page.screenshot({ path: `${SHOTS}/prize-apply-failed.png`, animations: 'disabled' });
    await page.unroute('**/api/prizes/change/to/presents');
    await db('prizes').where({ id: lottery.id }).update({ published: false });
    await sheet.getByRole('button', { name: 'もう一度試す' }).tap();
    await expect
      .poll(() => text(sheet.getByTestId('apply-error')))
      .toBe('景品が見つかりません。スタンプは使われていません。');
    await sheet.getByRole('button', { name: '閉じる' }).last().tap();
    await expect.poll(() => page.getByTestId('prize').count()).toBe(2);
    expect(await balance(page)).toEqual({ earned: '8', spent: '3', left: '5' });
    expect(await db('stamp_spends').count({ n: '*' })).toEqual([{ n: 1 }]);
    await db('prizes').where({ id: lottery.id }).update({ published: true });
    await page.reload();
    await expect.poll(() => stateOf(page, lottery)).toBe('canApply');

    // 9. Offline (no service worker needed: IndexedDB): the saved list and balance, with when
    // they were saved; applying says it needs the network and sends nothing.
    await page.getByRole('link', { name: 'マイスタンプを見る' }).tap();
    await page.getByTestId('stamp-balance').waitFor();
    await context.setOffline(true);
    await page.getByRole('link', { name: 'スタンプで景品に応募する' }).tap();
    await page.getByTestId('saved-note').waitFor();
    expect(await text(page.getByTestId('saved-note'))).toMatch(/^11\/21 \d\d:\d\d時点の内容です$/);
    expect(await balance(page)).toEqual({ earned: '8', spent: '3', left: '5' });
    expect(await stateOf(page, towel)).toBe('applied');
    const offlineButton = cardOf(page, lottery).getByTestId('prize-offline');
    expect(await text(offlineButton)).toBe('応募には通信が必要です');
    await thumbSized(offlineButton);
    await offlineButton.tap();
    expect(await text(cardOf(page, lottery).getByTestId('prize-offline-note'))).toContain(
      'いまはオフラインのため応募できません。',
    );
    expect(await page.getByTestId('prize-confirm').locator('[open]').count()).toBe(0);
    await cardOf(page, lottery).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/prize-offline.png`, animations: 'disabled' });
    expect(posts).toHaveLength(3);
    await context.setOffline(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});
