import { mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CouponList } from '@contracts/coupons';
import { ADMIN_PAGE_PATTERNS, type AdminPageId } from '@site/admin-page-table';
import { PAGE_PATTERNS, type PageId } from '@site/page-table';
import type { Db } from '../../server/src/db/knex';
import { DEMO_STAFF } from '../../seeds/02_demo_staff';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import {
  appLive,
  chromiumAvailable,
  desktopContext,
  launchChromium,
  listen,
  phoneContext,
  staffDesktop,
  watchProblems,
} from './browser';

/**
 * Issue 11: axe-core (WCAG 2.2 A and AA rules) on every visitor screen at 390x844 and on the
 * admin screens at 1280x800; any serious or critical finding under those rules fails. Moderate
 * and minor ones, and axe's best practices, are listed in artifacts/a11y/report.json for
 * review, not failed on.
 *
 * SCREENS has one line per screen: a later issue's screen joins the list with its page id,
 * path, state (signed in, where the phone is) and what to open before the scan. Every page of
 * the public page table must appear at least once (checked below), so a new page cannot
 * land unscanned. The app is the real server with the built client on a seeded database,
 * clock at 2026-11-21 12:00 JST (inside the seeded rally).
 */
const OUT = 'artifacts/a11y';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Also run, for the report only: axe's best practices (landmarks, headings, regions). */
const REVIEWED = [...TAGS, 'best-practice'];
const FAILING = new Set(['serious', 'critical']);
const hasChromium = chromiumAvailable();
const ADMIN = DEMO_STAFF.find((s) => s.role === 'admin')!;
const SHOP = DEMO_STAFF.find((s) => s.role === 'shop')!;

/** Real ids from the seeded database, for the pages that take one. */
type Ids = { coupon: number; rally: number; spot: number };

type Screen = {
  /** Unique name: the test's title and the screenshot's file name. */
  name: string;
  /** The page table entry it shows (PAGE_PATTERNS for visitors, ADMIN_PAGE_PATTERNS for staff). */
  page: PageId | AdminPageId | '404';
  path: (ids: Ids) => string;
  /**
   * Who looks: a visitor on a phone, signed out or in (demo sign-in), or signed out with
   * location refused (`visitor-no-location`); staff on a desktop, signed out, as an admin or
   * as a shop account.
   */
  as: 'visitor' | 'member' | 'visitor-no-location' | 'guest-staff' | 'admin' | 'shop';
  /** The phone's position (visitors): at the coupon's shop (default), 5 km away, or at sea (no shop within 20 km). */
  far?: true | 'sea';
  /** What to open or do before the scan (a dialog, a menu, a press). */
  open?: (page: Page) => Promise<void>;
};

/** A 1x1 light grey PNG, answered for every map tile. */
const GREY_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
  'base64',
);

const tap = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).first().click();
const shown = (page: Page, testId: string) => page.getByTestId(testId).first().waitFor();

// prettier-ignore
const SCREENS: Screen[] = [
  // Visitor, signed out (phone 390x844)
  { name: 'home', page: 'home', as: 'visitor', path: () => '/' },
  { name: 'home-menu-open', page: 'home', as: 'visitor', path: () => '/', open: async (p) => { await p.getByTestId('menu-button').click(); await shown(p, 'menu-list'); } },
  { name: 'home-en', page: 'home', as: 'visitor', path: () => '/en/' },
  { name: 'home-menu-open-en', page: 'home', as: 'visitor', path: () => '/en/', open: async (p) => { await p.getByTestId('menu-button').click(); await shown(p, 'menu-list'); } },
  { name: 'coupon-list', page: 'couponList', as: 'visitor', path: () => '/coupon/' },
  { name: 'coupon-list-ko', page: 'couponList', as: 'visitor', path: () => '/ko/coupon/' },
  { name: 'coupon-detail', page: 'couponDetail', as: 'visitor', path: (i) => `/coupon/${i.coupon}/` },
  { name: 'coupon-detail-en', page: 'couponDetail', as: 'visitor', path: (i) => `/en/coupon/${i.coupon}/` },
  { name: 'coupon-detail-sign-in-sheet', page: 'couponDetail', as: 'visitor', path: (i) => `/coupon/${i.coupon}/`, open: async (p) => { await tap(p, '使用済みにする'); await p.getByRole('dialog').waitFor(); } },
  { name: 'coupon-detail-not-found', page: 'couponDetail', as: 'visitor', path: () => '/coupon/999999/' },
  { name: 'stamps-signed-out', page: 'stamps', as: 'visitor', path: () => '/stamp/' },
  { name: 'faq', page: 'faq', as: 'visitor', path: () => '/faq/' },
  { name: 'contact', page: 'contact', as: 'visitor', path: () => '/contact/' },
  { name: 'contact-errors', page: 'contact', as: 'visitor', path: () => '/contact/', open: async (p) => { await p.locator('main form input[type="checkbox"]').check(); await p.locator('main form button[type="submit"]').click(); await p.locator('main [aria-invalid="true"]').first().waitFor(); } },
  { name: 'about', page: 'about', as: 'visitor', path: () => '/about/' },
  { name: 'terms', page: 'terms', as: 'visitor', path: () => '/terms/' },
  { name: 'privacy', page: 'privacy', as: 'visitor', path: () => '/privacy/' },
  { name: 'campaign', page: 'campaign', as: 'visitor', path: () => '/campaign/' },
  { name: 'payment', page: 'payment', as: 'visitor', path: () => '/payment/' },
  { name: 'point', page: 'point', as: 'visitor', path: () => '/point/' },
  { name: 'coupon-question', page: 'couponQuestion', as: 'visitor', path: () => '/coupon/question/' },
  { name: 'coupon-search', page: 'couponSearch', as: 'visitor', path: () => '/coupon/search_window/', open: async (p) => { await p.getByTestId('search-show').filter({ hasText: '件のクーポンを見る' }).waitFor(); } },
  { name: 'coupon-search-chosen-en', page: 'couponSearch', as: 'visitor', path: () => '/en/coupon/search_window/?area=aso&purpose=spa', open: async (p) => { await p.getByTestId('search-show').filter({ hasText: 'Show' }).waitFor(); } },
  { name: 'coupon-list-filtered', page: 'couponList', as: 'visitor', path: () => '/coupon/?area=aso&tag=%E6%B8%A9%E6%B3%89', open: async (p) => { await shown(p, 'filter-chips'); } },
  { name: 'store-coupon', page: 'storeCoupon', as: 'visitor', path: (i) => `/coupon/store_coupon/?spot=${i.spot}` },
  { name: 'store-coupon-code-dialog', page: 'storeCoupon', as: 'visitor', path: (i) => `/coupon/store_coupon/?spot=${i.spot}`, open: async (p) => { await tap(p, '店舗コードを入力する'); await shown(p, 'store-code-dialog'); } },
  { name: 'store-coupon-code-wrong', page: 'storeCoupon', as: 'visitor', path: (i) => `/coupon/store_coupon/?spot=${i.spot}&code=demo` },
  { name: 'store-coupon-not-found', page: 'storeCoupon', as: 'visitor', path: () => '/coupon/store_coupon/?spot=999999' },
  { name: 'nearby-coupons', page: 'nearbyCoupons', as: 'visitor', path: () => '/coupon/gps/nearly_coupon/', open: async (p) => { await shown(p, 'nearby-grid'); await shown(p, 'spot-map'); } },
  { name: 'nearby-coupons-en', page: 'nearbyCoupons', as: 'visitor', path: () => '/en/coupon/gps/nearly_coupon/', open: async (p) => { await shown(p, 'nearby-grid'); } },
  { name: 'nearby-coupons-empty', page: 'nearbyCoupons', as: 'visitor', far: 'sea', path: () => '/coupon/gps/nearly_coupon/', open: async (p) => { await shown(p, 'nearby-empty'); } },
  { name: 'nearby-coupons-denied', page: 'nearbyCoupons', as: 'visitor-no-location', path: () => '/coupon/gps/nearly_coupon/', open: async (p) => { const ask = p.getByTestId('nearby-ask'); if (await ask.isVisible()) await ask.getByRole('button').click(); await shown(p, 'nearby-denied'); } },
  { name: 'info-form', page: 'infoForm', as: 'visitor', path: () => '/info/form/' },
  { name: 'points-payment', page: 'pointsPayment', as: 'visitor', path: () => '/payment/points-payment/' },
  { name: 'payment-thanks', page: 'paymentThanks', as: 'visitor', path: () => '/payment/thanks/' },
  { name: 'prize-question', page: 'prizeQuestion', as: 'visitor', path: () => '/prize/question/' },
  { name: 'prize', page: 'prize', as: 'visitor', path: (i) => `/prize/${i.rally}/` },
  { name: 'prize-en', page: 'prize', as: 'visitor', path: () => '/en/prize/', open: (p) => shown(p, 'prize-list') },
  { name: 'collect-points-qr', page: 'collectPointsQr', as: 'visitor', path: (i) => `/collect-points-qr/${i.spot}/?code=demo` },
  { name: 'collect-points-qr-no-code', page: 'collectPointsQr', as: 'visitor', path: (i) => `/collect-points-qr/${i.spot}/` },
  { name: 'coupon-detail-from-qr', page: 'couponDetail', as: 'visitor', path: (i) => `/coupon/${i.coupon}/?code=demo` },
  { name: 'coupon-detail-ask-again', page: 'couponDetail', as: 'visitor', path: (i) => `/coupon/${i.coupon}/`, open: async (p) => { await tap(p, '使用済みにする'); await p.getByRole('dialog').getByRole('button', { name: 'デモ旅行者としてログイン' }).click(); await shown(p, 'signed-in-ask-again'); } },
  { name: 'stamp-rally', page: 'stampRally', as: 'visitor', path: (i) => `/campaign/stamp-rally/${i.rally}/` },
  { name: 'favorites-signed-out', page: 'favorites', as: 'visitor', path: () => '/coupon/favorite/' },
  { name: 'ranking', page: 'ranking', as: 'visitor', path: () => '/coupon/ranking/' },
  { name: 'ranking-season-aso', page: 'ranking', as: 'visitor', path: () => '/coupon/ranking/?period=season&area=aso' },
  { name: 'stamp-rally-not-found', page: 'stampRally', as: 'visitor', path: () => '/campaign/stamp-rally/999999/' },
  { name: 'info-form-choose-first', page: 'infoForm', as: 'visitor', path: () => '/info/form/', open: async (p) => { await p.getByTestId('agree').check(); await p.locator('main form button[type="submit"]').click(); await shown(p, 'info-about-error'); } },
  { name: 'info-form-results', page: 'infoForm', as: 'visitor', path: () => '/info/form/', open: async (p) => { await p.getByLabel('クーポン名・お店の名前で探す').fill('熊本'); await tap(p, '探す'); await shown(p, 'info-results'); } },
  { name: 'info-form-linked-coupon', page: 'infoForm', as: 'visitor', path: (i) => `/info/form/?coupon=${i.coupon}`, open: (p) => shown(p, 'info-chosen') },
  { name: 'not-found', page: '404', as: 'visitor', path: () => '/no-such-page/' },
  // Visitor, signed in (demo sign-in)
  { name: 'stamps-empty', page: 'stamps', as: 'member', path: () => '/stamp/' },
  { name: 'favorites-empty', page: 'favorites', as: 'member', path: () => '/coupon/favorite/' },
  { name: 'coupon-list-favorited', page: 'couponList', as: 'member', path: () => '/coupon/', open: async (p) => { await p.getByTestId('favorite-button').first().click(); await p.locator('[data-testid="favorite-button"][aria-pressed="true"]').first().waitFor(); } },
  { name: 'favorites-with-one', page: 'favorites', as: 'member', path: () => '/coupon/favorite/' },
  { name: 'home-signed-in', page: 'home', as: 'member', path: () => '/' },
  { name: 'coupon-detail-not-nearby', page: 'couponDetail', as: 'member', far: true, path: (i) => `/coupon/${i.coupon}/`, open: async (p) => { await tap(p, '使用済みにする'); await shown(p, 'mark-used-error'); } },
  { name: 'coupon-detail-store-code', page: 'couponDetail', as: 'member', far: true, path: (i) => `/coupon/${i.coupon}/`, open: async (p) => { await tap(p, '使用済みにする'); await p.locator('.action__error').getByRole('button', { name: '店舗コードを入力する' }).click(); await shown(p, 'store-code-dialog'); } },
  { name: 'coupon-detail-store-code-error', page: 'couponDetail', as: 'member', far: true, path: (i) => `/coupon/${i.coupon}/`, open: async (p) => { await tap(p, '使用済みにする'); await p.locator('.action__error').getByRole('button', { name: '店舗コードを入力する' }).click(); const d = p.getByTestId('store-code-dialog'); await d.getByLabel('店舗コード').fill('0000'); await d.locator('button[type="submit"]').click(); await shown(p, 'store-code-error'); } },
  { name: 'coupon-detail-used', page: 'couponDetail', as: 'member', path: (i) => `/coupon/${i.coupon}/`, open: async (p) => { await tap(p, '使用済みにする'); await shown(p, 'coupon-used'); } },
  { name: 'stamps-with-stamp', page: 'stamps', as: 'member', path: (i) => `/stamp/${i.rally}/` },
  { name: 'prize-signed-in', page: 'prize', as: 'member', path: (i) => `/prize/${i.rally}/`, open: (p) => shown(p, 'prize-balance') },
  { name: 'stamp-rally-signed-in', page: 'stampRally', as: 'member', path: (i) => `/campaign/stamp-rally/${i.rally}/`, open: (p) => shown(p, 'rally-total') },
  { name: 'coupon-list-signed-in', page: 'couponList', as: 'member', path: () => '/coupon/' },
  // Staff (desktop 1280x800)
  { name: 'admin-login', page: 'login', as: 'guest-staff', path: () => '/management_admin/login/' },
  { name: 'admin-login-error', page: 'login', as: 'guest-staff', path: () => '/management_admin/login/', open: async (p) => { await p.getByLabel('メールアドレス').fill(ADMIN.email); await p.getByLabel('パスワード', { exact: true }).fill('not-the-password'); await p.locator('form button[type="submit"]').click(); await shown(p, 'admin-login-error'); } },
  { name: 'admin-dashboard-coupon-list', page: 'index', as: 'admin', path: () => '/management_admin/' },
  { name: 'admin-coupon-list-en', page: 'index', as: 'admin', path: () => '/en/management_admin/' },
  { name: 'admin-coupon-new', page: 'couponNew', as: 'admin', path: () => '/management_admin/coupon/regist/' },
  { name: 'admin-coupon-new-errors', page: 'couponNew', as: 'admin', path: () => '/management_admin/coupon/regist/', open: async (p) => { await tap(p, '作成する'); await p.locator('.adm-field__error').first().waitFor(); } },
  { name: 'admin-coupon-edit', page: 'coupon', as: 'admin', path: (i) => `/management_admin/coupon/${i.coupon}/` },
  { name: 'admin-coupon-preview', page: 'couponView', as: 'admin', path: (i) => `/management_admin/coupon/${i.coupon}/view/` },
  { name: 'admin-spot-list', page: 'setting', as: 'admin', path: () => '/management_admin/setting/' },
  { name: 'admin-spot-new', page: 'spotNew', as: 'admin', path: () => '/management_admin/setting/spot/regist/' },
  { name: 'admin-spot-edit', page: 'spot', as: 'admin', path: (i) => `/management_admin/setting/spot/${i.spot}/` },
  { name: 'admin-rally-list', page: 'campaigns', as: 'admin', path: () => '/management_admin/campaign/' },
  { name: 'admin-rally-new', page: 'campaignNew', as: 'admin', path: () => '/management_admin/campaign/regist/' },
  { name: 'admin-rally-edit', page: 'campaign', as: 'admin', path: (i) => `/management_admin/campaign/${i.rally}/` },
  { name: 'admin-faq', page: 'faq', as: 'admin', path: () => '/management_admin/faq/' },
  { name: 'admin-prize-list', page: 'prizes', as: 'admin', path: () => '/management_admin/prize/' },
  { name: 'admin-prize-new', page: 'prizeNew', as: 'admin', path: () => '/management_admin/prize/regist/' },
  { name: 'admin-prize-new-errors', page: 'prizeNew', as: 'admin', path: () => '/management_admin/prize/regist/', open: async (p) => { await tap(p, '作成する'); await p.locator('.adm-field__error').first().waitFor(); } },
  { name: 'admin-prize-edit', page: 'prize', as: 'admin', path: () => '/management_admin/prize/', open: async (p) => { await p.locator('[data-testid="prize-table"] tbody tr[data-prize-id] .adm-table__title').first().click(); await shown(p, 'applications'); await p.waitForLoadState('networkidle'); } },
  { name: 'admin-ranking', page: 'ranking', as: 'admin', path: () => '/management_admin/ranking/?from=2026-10-01&to=2026-11-21' },
  { name: 'admin-coming-soon', page: 'lottery', as: 'admin', path: () => '/management_admin/lottery/' },
  { name: 'admin-forbidden', page: 'userList', as: 'shop', path: () => '/management_admin/user/list/' },
];

/**
 * Waits until a screen has settled: the app runs (public app), the network is quiet, the
 * page's h1 shows and nothing is still loading (skeletons, busy regions).
 */
async function settle(page: Page, publicApp: boolean): Promise<void> {
  if (publicApp) await appLive(page);
  await page.waitForLoadState('networkidle');
  await page.locator('main h1').first().waitFor();
  await expect.poll(() => page.locator('.skeleton, [aria-busy="true"]').count()).toBe(0);
  await animationsDone(page);
}

/**
 * Waits until no finite CSS animation or transition runs: axe reads the colours as painted,
 * and a menu still fading in shows its text lighter than it ends (a contrast finding that
 * depends on timing). Endless ones (spinners) are not waited for.
 */
async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

type Finding = {
  rule: string;
  impact: string;
  wcag: boolean;
  help: string;
  nodes: Array<{ target: string; summary: string }>;
};

describe.skipIf(!hasChromium)('accessibility: axe-core on every screen (Chromium)', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let server: Server;
  let baseURL: string;
  let browser: Browser;
  let ids: Ids;
  let near: { latitude: number; longitude: number };
  const contexts = new Map<Screen['as'], BrowserContext>();
  const report: Record<string, Finding[]> = {};

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    ({ db, destroy } = await createTestDb({ seed: true }));
    ({ server, baseURL } = await listen(testApp(db).app));
    const get = async <T>(path: string) => ((await (await fetch(baseURL + path)).json()) as { data: T }).data;
    const coupons = await get<CouponList['data']>('/api/coupons/list/search?page=1&limit=10');
    const coupon = coupons.find((c) => !c.givesGold) ?? coupons[0]!;
    const detail = await get<{ spots: Array<{ id: number; latitude: number; longitude: number }> }>(
      `/api/coupons/${coupon.id}`,
    );
    const rally = await get<{ id: number }>('/api/coupons/get/campaign');
    const spot = detail.spots[0]!;
    ids = { coupon: coupon.id, rally: rally.id, spot: spot.id };
    near = { latitude: spot.latitude, longitude: spot.longitude };
    browser = await launchChromium();
  });

  afterAll(async () => {
    writeFileSync(`${OUT}/report.json`, JSON.stringify(report, null, 2));
    await Promise.all([...contexts.values()].map((c) => c.close()));
    await browser?.close();
    await new Promise((r) => server?.close(r));
    await destroy?.();
  });

  /** One context per kind of looker, made on first use (the demo sign-in once for 'member'). */
  async function contextFor(as: Screen['as']): Promise<BrowserContext> {
    const known = contexts.get(as);
    if (known) return known;
    let context: BrowserContext;
    if (as === 'visitor' || as === 'member' || as === 'visitor-no-location') {
      context = await phoneContext(browser, baseURL, {
        geolocation: { ...near, accuracy: 12 },
        ...(as === 'visitor-no-location' ? { permissions: [] } : {}),
      });
      // The coupon maps' OpenStreetMap tiles never leave the machine: a plain grey tile instead.
      await context.route('https://tile.openstreetmap.org/**', (route) =>
        route.fulfill({ status: 200, contentType: 'image/png', body: GREY_TILE }),
      );
      if (as === 'member') {
        const page = await context.newPage();
        await page.goto('/stamp/');
        await page.locator('main').getByRole('button', { name: 'デモ旅行者としてログイン' }).click();
        await page.getByTestId('stamps-empty').waitFor();
        await page.close();
      }
    } else if (as === 'guest-staff') context = await desktopContext(browser, baseURL);
    else context = await staffDesktop(browser, baseURL, as === 'admin' ? ADMIN : SHOP);
    contexts.set(as, context);
    return context;
  }

  it('lists every page of the public page table and the named admin pages', () => {
    const visitor = (s: Screen) => s.as === 'visitor' || s.as === 'member' || s.as === 'visitor-no-location';
    const listed = new Set(SCREENS.filter(visitor).map((s) => s.page));
    expect(Object.keys(PAGE_PATTERNS).filter((p) => !listed.has(p as PageId))).toEqual([]);
    const unknown = SCREENS.filter((s) =>
      visitor(s) ? s.page !== '404' && !(s.page in PAGE_PATTERNS) : !(s.page in ADMIN_PAGE_PATTERNS),
    );
    expect(unknown.map((s) => s.name)).toEqual([]);
    expect(new Set(SCREENS.map((s) => s.name)).size).toBe(SCREENS.length);
  });

  it.each(SCREENS.map((s) => [s.name, s] as const))('%s: no serious or critical finding', async (name, screen) => {
    const context = await contextFor(screen.as);
    const phone = screen.as === 'visitor' || screen.as === 'member' || screen.as === 'visitor-no-location';
    if (phone) {
      // 5 km north of the shop, at sea west of Amakusa, or at the shop.
      const at =
        screen.far === 'sea'
          ? { latitude: 32.0, longitude: 129.5 }
          : { ...near, latitude: near.latitude + (screen.far ? 0.045 : 0) };
      await context.setGeolocation({ ...at, accuracy: 12 });
    }
    const page = await context.newPage();
    const problems = watchProblems(page);
    try {
      await page.goto(screen.path(ids));
      await settle(page, phone);
      if (screen.open) {
        await screen.open(page);
        await page.waitForLoadState('networkidle');
        await animationsDone(page);
      }
      const results = await new AxeBuilder({ page }).withTags(REVIEWED).analyze();
      report[name] = results.violations.map((v) => ({
        rule: v.id,
        impact: v.impact ?? 'unknown',
        wcag: v.tags.some((t) => TAGS.includes(t)),
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary ?? '' })),
      }));
      await page.screenshot({ path: `${OUT}/${name}.png`, animations: 'disabled' });
      const failing = report[name].filter((f) => f.wcag && FAILING.has(f.impact));
      expect(failing, JSON.stringify(failing, null, 2)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
