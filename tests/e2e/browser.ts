import { expect } from 'vitest';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/**
 * Where the browser tests save their screenshots: a git-ignored folder (SCREENSHOT_DIR to
 * change it). The tracked pictures in docs/screenshots are refreshed only by `npm run screenshots`.
 */
export const SHOTS = process.env.SCREENSHOT_DIR ?? 'artifacts/screenshots';

/** Debian's Chromium, or CHROMIUM_PATH (CI sets it). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether the browser tests can run. Under CI a missing Chromium is an error (the run must
 * not pass without them); elsewhere the tests are skipped with a printed reason.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const reason = `Chromium not found at ${CHROMIUM_PATH} (install Debian's chromium or set CHROMIUM_PATH)`;
  if (process.env.CI) throw new Error(`CI needs the browser tests: ${reason}`);
  console.warn(`e2e: skipping browser tests: ${reason}`);
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
  });
}

export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

/** A phone: 390x844 at 2x, touch, an iPhone user agent, Japanese, location allowed. */
export function phoneContext(
  browser: Browser,
  baseURL: string,
  extra: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: IPHONE_UA,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    permissions: ['geolocation'],
    ...extra,
  });
}

/** Listens on a free loopback port; resolves the base URL. */
export function listen(app: {
  listen: (port: number, host: string, cb: () => void) => Server;
}): Promise<{ server: Server; baseURL: string }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, baseURL: `http://127.0.0.1:${port}` });
    });
  });
}

/** Great-circle distance in metres (for choosing a position far from every spot). */
export function distanceM(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const R = 6371008.8;
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

/**
 * Waits until the app runs in the page (`<html data-app="live">`): `/coupon/` arrives rendered
 * by the server (issue 5) and its controls work once the app has taken it over.
 */
export async function appLive(page: Page): Promise<void> {
  await page.locator('html[data-app="live"]').waitFor({ state: 'attached' });
}

/**
 * Collects a page's script errors and console errors as they happen (failed resource loads
 * are expected: refused API calls; with `allowNetErrors` also net:: errors, for offline runs).
 */
export function watchProblems(page: Page, { allowNetErrors = false } = {}): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    const text = m.text();
    if (
      m.type() !== 'error' ||
      text.startsWith('Failed to load resource') ||
      (allowNetErrors && text.includes('net::ERR_'))
    )
      return;
    problems.push(`console: ${text}`);
  });
  return problems;
}

/** A staff member's desktop (1280x800, Japanese, JST), signed out. */
export function desktopContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
}

/** A desktop signed in as `staff` through POST /api/login (the token cookie as the login screen keeps it). */
export async function staffDesktop(
  browser: Browser,
  baseURL: string,
  staff: { email: string; password: string },
): Promise<BrowserContext> {
  const res = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: staff.email, password: staff.password }),
  });
  if (res.status !== 200) throw new Error(`staff sign-in answered ${res.status}`);
  const { data } = (await res.json()) as { data: { token: string } };
  const context = await desktopContext(browser, baseURL);
  await context.addCookies([{ name: 'auth._token.local', value: encodeURIComponent(data.token), url: baseURL }]);
  return context;
}

/**
 * Asserts that a cookie lasts `seconds` from when it was set, which was after `since` (epoch
 * seconds read before the action that set it) and before this check: a bracket, not a
 * tolerance on elapsed time (1 s either side for the browser's rounding).
 */
export function expectLifetime(cookie: { expires: number } | undefined, seconds: number, since: number): void {
  const until = Date.now() / 1000;
  expect(cookie?.expires).toBeGreaterThanOrEqual(Math.floor(since) + seconds - 1);
  expect(cookie?.expires).toBeLessThanOrEqual(Math.ceil(until) + seconds + 1);
}
