import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CouponList } from '@contracts/coupons';
import type { Db } from '../../server/src/db/knex';
import { DEMO_STAFF } from '../../seeds/02_demo_staff';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import {
  appLive,
  chromiumAvailable,
  launchChromium,
  listen,
  phoneContext,
  SHOTS,
  staffDesktop,
  watchProblems,
} from './browser';

/**
 * Issue 6's browser proof for coupons, on the seeded database with the clock at 2026-11-21
 * JST: staff see the coupon list, get field errors beside the fields, create a coupon with
 * texts in two languages, a seeded spot and an image, publish it and preview it as a phone;
 * a visitor's phone then finds it in /coupon/ with its image.
 */
const hasChromium = chromiumAvailable();
const ADMIN = DEMO_STAFF.find((s) => s.role === 'admin')!;
const TITLE_JA = '熊本城下 いきなり団子ひとつサービス';
const TITLE_EN = 'One free ikinari dango near Kumamoto Castle';

describe.skipIf(!hasChromium)('admin coupons (Chromium, 1280x800 desktop and a 390x844 phone)', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let server: Server;
  let baseURL: string;
  let browser: Browser;
  let uploads: string;
  let spot: { id: number; name: string };
  let couponId = 0;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    uploads = mkdtempSync(join(tmpdir(), 'passport-uploads-'));
    ({ db, destroy } = await createTestDb({ seed: true }));
    ({ server, baseURL } = await listen(testApp(db, { config: { uploadDir: uploads } }).app));
    const row = await db('spots as s')
      .join('spot_translations as t', function () {
        this.on('t.spot_id', 's.id').andOnVal('t.locale', 'ja');
      })
      .select('s.id', 't.name')
      .orderBy('s.id')
      .first();
    spot = { id: row.id, name: row.name };
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => server?.close(r));
    await destroy?.();
    if (uploads) rmSync(uploads, { recursive: true, force: true });
  });

  it('lists coupons with their state, searches and pages', async () => {
    const context = await staffDesktop(browser, baseURL, ADMIN);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/management_admin/');
    const rows = page.locator('[data-testid="coupon-table"] tbody tr[data-coupon-id]');
    await rows.first().waitFor();
    const total = Number((await db('coupons').whereNull('deleted_at').count({ n: '*' }))[0]!.n);
    expect(await page.getByTestId('coupon-list-range').textContent()).toBe(
      `全${total}件中 1〜${Math.min(20, total)}件を表示`,
    );
    expect(await rows.count()).toBe(Math.min(20, total));
    expect(await rows.first().locator('[data-status]').count()).toBe(1);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SHOTS}/admin-coupon-list.png`, animations: 'disabled' });

    // Page 2 keeps its place in the URL; the state filter narrows the list.
    if (total > 20) {
      await page.getByRole('button', { name: '2ページ目' }).click();
      await page.waitForURL('**/management_admin/?page=2');
      await expect
        .poll(() => page.getByTestId('coupon-list-range').textContent())
        .toBe(`全${total}件中 21〜${Math.min(40, total)}件を表示`);
    }
    await page.getByLabel('公開状態').selectOption('draft');
    await page.waitForURL('**/management_admin/?status=draft');
    await expect
      .poll(async () =>
        (
          await page.locator('tbody [data-status]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))
        ).every((s) => s === 'draft'),
      )
      .toBe(true);

    // The area filter narrows to that area's coupons, counted as the database counts them.
    await page.getByLabel('公開状態').selectOption('');
    await page.getByLabel('エリア').selectOption('aso');
    await page.waitForURL('**/management_admin/?area=aso');
    const aso = Number((await db('coupons').whereNull('deleted_at').where({ area: 'aso' }).count({ n: '*' }))[0]!.n);
    expect(aso).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('coupon-list-range').textContent())
      .toBe(`全${aso}件中 1〜${Math.min(20, aso)}件を表示`);

    // A narrower window: the table scrolls inside its card, the page does not, and each row's
    // edit and preview stay in view at the right edge.
    await page.setViewportSize({ width: 1024, height: 768 });
    const edit = page.locator('tbody tr[data-coupon-id]').first().locator('.adm-table__actions a').first();
    const box = (await edit.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1024);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await page.screenshot({ path: `${SHOTS}/admin-coupon-list-1024.png`, animations: 'disabled' });

    // A record id that is not a number: not found, with the way back to the list.
    await page.goto('/management_admin/coupon/abc/');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('見つかりませんでした');
    await page.getByRole('alert').getByRole('link', { name: '一覧へ戻る' }).click();
    await page.waitForURL((u) => u.pathname === '/management_admin/');
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
    await context.close();
  });

  it('creates a coupon with an image for a seeded spot, publishes it, previews it; a visitor sees it', async () => {
    const context = await staffDesktop(browser, baseURL, ADMIN);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/management_admin/');
    await page.getByRole('link', { name: 'クーポン新規作成' }).first().click();
    await page.waitForURL('**/management_admin/coupon/regist/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('クーポン新規作成');

    // Saving empty: the errors beside the fields, nothing sent.
    await page.getByRole('button', { name: '作成する' }).click();
    await expect.poll(() => page.getByTestId('form-error').textContent()).toContain('入力内容を確認してください');
    const errors = await page.locator('.adm-field__error').allTextContents();
    expect(errors).toEqual(
      expect.arrayContaining([
        '日本語のタイトルを入力してください。',
        '日本語の割引・特典内容を入力してください。',
        '利用できる店舗を1つ以上選んでください。',
        'エリアを選んでください。',
        '目的を選んでください。',
      ]),
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/admin-coupon-form-errors.png`, animations: 'disabled' });

    // Texts: ja, and en; ko stays empty and says it falls back to ja.
    await page.getByLabel(/^タイトル/).fill(TITLE_JA);
    await page.getByLabel(/^割引・特典内容/).fill('いきなり団子1個無料');
    await page
      .getByLabel('説明')
      .fill('熊本名物のいきなり団子をひとつサービスします。お会計の前にこの画面を見せてください。');
    await page.getByRole('tab', { name: /^English/ }).click();
    expect(await page.getByLabel(/^タイトル/).getAttribute('name')).toBe('title.en');
    await page.getByLabel(/^タイトル/).fill(TITLE_EN);
    await page.getByLabel(/^割引・特典内容/).fill('One ikinari dango free');
    await page.getByRole('tab', { name: /^한국어/ }).click();
    expect(await page.getByTestId('falls-back').textContent()).toContain('日本語で表示されます');
    await page.getByRole('tab', { name: /^日本語/ }).click();

    // A seeded spot from the picker; classification, tags, period, points, publication.
    await page.getByLabel('店舗名・店舗コードで検索').fill(spot.name);
    await page.locator('.adm-pick', { hasText: spot.name }).first().locator('input').check();
    expect(await page.getByTestId('chosen-spots').textContent()).toContain(spot.name);
    await page.getByLabel(/^エリア/).selectOption('city');
    await page.getByLabel(/^目的/).selectOption('souvenir');
    await page.getByLabel('ジャンル').fill('和菓子');
    await page.getByLabel('タグ').fill('団子');
    await page.getByLabel('タグ').press('Enter');
    await page.getByLabel('開始日').fill('2026-11-01');
    await page.getByLabel('終了日').fill('2027-01-31');
    await page.getByLabel('1回の利用で付与するLINEポイント').fill('5');
    await page.getByText('公開しない').click();
    expect(await page.getByRole('switch').isChecked()).toBe(true);

    // An image, kept until the coupon is saved, then uploaded with progress.
    const jpeg = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 214, g: 120, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    await page.getByTestId('image-input').setInputFiles({ name: 'dango.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect.poll(() => page.getByTestId('coupon-images').locator('li').count()).toBe(1);

    await page.getByRole('button', { name: '作成する' }).click();
    await page.waitForURL(/\/management_admin\/coupon\/\d+\/$/);
    couponId = Number(/coupon\/(\d+)\//.exec(page.url())![1]);
    await expect.poll(() => page.getByTestId('form-flash').textContent()).toBe('クーポンを作成しました。');
    expect(new URL(page.url()).pathname).toBe(`/management_admin/coupon/${couponId}/`);
    await expect.poll(() => page.getByTestId('coupon-images').locator('img').count()).toBe(1);
    expect(await page.locator('[data-status]').first().getAttribute('data-status')).toBe('published');
    await expect.poll(() => page.getByTestId('audit-trail').textContent()).toContain(ADMIN.email);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/admin-coupon-form.png`, animations: 'disabled' });

    // The preview: a phone, in ja, then en; ko falls back to ja.
    await page.goto(`/management_admin/coupon/${couponId}/view/`);
    const phone = page.getByTestId('coupon-preview');
    await expect.poll(() => phone.getByTestId('preview-title').textContent()).toBe(TITLE_JA);
    await expect.poll(() => phone.locator('.visual__img').count()).toBe(1);
    expect(await phone.textContent()).toContain('使用済みにする');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SHOTS}/admin-coupon-preview.png`, animations: 'disabled' });
    await page.getByRole('tab', { name: 'English' }).click();
    await expect.poll(() => phone.getByTestId('preview-title').textContent()).toBe(TITLE_EN);
    expect(await phone.textContent()).toContain('Mark as used');
    await page.getByRole('tab', { name: '한국어' }).click();
    await expect.poll(() => phone.getByTestId('preview-title').textContent()).toBe(TITLE_JA);
    expect(await page.getByTestId('preview-fallback').textContent()).toContain('日本語で表示されます');
    expect(problems).toEqual([]);
    await context.close();

    // A visitor's phone: the coupon in /coupon/ with its image.
    const visitor = await phoneContext(browser, baseURL);
    const phonePage = await visitor.newPage();
    const list = (await (await fetch(`${baseURL}/api/coupons/list/search?page=1&limit=50`)).json()) as CouponList;
    const mine = list.data.find((c) => c.id === couponId);
    expect(mine?.imageUrl).toMatch(/^\/uploads\/.+\.webp$/);
    await phonePage.goto('/coupon/');
    await appLive(phonePage);
    const card = phonePage.locator(`a[data-coupon-id="${couponId}"]`);
    for (let i = 0; i < 20 && (await card.count()) === 0; i++) {
      await phonePage.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await phonePage.waitForTimeout(300);
    }
    await card.scrollIntoViewIfNeeded();
    expect(await card.textContent()).toContain('いきなり団子1個無料');
    const img = card.locator('img');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await visitor.close();
  });

  it('deletes a coupon after confirming, lands on the list and says so once', async () => {
    const context = await staffDesktop(browser, baseURL, ADMIN);
    const page = await context.newPage();
    const problems = watchProblems(page);
    const [victim] = await db('coupons').whereNull('deleted_at').orderBy('id').select('id').limit(1);
    await page.goto(`/management_admin/coupon/${victim.id}/`);
    const remove = page.locator('.adm-btn--danger', { hasText: '削除' });
    await remove.waitFor();
    page.once('dialog', (d) => void d.accept());
    await remove.click();
    await page.waitForURL((u) => u.pathname === '/management_admin/');
    await expect.poll(() => page.getByTestId('list-flash').textContent()).toBe('クーポンを削除しました。');
    expect((await db('coupons').where({ id: victim.id }).first()).deleted_at).not.toBeNull();
    // Said once: a reload of the list does not say it again.
    await page.reload();
    await page.locator('[data-testid="coupon-table"] tbody tr[data-coupon-id]').first().waitFor();
    expect(await page.getByTestId('list-flash').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
