import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';
import { forSuite } from './databases';
import { chromiumPath } from './optional-suites';
import { programArgs } from './child-programs';
import { startService, type ServiceProcess } from './server-process';

/** Debian's chromium, never a downloaded browser; background networking off (the machine has no internet). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Each window (a context) otherwise preloads the address bar's suggestion popup, a WebUI
      // renderer of its own that no headless test sees: 0.2 s of CPU per context here, about 40%
      // of a context's cost. Chromium merges this list with Playwright's own --disable-features.
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
    ],
  });
}

/** A fresh page (own storage) that fails the test on any uncaught page error. */
export async function freshPage(
  browser: Browser,
  baseUrl: string,
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

/**
 * The service (with `env`; tests/e2e/fixtures/browser-service.ts) and a browser, started for the
 * suite that calls it and closed after it;
 * `started` takes both for the suite's own variables (and may arrange what the suite's pages show).
 */
export function serviceAndBrowserForSuite(
  env: Record<string, string>,
  started: (value: { service: ServiceProcess; browser: Browser }) => unknown,
  timeoutMs = 90_000,
): void {
  forSuite(
    async () => {
      const service = await startService(env, programArgs('browserService'));
      const browser = await launchBrowser().catch(async (error: unknown) => {
        await service.stop();
        throw error;
      });
      return {
        service,
        browser,
        async close() {
          await browser.close();
          await service.stop();
        },
      };
    },
    started,
    timeoutMs,
  );
}

/**
 * A browser suite: starts the service (with `env`) and a browser before the suite's tests and
 * closes both after them. Answers how a test opens a fresh page on that service.
 */
export function browserSuite(
  env: Record<string, string> = {},
): () => Promise<{ page: Page; errors: string[] }> {
  let suite: { service: ServiceProcess; browser: Browser } | undefined;
  serviceAndBrowserForSuite(env, (started) => {
    suite = started;
  });
  return () => freshPage(suite!.browser, suite!.service.baseUrl);
}

/** The password the browser suites' users have. */
export const BROWSER_PASSWORD = 'a long enough passphrase';

/** Signs a new user up through the register page (an address made from `prefix`) and waits for the dashboard. */
export async function registerInBrowser(page: Page, prefix: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Email').fill(`${prefix}-${randomBytes(5).toString('hex')}@example.com`);
  await page.getByLabel('Password').fill(BROWSER_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  // Sign-up hashes with scrypt; on a busy machine the dashboard may take a while.
  await page.waitForURL('**/dashboard', { timeout: 20_000 });
}

/** What loading a page cost: its JavaScript as transferred (compressed, headers included) and its LCP. */
export interface PageLoadFigures {
  javascriptBytes: number;
  largestContentfulPaintMs: number;
}

/** Reads the figures of the page's last load from the browser's own performance entries. */
export async function pageLoadFigures(page: Page): Promise<PageLoadFigures> {
  return page.evaluate(async () => {
    const lcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      });
    });
    const javascriptBytes = performance
      .getEntriesByType('resource')
      .filter((e): e is PerformanceResourceTiming => e.name.endsWith('.js'))
      .reduce((sum, e) => sum + e.transferSize, 0);
    return { javascriptBytes, largestContentfulPaintMs: lcp };
  });
}

/** Signs in through the login page and waits for the dashboard. */
export async function signInInBrowser(
  page: Page,
  address: string,
  password = BROWSER_PASSWORD,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(address);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
}

/**
 * Connects a sandbox portal as a user does it from the dashboard: consent in a new tab, which lands
 * on the dashboard; answers that tab.
 */
export async function connectSandboxPortalInBrowser(page: Page): Promise<Page> {
  const connect = page.getByRole('link', { name: 'Connect to HubSpot' });
  await connect.waitFor({ timeout: 20_000 });
  const [consent] = await Promise.all([page.context().waitForEvent('page'), connect.click()]);
  await consent.waitForLoadState();
  await consent.getByRole('button', { name: 'Connect sandbox portal' }).click();
  await consent.waitForURL('**/dashboard?hubspot_connected=true', { timeout: 20_000 });
  return consent;
}
