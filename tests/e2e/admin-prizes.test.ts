import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { DEMO_STAFF } from '../../seeds/02_demo_staff';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createVisitor } from '../helpers/factories';
import { giveStamps } from '../helpers/prizes';
import { chromiumAvailable, launchChromium, listen, SHOTS, staffDesktop, watchProblems } from './browser';

/**
 * Issue 12's browser proof for the admin's prizes, on the seeded database at 1280x800: staff
 * see the running rally's prizes, get field errors beside the fields, create a prize with an
 * image and see it listed; a visitor (stamps given, applying through the API) shows up in the
 * prize's applications, staff ship it after confirming and download the CSV (BOM and the
 * row); deleting it is refused and unpublishing is offered; shop staff get the 403 state.
 */
const hasChromium = chromiumAvailable();
const ADMIN = DEMO_STAFF.find((s) => s.role === 'admin')!;
const SHOP = DEMO_STAFF.find((s) => s.role === 'shop')!;
const NAME_JA = 'くまモン 手ぬぐい（冬限定）';
const NAME_EN = 'Kumamon hand towel (winter edition)';

describe.skipIf(!hasChromium)('admin prizes (Chromium, 1280x800 desktop)', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let server: Server;
  let baseURL: string;
  let browser: Browser;
  let uploads: string;
  let rally: number;
  let prizeId = 0;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    uploads = mkdtempSync(join(tmpdir(), 'passport-prize-uploads-'));
    ({ db, destroy } = await createTestDb({ seed: true }));
    ({ server, baseURL } = await listen(testApp(db, { config: { uploadDir: uploads } }).app));
    rally = (await db('prizes').first('campaign_id')).campaign_id as number;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => server?.close(r));
    await destroy?.();
    if (uploads) rmSync(uploads, { recursive: true, force: true });
  });

  it("lists the running rally's prizes with kind, stamps, stock and applications", async () => {
    const context = await staffDesktop(browser, baseURL, ADMIN);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/management_admin/');
    await page.getByTestId('admin-side-menu').getByRole('link', { name: '景品登録' }).click();
    await page.waitForURL('**/management_admin/prize/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('景品一覧');
    const rows = page.locator('[data-testid="prize-table"] tbody tr[data-prize-id]');
    const seeded = Number((await db('prizes').where({ campaign_id: rally }).count({ n: '*' }))[0]!.n);
    await expect.poll(() => rows.count()).toBe(seeded);
    expect(await page.getByTestId('rally-select').inputValue()).toBe(String(rally));
    const kinds = await rows.locator('[data-kind]').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
    expect(kinds).toEqual(expect.arrayContaining(['exchange', 'lottery']));
    // A lottery prize has no stock: the cell says so.
    const lottery = rows.filter({ has: page.locator('[data-kind="lottery"]') }).first();
    expect(await lottery.getByTestId('prize-stock').textContent()).toBe('抽選');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SHOTS}/admin-prize-list.png`, animations: 'disabled' });

    // Filtering by kind keeps the rally and narrows the rows.
    const lotteries = Number(
      (await db('prizes').where({ campaign_id: rally, kind: 'lottery' }).count({ n: '*' }))[0]!.n,
    );
    await page.getByLabel('種類').selectOption('lottery');
    await expect.poll(() => new URL(page.url()).search).toBe('?kind=lottery');
    await expect
      .poll(() => rows.locator('[data-kind]').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))))
      .toEqual(Array<string>(lotteries).fill('lottery'));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('creates a prize with an image; field errors first; it appears in the list', async () => {
    const context = await staffDesktop(browser, baseURL, ADMIN);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/management_admin/prize/');
    await page.locator('main').getByRole('link', { name: '景品登録' }).click();
    await page.waitForURL(/\/management_admin\/prize\/regist\//);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('景品登録');
    await expect.poll(() => page.getByLabel(/^スタンプラリー/).inputValue()).toBe(String(rally));

    // Saving empty: the errors beside the fields, nothing sent.
    await page.getByRole('button', { name: '作成する' }).click();
    await expect.poll(() => page.getByTestId('form-error').textContent()).toContain('入力内容を確認してください');
    expect(await page.getByTestId('form-error').textContent()).toBe('入力内容を確認してください（3件）。');
    expect(await page.locator('.adm-field__error').allTextContents()).toEqual([
      '入力してください。',
      '入力してください。',
      '入力してください。',
    ]);
    expect(await page.locator('[name="name.ja"]').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[name="stampsNeeded"]').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[name="stock"]').getAttribute('aria-invalid')).toBe('true');
    // A lottery prize has no stock field.
    await page.getByLabel(/^抽選/).check();
    expect(await page.locator('[name="stock"]').count()).toBe(0);
    await page.getByLabel(/^交換（先着）/).check();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/admin-prize-form-errors.png`, animations: 'disabled' });

    await page.getByLabel(/^景品名/).fill(NAME_JA);
    expect(await page.locator('[name="name.ja"]').getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel('説明').fill('冬のスタンプラリー限定の手ぬぐいです。');
    await page.getByRole('tab', { name: /^English/ }).click();
    expect(await page.getByLabel(/^景品名/).getAttribute('name')).toBe('name.en');
    await page.getByLabel(/^景品名/).fill(NAME_EN);
    await page.getByRole('tab', { name: /^日本語/ }).click();
    await page.getByLabel(/^必要なスタンプ/).fill('3');
    await page.getByLabel(/^在庫数/).fill('5');
    await page.getByLabel('表示順').fill('9');
    await page.getByText('非公開', { exact: true }).click();
    expect(await page.getByRole('switch').isChecked()).toBe(true);
    const jpeg = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 40, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    await page.getByTestId('image-input').setInputFiles({ name: 'towel.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect.poll(() => page.getByTestId('prize-images').locator('li').count()).toBe(1);
    await page.locator('.adm-prize-kinds').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/admin-prize-form-settings.png`, animations: 'disabled' });

    await page.getByRole('button', { name: '作成する' }).click();
    await page.waitForURL(/\/management_admin\/prize\/\d+\/$/);
    prizeId = Number(/prize\/(\d+)\//.exec(page.url())![1]);
    await expect.poll(() => page.getByTestId('form-flash').textContent()).toBe('景品を登録しました。');
    await expect.poll(() => page.getByTestId('prize-images').locator('img').count()).toBe(1);
    const src = await page.getByTestId('prize-images').locator('img').first().getAttribute('src');
    expect(src).toMatch(/^\/uploads\/.+\.webp$/);
    expect((await fetch(baseURL + src!)).status).toBe(200);
    await expect.poll(() => page.getByTestId('audit-trail').textContent()).toContain(ADMIN.email);
    expect(await page.getByTestId('applications-empty').textContent()).toBe('この景品への応募はまだありません。');
    const row = await db('prizes').where({ id: prizeId }).first();
    expect(row).toMatchObject({ campaign_id: rally, kind: 'exchange', stamps_needed: 3, stock: 5, display_order: 9 });
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/admin-prize-form.png`, animations: 'disabled' });

    // Back in the list: the new prize with its image, stamps and stock.
    await page.getByRole('link', { name: '一覧へ戻る', exact: true }).click();
    await page.waitForURL(`**/management_admin/prize/?rally=${rally}`);
    const listed = page.locator(`[data-testid="prize-table"] tr[data-prize-id="${prizeId}"]`);
    await listed.waitFor();
    expect(await listed.locator('.adm-table__title').textContent()).toBe(NAME_JA);
    expect(await listed.getByTestId('prize-stamps').textContent()).toBe('3');
    expect(await listed.getByTestId('prize-stock').textContent()).toBe('5');
    expect(await listed.locator('img').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows an application, ships it after confirming, exports the CSV; delete is refused', async () => {
    expect(prizeId).toBeGreaterThan(0);
    const visitor = await createVisitor(db);
    const name = (await db('users').where({ id: visitor.id }).first('display_name')).display_name as string;
    const { coupon_id: couponId, spot_id: spotId } = await db('coupon_spots').first('coupon_id', 'spot_id');
    await giveStamps(db, { userIds: [visitor.id], campaignId: rally, couponId, spotId, red: 4 });
    const applied = await fetch(`${baseURL}/api/prizes/change/to/presents`, {
      method: 'POST',
      headers: {
        authorization: visitor.auth,
        'content-type': 'application/json',
        'idempotency-key': `e2e-prize-${visitor.id}`,
      },
      body: JSON.stringify({ prizeId }),
    });
    expect(applied.status).toBe(200);
    const application = ((await applied.json()) as { data: { application: { id: number; status: string } } }).data
      .application;
    expect(application.status).toBe('won');

    const context = await staffDesktop(browser, baseURL, ADMIN);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`/management_admin/prize/${prizeId}/`);
    const apps = page.getByTestId('applications');
    const row = apps.locator(`tr[data-application-id="${application.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(name);
    expect(await row.locator('[data-app-status]').getAttribute('data-app-status')).toBe('won');
    expect(await apps.getByTestId('application-range').textContent()).toBe('全1件中 1〜1件を表示');
    expect(await apps.getByTestId('application-counts').textContent()).toContain('全1件');

    // Search: by status (none lost), then by the visitor's name.
    await apps.getByLabel('状態').selectOption('lost');
    await apps.getByTestId('applications-empty').waitFor();
    await apps.getByLabel('状態').selectOption('');
    await apps.getByLabel('応募者').fill(name);
    await apps.getByRole('button', { name: '検索' }).click();
    await row.waitFor();

    // won -> shipped, after the confirmation names both states.
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await row.getByRole('button', { name: `応募#${application.id}を「発送済」にする` }).click();
    await expect.poll(() => row.locator('[data-app-status]').getAttribute('data-app-status')).toBe('shipped');
    expect(asked).toContain('「当選」から「発送済」');
    expect(await apps.getByTestId('application-note').textContent()).toBe(
      `応募#${application.id}を「発送済」にしました。`,
    );
    expect(await row.getByRole('button').count()).toBe(0);
    expect((await db('prize_applications').where({ id: application.id }).first('status')).status).toBe('shipped');
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/admin-prize-applications.png`, animations: 'disabled' });

    // The CSV: UTF-8 with a BOM, the header, then the row.
    const [download] = await Promise.all([page.waitForEvent('download'), apps.getByTestId('applications-csv').click()]);
    expect(download.suggestedFilename()).toBe(`prize-${prizeId}-applications.csv`);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'application_id,prize_id,prize_name,user_id,display_name,status,stamps_spent,applied_at_jst,updated_at_jst',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${application.id},${prizeId},${NAME_JA},${visitor.id},${name},shipped,3,`);

    // Delete: refused (visitors applied), unpublishing offered and done.
    await page.evaluate(() => window.scrollTo(0, 0));
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: '削除', exact: true }).click();
    await expect.poll(() => page.getByTestId('delete-refused').textContent()).toContain('非公開にしてください');
    await page.screenshot({ path: `${SHOTS}/admin-prize-delete-refused.png`, animations: 'disabled' });
    await page.getByTestId('delete-refused').getByRole('button', { name: '非公開にする' }).click();
    await expect.poll(() => page.getByTestId('form-flash').textContent()).toContain('非公開にしました');
    expect(await db('prizes').where({ id: prizeId }).first()).toMatchObject({ id: prizeId });
    expect(Boolean((await db('prizes').where({ id: prizeId }).first('published')).published)).toBe(false);

    // The same page in English: its own words, the prize's English name.
    await page.goto(`/en/management_admin/prize/${prizeId}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Edit prize');
    await expect.poll(() => page.locator('[data-app-status]').first().textContent()).toBe('Shipped');
    expect(await page.getByTestId('applications').locator('h2').textContent()).toBe('Applications');
    await page.getByRole('tab', { name: /^English/ }).click();
    expect(await page.locator('[name="name.en"]').inputValue()).toBe(NAME_EN);
    await page.locator('.adm-prize-kinds').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SHOTS}/admin-prize-form-en.png`, animations: 'disabled' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a lottery entry: a cancelled confirmation changes nothing, then applied -> lost', async () => {
    const lottery = (await db('prizes')
      .where({ campaign_id: rally, kind: 'lottery' })
      .first('id', 'stamps_needed')) as {
      id: number;
      stamps_needed: number;
    };
    const visitor = await createVisitor(db);
    const { coupon_id: couponId, spot_id: spotId } = await db('coupon_spots').first('coupon_id', 'spot_id');
    await giveStamps(db, { userIds: [visitor.id], campaignId: rally, couponId, spotId, red: lottery.stamps_needed });
    const entered = await fetch(`${baseURL}/api/prizes/change/to/presents`, {
      method: 'POST',
      headers: {
        authorization: visitor.auth,
        'content-type': 'application/json',
        'idempotency-key': `e2e-lottery-${visitor.id}`,
      },
      body: JSON.stringify({ prizeId: lottery.id }),
    });
    expect(entered.status).toBe(200);
    const entry = ((await entered.json()) as { data: { application: { id: number; status: string } } }).data
      .application;
    expect(entry.status).toBe('applied');

    const context = await staffDesktop(browser, baseURL, ADMIN);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`/management_admin/prize/${lottery.id}/`);
    const row = page.getByTestId('applications').locator(`tr[data-application-id="${entry.id}"]`);
    await row.waitFor();
    expect(await row.getByRole('button').allTextContents()).toEqual(['当選にする', '落選にする']);
    // The kind and rally are locked once visitors applied.
    expect(
      await page.locator('input[name="kind"]').evaluateAll((els) => els.map((e) => e.matches(':disabled'))),
    ).toEqual([true, true]);
    expect(await page.locator('select[name="campaignId"]').isDisabled()).toBe(true);
    expect(await page.getByText('応募があるため、スタンプラリーと種類は変更できません。').count()).toBe(1);

    page.once('dialog', (d) => void d.dismiss());
    await row.getByRole('button', { name: `応募#${entry.id}を「落選」にする` }).click();
    expect(await row.locator('[data-app-status]').getAttribute('data-app-status')).toBe('applied');
    expect((await db('prize_applications').where({ id: entry.id }).first('status')).status).toBe('applied');

    page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: `応募#${entry.id}を「落選」にする` }).click();
    await expect.poll(() => row.locator('[data-app-status]').getAttribute('data-app-status')).toBe('lost');
    expect((await db('prize_applications').where({ id: entry.id }).first('status')).status).toBe('lost');
    await expect
      .poll(() => page.getByTestId('application-counts').textContent())
      .toBe('全1件（応募中0・当選0・落選1・発送済0）');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shop staff get the 403 state on the prize screens', async () => {
    const context = await staffDesktop(browser, baseURL, SHOP);
    const page = await context.newPage();
    for (const path of ['/management_admin/prize/', `/management_admin/prize/${prizeId}/`]) {
      await page.goto(path);
      await page.getByTestId('admin-notice').waitFor();
      expect(await page.getByTestId('admin-notice').locator('h2').textContent()).toBe(
        'この画面を表示する権限がありません',
      );
      expect(await page.getByTestId('prize-table').count()).toBe(0);
    }
    expect(await page.getByRole('link', { name: '景品登録' }).count()).toBe(0);
    await context.close();
  });
});
