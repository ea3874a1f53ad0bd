import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CouponCard, CouponDetail, CouponList } from '@contracts/coupons';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import {
  appLive,
  chromiumAvailable,
  distanceM,
  expectLifetime,
  IPHONE_UA,
  launchChromium,
  listen,
  phoneContext,
  SHOTS,
  watchProblems,
} from './browser';

/**
 * The core journey of issue 2 in Debian Chromium on a phone: coupon list, detail, mark as
 * used (with the demo sign-in), my stamps; and a position 5 km away gets 'not nearby'.
 * Spec 5, a press always answers: when the position cannot be read (location refused in LINE
 * on an iPhone, unavailable, or no fix within spec 9's 30 s) the panel says why in the
 * visitor's language and offers the store code, nothing is sent, the coupon's title and
 * discount stay in view above the panel, and its controls are at least 44 px.
 * The app is the real server with the built client, on a seeded database, with the clock
 * fixed at 2026-11-21 12:00 JST (inside the seeded rally).
 */
const hasChromium = chromiumAvailable();
/** LINE's in-app browser on an iPhone. */
const LINE_IOS_UA = IPHONE_UA.replace(
  'Version/18.5 Mobile/15E148 Safari/604.1',
  'Mobile/15E148 Safari Line/14.20.0 LIFF',
);

describe.skipIf(!hasChromium)('coupon journey (Chromium, 390x844 phone)', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let server: Server;
  let baseURL: string;
  let browser: Browser;
  let lodging: CouponDetail;
  let red: CouponDetail;
  let other: CouponDetail;
  let firstPage: CouponList;

  const getJson = async <T>(path: string): Promise<T> => {
    const res = await fetch(baseURL + path);
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return (await res.json()) as T;
  };
  const detailOf = async (c: CouponCard) => (await getJson<{ data: CouponDetail }>(`/api/coupons/${c.id}`)).data;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ db, destroy } = await createTestDb({ seed: true }));
    ({ server, baseURL } = await listen(testApp(db).app));
    firstPage = await getJson<CouponList>('/api/coupons/list/search?page=1&limit=10');
    const lodgings = await getJson<CouponList>('/api/coupons/list/search?purpose=lodging&limit=1');
    lodging = await detailOf(lodgings.data[0]!);
    const notLodging = firstPage.data.filter((c) => !c.givesGold);
    red = await detailOf(notLodging[0]!);
    other = await detailOf(notLodging[1]!);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => server?.close(r));
    await destroy?.();
  });

  const redemptionsOf = async (couponId: number) =>
    Number((await db('redemptions').where({ coupon_id: couponId }).count({ n: '*' }))[0]?.n);

  /** Demo visitor sign-in in place on my stamps. */
  async function signIn(page: Page) {
    await page.goto('/stamp/');
    await page.locator('main').getByRole('button', { name: 'デモ旅行者としてログイン' }).tap();
    await page.getByTestId('stamps-empty').waitFor();
  }

  /** Opens a coupon's detail and waits for its title. */
  async function openCoupon(page: Page, path: string, title: string) {
    await page.goto(path);
    await expect.poll(() => page.locator('h1').textContent()).toBe(title);
  }

  /** 'mark as used' requests the page sent. */
  function puts(page: Page): string[] {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/coupons/qr/')) sent.push(r.url());
    });
    return sent;
  }

  const box = async (l: Locator) => (await l.boundingBox())!;

  /** The title and the discount are wholly above the sticky panel. */
  async function couponInView(page: Page) {
    const panel = await box(page.locator('.detail__action'));
    const title = await box(page.locator('h1'));
    const discount = await box(page.getByTestId('coupon-discount'));
    expect(title.y).toBeGreaterThanOrEqual(0);
    expect(title.y + title.height).toBeLessThanOrEqual(panel.y);
    expect(discount.y + discount.height).toBeLessThanOrEqual(panel.y);
    expect(panel.y + panel.height).toBeLessThanOrEqual(844 + 1);
  }

  /** The control is at least 44x44 and is what a tap at its centre reaches (not covered, not clipped). */
  async function reachable(l: Locator) {
    const b = await box(l);
    expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(44);
    expect(b.y + b.height).toBeLessThanOrEqual(844);
    expect(
      await l.evaluate(
        (el, [x, y]) => el.contains(document.elementFromPoint(x!, y!)),
        [b.x + b.width / 2, b.y + b.height / 2],
      ),
    ).toBe(true);
  }

  /**
   * Presses 'mark as used'; with `signIn`, expects the sign-in sheet and uses the demo sign-in,
   * after which nothing is sent: the panel asks to press again (issue 11), which it then does.
   */
  async function pressMarkUsed(page: Page, label: string, opts: { signIn: boolean; shot?: string }) {
    const sent = puts(page);
    const button = page.getByRole('button', { name: label });
    await button.tap();
    if (!opts.signIn) return;
    const sheet = page.getByRole('dialog');
    await sheet.waitFor();
    expect(await sheet.getByRole('heading').textContent()).toBe('ログインしてください');
    const demo = sheet.getByRole('button', { name: 'デモ旅行者としてログイン' });
    await demo.waitFor();
    expect((await demo.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    if (opts.shot) await page.screenshot({ path: `${SHOTS}/${opts.shot}`, animations: 'disabled' });
    await demo.tap();
    await sheet.waitFor({ state: 'hidden' });
    const again = page.getByTestId('signed-in-ask-again');
    await again.waitFor();
    expect(await again.textContent()).toBe('ログインしました。「使用済みにする」をもう一度押してください。');
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await page.getByTestId('coupon-used').count()).toBe(0);
    expect(sent).toEqual([]);
    if (opts.shot)
      await page.screenshot({ path: `${SHOTS}/${opts.shot.replace('.png', '-again.png')}`, animations: 'disabled' });
    await button.tap();
  }

  it('lists coupons in two columns, opens one, marks it used and shows the gold stamp in my stamps', async () => {
    const spot = lodging.spots[0]!;
    const context: BrowserContext = await phoneContext(browser, baseURL, {
      geolocation: { latitude: spot.latitude, longitude: spot.longitude, accuracy: 12 },
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const apiCalls: Array<{ url: string; lang?: string; auth: boolean; key?: string }> = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) {
        const h = r.headers();
        apiCalls.push({ url: r.url(), lang: h['x-lang'], auth: Boolean(h.authorization), key: h['idempotency-key'] });
      }
    });

    // 1. The list: the first page in two columns, each card with shop, area and discount.
    await page.goto('/coupon/');
    await appLive(page);
    await expect.poll(() => page.locator('h1').textContent()).toBe('クーポン一覧');
    const cards = page.locator('[data-testid="coupon-grid"] > li');
    await cards.nth(9).waitFor();
    await expect.poll(() => page.getByTestId('coupon-total').textContent()).toBe(`全${firstPage.meta.total}件`);
    const first = firstPage.data[0]!;
    const firstCard = page.locator(`a[data-coupon-id="${first.id}"]`);
    expect(await firstCard.textContent()).toContain(first.discount);
    expect(await firstCard.textContent()).toContain(first.spot!.name);
    const AREA_JA = {
      north: '県北',
      center: '県央',
      city: '熊本市',
      aso: '阿蘇',
      south: '県南',
      amakusa: '天草',
    } as const;
    expect(await firstCard.textContent()).toContain(AREA_JA[first.area]);
    expect(await firstCard.getAttribute('href')).toBe(`/coupon/${first.id}/`);
    const [a, b, c] = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
    expect(a!.y).toBe(b!.y); // side by side ...
    expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1);
    expect(c!.y).toBeGreaterThan(a!.y + a!.height - 1); // ... and the third starts row two
    expect(a!.width).toBeLessThan(195);
    await page.screenshot({ path: `${SHOTS}/coupon-list.png`, animations: 'disabled' });

    // 2. Infinite scroll until the lodging coupon's card appears, then tap it.
    const target = page.locator(`a[data-coupon-id="${lodging.id}"]`);
    for (let i = 0; i < 40 && (await target.count()) === 0; i++) {
      const before = await cards.count();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBeGreaterThan(before);
    }
    expect(await target.count()).toBe(1);
    expect(await target.textContent()).toContain('金スタンプ');
    await target.scrollIntoViewIfNeeded();
    await target.tap();

    // 3. The detail: title, discount, validity, route link, the notice, the big button.
    await page.waitForURL(`**/coupon/${lodging.id}/`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(lodging.title);
    expect(await page.getByTestId('coupon-discount').textContent()).toBe(lodging.discount);
    const route = page.getByRole('link', { name: /ルートを見る/ });
    expect(await route.getAttribute('href')).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${spot.latitude},${spot.longitude}`,
    );
    expect(await route.getAttribute('target')).toBe('_blank');
    const body = await page.locator('main').textContent();
    expect(body).toContain('「使用済みにする」を押すと、このクーポンは使用済みになります');
    expect(body).toContain(spot.name);
    expect(body).toContain('金スタンプ（10）');
    const button = page.getByRole('button', { name: '使用済みにする' });
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/coupon-detail.png`, animations: 'disabled' });

    // 4. Mark as used: the demo sign-in sheet, then 'coupon used' with a gold stamp.
    const since = Date.now() / 1000;
    await pressMarkUsed(page, '使用済みにする', { signIn: true, shot: 'sign-in.png' });
    await page.getByTestId('coupon-used').waitFor();
    const used = await page.getByTestId('coupon-used').textContent();
    expect(used).toContain('クーポン使用済み');
    expect(used).toContain(`${spot.name}で使用しました`);
    expect(await page.getByTestId('stamp-earned').textContent()).toBe('金スタンプを獲得しました');
    await page.screenshot({ path: `${SHOTS}/coupon-used.png`, animations: 'disabled' });

    const token = (await context.cookies()).find((c) => c.name === 'auth._token.line');
    expect(token?.path).toBe('/');
    expect(token?.sameSite).toBe('Lax');
    expectLifetime(token, 86400, since);
    const put = apiCalls.filter((c) => c.url.endsWith(`/api/coupons/qr/${lodging.id}`));
    expect(put).toHaveLength(1);
    expect(put[0]).toMatchObject({ lang: 'ja', auth: true });
    expect(put[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(apiCalls.every((c) => c.lang === 'ja')).toBe(true);

    // Exactly one redemption and one gold stamp were stored.
    expect(await redemptionsOf(lodging.id)).toBe(1);
    const stamps = await db('stamps').select('kind', 'value');
    expect(stamps).toEqual([{ kind: 'gold', value: 10 }]);

    // 5. My stamps: the rally, one gold stamp, total 10, the seal with the shop's name.
    await page.getByRole('link', { name: 'マイスタンプを見る' }).tap();
    await page.waitForURL(/\/stamp\/\d+\/$/);
    await page.getByTestId('stamp-grid').waitFor();
    expect(await page.getByTestId('rally-name').textContent()).toBe('くまもと冬のスタンプラリー 2026');
    expect(await page.getByTestId('count-red').textContent()).toBe('0');
    expect(await page.getByTestId('count-gold').textContent()).toBe('1');
    expect(await page.getByTestId('count-total').textContent()).toBe('10');
    const seals = page.locator('[data-testid="stamp-grid"] [data-kind]');
    expect(await seals.count()).toBe(1);
    expect(await seals.first().getAttribute('data-kind')).toBe('gold');
    expect(await seals.first().textContent()).toContain(spot.name);
    expect(await seals.first().textContent()).toContain('11/21');

    // 6. A second shop, an ordinary coupon: a red stamp, and the total becomes 11.
    const redSpot = red.spots[0]!;
    await context.setGeolocation({ latitude: redSpot.latitude + 0.0005, longitude: redSpot.longitude, accuracy: 20 });
    await page.goto(`/coupon/${red.id}/`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(red.title);
    await pressMarkUsed(page, '使用済みにする', { signIn: false });
    await page.getByTestId('coupon-used').waitFor();
    expect(await page.getByTestId('stamp-earned').textContent()).toBe('赤スタンプを獲得しました');
    await page.getByRole('link', { name: 'マイスタンプを見る' }).tap();
    await page.waitForURL(/\/stamp\/\d+\/$/);
    await expect.poll(() => page.getByTestId('count-total').textContent()).toBe('11');
    expect(await page.getByTestId('count-red').textContent()).toBe('1');
    expect(await page.getByTestId('count-gold').textContent()).toBe('1');
    expect(await seals.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(['gold', 'red']);
    expect(await seals.nth(1).textContent()).toContain(redSpot.name);
    await page.screenshot({ path: `${SHOTS}/stamps.png`, animations: 'disabled' });
    expect(await db('stamps').orderBy('id').select('kind', 'value')).toEqual([
      { kind: 'gold', value: 10 },
      { kind: 'red', value: 1 },
    ]);

    // The header's link (no campaign id) shows the same running rally.
    await page.getByRole('link', { name: 'マイスタンプ', exact: true }).tap();
    await page.waitForURL('**/stamp/');
    await expect.poll(() => page.getByTestId('count-total').textContent()).toBe('11');

    // 7. Back on the detail, it shows as used today; the server still has one redemption.
    await page.goto(`/coupon/${lodging.id}/`);
    await page.getByTestId('coupon-used').waitFor();
    expect(await page.getByTestId('coupon-used').textContent()).toContain('本日はご利用済みです');
    expect(await page.getByRole('button', { name: '使用済みにする' }).count()).toBe(0);
    expect(await redemptionsOf(lodging.id)).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('5 km from every spot of the coupon, pressing shows the not-nearby message (ja and en)', async () => {
    const s = other.spots[0]!;
    const far = { latitude: s.latitude + 0.045, longitude: s.longitude };
    for (const sp of other.spots) {
      expect(
        distanceM({ lat: far.latitude, lng: far.longitude }, { lat: sp.latitude, lng: sp.longitude }),
      ).toBeGreaterThan(4900);
    }
    const context = await phoneContext(browser, baseURL, { geolocation: { ...far, accuracy: 15 } });
    const page = await context.newPage();
    const problems = watchProblems(page);

    // My stamps asks a new visitor to sign in in place, then shows the empty card.
    await signIn(page);
    expect(await page.getByTestId('stamps-empty').textContent()).toContain('まだスタンプがありません');
    expect(await page.getByTestId('count-total').textContent()).toBe('0');

    await openCoupon(page, `/coupon/${other.id}/`, other.title);
    // The location watch already says so, with a way to check again big enough for a thumb.
    const NOT_NEARBY = 'クーポンが利用できる場所が近くに見つかりませんでした。';
    await page.getByTestId('nearby-miss').waitFor();
    expect(await page.getByTestId('nearby-miss').textContent()).toContain(NOT_NEARBY);
    await reachable(page.getByRole('button', { name: 'もう一度確認する' }));
    await pressMarkUsed(page, '使用済みにする', { signIn: false });
    const error = page.getByTestId('mark-used-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(NOT_NEARBY);
    // The press's answer replaces the watch's: the sentence shows once, not twice.
    const shown = await page.locator('main').innerText();
    expect(shown.split(NOT_NEARBY).length - 1).toBe(1);
    expect(await page.getByTestId('nearby-miss').count()).toBe(0);
    await error.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/coupon-not-nearby.png`, animations: 'disabled' });
    // The button stays, so the visitor can try again nearer the shop.
    expect(await page.getByRole('button', { name: '使用済みにする' }).isEnabled()).toBe(true);
    // Indoors GPS drifts: the shop's code is offered as the other way to prove the visit.
    const storeCode = page.locator('.action__error').getByRole('button', { name: '店舗コードを入力する' });
    await reachable(storeCode);

    // The same in English on the /en prefix: server message chosen by x-lang.
    await page.goto(`/en/coupon/${other.id}/`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect.poll(() => page.locator('h1').textContent()).not.toBe(other.title);
    await pressMarkUsed(page, 'Mark as used', { signIn: false });
    await page.getByTestId('mark-used-error').waitFor();
    expect(await page.getByTestId('mark-used-error').textContent()).toBe(
      'No places nearby where the coupon can be used were found.',
    );
    expect(await redemptionsOf(other.id)).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('location refused in LINE on an iPhone: a press says why, offers the store code and how to allow location, sends nothing; the coupon stays in view', async () => {
    const context: BrowserContext = await phoneContext(browser, baseURL, { permissions: [], userAgent: LINE_IOS_UA });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const sent = puts(page);
    await signIn(page);
    await openCoupon(page, `/coupon/${lodging.id}/`, lodging.title);
    await couponInView(page);

    const press = page.getByRole('button', { name: '使用済みにする', exact: true });
    await press.tap();
    const help = page.getByTestId('location-help');
    const refused = help.getByTestId('location-press-refused');
    await refused.waitFor();
    expect(await help.getAttribute('role')).toBe('alert');
    expect(await help.locator('.location-help__title').textContent()).toBe('位置情報の利用が許可されていません');
    expect(await refused.textContent()).toBe('位置情報を使えないため、使用済みにできませんでした。');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="location-help"]') !== null)).toBe(
      true,
    );
    // The ways forward: the store code, and how to allow location in LINE on an iPhone, unfolded.
    await reachable(help.getByRole('button', { name: '店舗コードを入力する' }));
    expect(await help.locator('[data-platform="lineIos"]').isVisible()).toBe(true);
    for (const name of ['位置情報を許可する方法', 'ほかの端末の場合']) {
      const summary = help.locator('summary', { hasText: name });
      expect((await box(summary)).height, name).toBeGreaterThanOrEqual(44);
    }
    await reachable(press);
    await couponInView(page);

    // Pressed again: said again (a fresh alert), still nothing sent.
    await press.tap();
    await expect.poll(() => refused.count()).toBe(1);
    await refused.waitFor();
    expect(sent).toEqual([]);

    // The store code sheet opens from there.
    await help.getByRole('button', { name: '店舗コードを入力する' }).tap();
    await page.getByTestId('store-code-dialog').getByLabel('店舗コード').waitFor();
    await page.getByTestId('store-code-dialog').getByRole('button', { name: '閉じる' }).tap();

    // In English under /en: the same, in English.
    await page.goto(`/en/coupon/${lodging.id}/`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('button', { name: 'Mark as used', exact: true }).tap();
    await help.getByTestId('location-press-refused').waitFor();
    expect(await help.locator('.location-help__title').textContent()).toBe('Location access is not allowed');
    expect(await help.getByTestId('location-press-refused').textContent()).toBe(
      'The coupon could not be marked as used because your location is not available.',
    );
    await reachable(help.getByRole('button', { name: 'Enter the store code' }));
    await couponInView(page);
    expect(sent).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  /** A phone whose position never comes: unavailable at once, or a timeout after the options' 30 s. */
  async function phoneWithoutFix(mode: 'unavailable' | 'timeout') {
    const context = await phoneContext(browser, baseURL);
    await context.addInitScript((m) => {
      const fail = (onError: PositionErrorCallback | null | undefined, options?: PositionOptions) => {
        const code = m === 'timeout' ? 3 : 2;
        const err = {
          code,
          message: m,
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        } as GeolocationPositionError;
        setTimeout(() => onError?.(err), m === 'timeout' ? (options?.timeout ?? 0) : 0);
      };
      Object.defineProperty(navigator, 'geolocation', {
        configurable: true,
        value: {
          getCurrentPosition: (
            _ok: PositionCallback,
            onError?: PositionErrorCallback | null,
            options?: PositionOptions,
          ) => fail(onError, options),
          watchPosition: (_ok: PositionCallback, onError?: PositionErrorCallback | null, options?: PositionOptions) => {
            fail(onError, options);
            return 1;
          },
          clearWatch: () => {},
        },
      });
    }, mode);
    return context;
  }

  it('a position that cannot be read is named (unavailable, or no fix within 30 s), once, with the store code as the way forward', async () => {
    // Unavailable: the watch says so before the press; the press's own answer replaces it.
    let context = await phoneWithoutFix('unavailable');
    let page = await context.newPage();
    let problems = watchProblems(page);
    let sent = puts(page);
    await signIn(page);
    await openCoupon(page, `/coupon/${other.id}/`, other.title);
    await page.getByTestId('nearby-unavailable').waitFor();
    await reachable(page.getByRole('button', { name: 'もう一度確認する' }));
    await page.getByRole('button', { name: '使用済みにする', exact: true }).tap();
    const error = page.getByTestId('mark-used-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('現在地を取得できませんでした。屋外でもう一度お試しください。');
    expect(await page.getByTestId('nearby-unavailable').count()).toBe(0);
    const code = page.locator('.action__error').getByRole('button', { name: '店舗コードを入力する' });
    await reachable(code);
    await couponInView(page);
    await code.tap();
    await page.getByTestId('store-code-dialog').getByLabel('店舗コード').waitFor();
    expect(sent).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();

    // No fix within spec 9's timeout (30 s, on the page's clock).
    context = await phoneWithoutFix('timeout');
    page = await context.newPage();
    problems = watchProblems(page);
    sent = puts(page);
    await page.clock.install();
    await signIn(page);
    await openCoupon(page, `/coupon/${other.id}/`, other.title);
    await page.getByRole('button', { name: '使用済みにする', exact: true }).tap();
    await page.getByRole('button', { name: '現在地を確認しています…' }).waitFor();
    await page.clock.fastForward(30_000);
    await page.getByTestId('mark-used-error').waitFor();
    expect(await page.getByTestId('mark-used-error').textContent()).toBe(
      '現在地の取得に時間がかかりすぎました。屋外など電波の良い場所でもう一度お試しいただくか、店舗コードを入力してください。',
    );
    await reachable(page.locator('.action__error').getByRole('button', { name: '店舗コードを入力する' }));
    expect(sent).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
