import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { DEMO_STAFF } from '../../seeds/02_demo_staff';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { chromiumAvailable, launchChromium, listen, phoneContext, SHOTS, staffDesktop, watchProblems } from './browser';

/**
 * Issue 6's browser proof for the rest of the catalogue, on the seeded database (clock at
 * 2026-11-21 JST, the seeded rally running 2026-11-01 to 2027-01-31): an admin creates a
 * rally and is told clearly that a second, overlapping one cannot be saved; adds an FAQ entry
 * that a visitor's phone then finds on /faq/; renames a spot and sees the change in its
 * history (with its printable QR code); imports a spot CSV file with a bad row and sees the
 * row named, nothing imported. Screenshots at 1280x800.
 */
const hasChromium = chromiumAvailable();
const ADMIN = DEMO_STAFF.find((s) => s.role === 'admin')!;

describe.skipIf(!hasChromium)('admin catalogue: rallies, FAQ, spots and CSV (Chromium, 1280x800)', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let server: Server;
  let baseURL: string;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ db, destroy } = await createTestDb({ seed: true }));
    ({ server, baseURL } = await listen(testApp(db).app));
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => server?.close(r));
    await destroy?.();
  });

  it('creates a rally, then refuses an overlapping one with the clash named beside the dates', async () => {
    const context = await staffDesktop(browser, baseURL, ADMIN);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/management_admin/campaign/');
    await page.locator('[data-testid="campaign-table"] tbody tr[data-campaign-id]').first().waitFor();
    expect(await page.locator('[data-state="running"]').count()).toBe(1);

    await page.locator('.adm-page-head').getByRole('link', { name: 'スタンプラリー登録' }).click();
    await page.waitForURL('**/management_admin/campaign/regist/');
    // Saving empty: errors beside the fields.
    await page.getByRole('button', { name: '作成する' }).click();
    await expect.poll(() => page.locator('.adm-field__error').count()).toBeGreaterThanOrEqual(3);

    await page.getByLabel('名称').fill('晩秋の阿蘇スタンプラリー');
    await page.getByLabel('開始日').fill('2027-11-01');
    await page.getByLabel('終了日').fill('2027-11-30');
    await page.getByRole('button', { name: '作成する' }).click();
    await page.waitForURL(/\/management_admin\/campaign\/\d+\/$/);
    await page.getByTestId('audit-trail').waitFor();
    expect(await page.getByTestId('audit-trail').textContent()).toContain('作成');
    expect(await page.getByTestId('form-flash').textContent()).toBe('スタンプラリーを作成しました。');

    // A second rally overlapping the first: 409, shown as an alert naming the clash.
    await page.goto('/management_admin/campaign/regist/');
    await page.getByLabel('名称').fill('阿蘇の花めぐりラリー');
    await page.getByRole('tab', { name: /English/ }).click();
    await page.getByLabel('名称').fill('Aso flower rally');
    await page.getByLabel('開始日').fill('2027-11-20');
    await page.getByLabel('終了日').fill('2027-12-10');
    await page.getByRole('button', { name: '作成する' }).click();
    await expect
      .poll(() => page.getByTestId('form-error').textContent())
      .toContain('他のスタンプラリーと期間が重なっています');
    await page.getByTestId('overlap-list').waitFor();
    expect(await page.getByTestId('overlap-list').textContent()).toContain('晩秋の阿蘇スタンプラリー');
    expect(await page.locator('.adm-field.has-error').count()).toBe(2);
    expect(page.url()).toMatch(/\/campaign\/regist\/$/);
    await page.screenshot({ path: `${SHOTS}/admin-rally-form.png`, animations: 'disabled' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('adds an FAQ entry that a visitor sees on the public /faq/', async () => {
    const context = await staffDesktop(browser, baseURL, ADMIN);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/management_admin/faq/');
    const first = page.locator('[data-category-id]').first();
    await first.waitFor();
    await first.getByRole('button', { name: '質問を追加' }).click();
    const editor = first.locator('form.adm-faq-editor');
    await editor.getByLabel('質問').fill('スタンプは1日に何回押せますか？');
    await editor.getByLabel('回答').fill('同じ店舗では1日1回です。別の店舗ならいくつでも押せます。');
    await editor.getByRole('button', { name: '保存する' }).click();
    await expect.poll(() => page.getByTestId('form-flash').textContent()).toContain('保存しました');
    await expect
      .poll(() => first.locator('.adm-faq-item__q').allTextContents())
      .toContain('スタンプは1日に何回押せますか？');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/admin-faq.png`, animations: 'disabled' });
    expect(problems).toEqual([]);
    await context.close();

    const phone = await phoneContext(browser, baseURL);
    const visitor = await phone.newPage();
    await visitor.goto('/faq/');
    await visitor.getByTestId('faq-category').first().waitFor();
    await expect.poll(() => visitor.locator('summary', { hasText: 'スタンプは1日に何回押せますか？' }).count()).toBe(1);
    await phone.close();
  });

  it('renames a spot, sees the change in its history, and shows its printable QR code', async () => {
    const context = await staffDesktop(browser, baseURL, ADMIN);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/management_admin/setting/');
    const row = page.locator('[data-testid="spot-table"] tbody tr[data-spot-id]').first();
    await row.waitFor();
    await row.locator('a.adm-table__title').click();
    await page.waitForURL(/\/management_admin\/setting\/spot\/\d+\/$/);
    await page.getByTestId('qr-code').waitFor();
    expect(await page.getByTestId('qr-code').textContent()).toMatch(/^[A-Z2-9]{8}$/);
    expect(await page.getByTestId('map-link').getAttribute('href')).toMatch(
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=-?\d+(\.\d+)?,-?\d+(\.\d+)?$/,
    );
    expect(await page.getByTestId('audit-trail').count()).toBe(0);

    const name = page.getByLabel('店舗名');
    await name.fill(`${await name.inputValue()}（本店）`);
    await page.getByRole('button', { name: '保存する' }).click();
    await expect.poll(() => page.getByTestId('form-flash').textContent()).toContain('保存しました');
    await page.getByTestId('audit-trail').waitFor();
    expect(await page.getByTestId('audit-trail').textContent()).toContain('更新');
    expect(await page.getByTestId('audit-trail').textContent()).toContain(ADMIN.email);
    // The entry shows what changed: the names before and after the rename.
    await page.getByTestId('audit-trail').locator('summary').first().click();
    expect(await page.getByTestId('audit-trail').locator('table').first().textContent()).toContain('（本店）');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/admin-spot-qr.png`, animations: 'disabled' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('imports a spot CSV file with a bad row: the row is named and nothing is imported', async () => {
    const context = await staffDesktop(browser, baseURL, ADMIN);
    const page = await context.newPage();
    const problems = watchProblems(page);
    const before = Number((await db('spots').count({ n: '*' }))[0]!.n);
    await page.goto('/management_admin/setting/');
    await page.locator('[data-testid="spot-table"] tbody tr[data-spot-id]').first().waitFor();
    const panel = page.getByTestId('csv-spots');
    await panel.getByRole('button', { name: 'CSVを取り込む' }).click();
    const csv = [
      'store_code,name_ja,address,latitude,longitude,area,purpose,genre,usable_range_m',
      'e2e-0001,テスト商店,熊本県熊本市中央区手取本町1-1,32.8031,130.7079,city,gourmet,ラーメン,300',
      'e2e-0002,テスト温泉,熊本県阿蘇市黒川1,北緯32度,131.05,aso,spa,,500',
      'e2e-0003,テスト土産,熊本県天草市1,32.45,130.19,moon,souvenir,,500',
    ].join('\r\n');
    await panel
      .locator('input[type="file"]')
      .setInputFiles({ name: 'spots.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\r\n`, 'utf8') });
    await panel.getByRole('button', { name: '取り込む', exact: true }).click();
    const errors = page.getByTestId('csv-errors');
    await errors.waitFor();
    const rows = await errors.locator('tbody tr').allTextContents();
    expect(rows.some((r) => r.startsWith('3行目') && r.includes('latitude'))).toBe(true);
    expect(rows.some((r) => r.startsWith('4行目') && r.includes('area'))).toBe(true);
    expect(Number((await db('spots').count({ n: '*' }))[0]!.n)).toBe(before);
    await errors.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/admin-csv-errors.png`, animations: 'disabled' });

    // The same panel on the coupon list, for coupons.
    const coupons = Number((await db('coupons').count({ n: '*' }))[0]!.n);
    await page.goto('/management_admin/');
    const couponPanel = page.getByTestId('csv-coupons');
    await couponPanel.getByRole('button', { name: 'CSVを取り込む' }).click();
    const couponCsv = [
      'id,title_ja,description_ja,discount_ja,store_codes,area,purpose,genre,tags,valid_from,valid_to,published',
      ',テストクーポン,,10%引き,kmt-0001,city,gourmet,,,2026-12-01,2026-11-01,true',
    ].join('\r\n');
    await couponPanel
      .locator('input[type="file"]')
      .setInputFiles({ name: 'coupons.csv', mimeType: 'text/csv', buffer: Buffer.from(`${couponCsv}\r\n`, 'utf8') });
    await couponPanel.getByRole('button', { name: '取り込む', exact: true }).click();
    await couponPanel.getByTestId('csv-errors').waitFor();
    expect(
      (await couponPanel.getByTestId('csv-errors').locator('tbody tr').allTextContents()).some((r) =>
        r.startsWith('2行目'),
      ),
    ).toBe(true);
    expect(Number((await db('coupons').count({ n: '*' }))[0]!.n)).toBe(coupons);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('ranks coupons by uses over a chosen period', async () => {
    const context = await staffDesktop(browser, baseURL, ADMIN);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/management_admin/ranking/?from=2026-10-01&to=2026-11-21');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('クーポンランキング');
    await page
      .locator('[data-testid="ranking-table"] tbody tr:not(.adm-table__skeleton), .adm-empty')
      .first()
      .waitFor();
    expect(await page.getByLabel('集計開始日').inputValue()).toBe('2026-10-01');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SHOTS}/admin-ranking.png`, animations: 'disabled' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('asks before leaving a form with unsaved changes, and stays when told to', async () => {
    const context = await staffDesktop(browser, baseURL, ADMIN);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/management_admin/campaign/regist/');
    await page.getByLabel('名称').fill('来冬のスタンプラリー');
    await expect.poll(() => page.locator('.adm-savebar__state').textContent()).toBe('未保存の変更があります');
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    const faq = page.getByTestId('admin-side-menu').getByRole('link', { name: 'FAQ管理' });
    await faq.click();
    await expect.poll(() => asked).toEqual(['保存していない変更があります。このページを離れてもよろしいですか？']);
    expect(new URL(page.url()).pathname).toBe('/management_admin/campaign/regist/');
    expect(await page.getByLabel('名称').inputValue()).toBe('来冬のスタンプラリー');
    page.once('dialog', (d) => void d.accept());
    await faq.click();
    await page.waitForURL((u) => !u.pathname.includes('/campaign/'));
    expect(problems).toEqual([]);
    await context.close();
  });
});
