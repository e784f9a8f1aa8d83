import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BROWSER_PASSWORD, browserSuite, signInInBrowser } from '../support/browser';

const password = BROWSER_PASSWORD;
/** Sign-up hashes a password with scrypt; on a busy machine the page may take a few seconds. */
const POLL = { timeout: 15_000 };
const email = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;

async function register(page: Page, address: string, path = '/register') {
  await page.goto(path);
  await page.getByLabel('Email').fill(address);
  await page.getByLabel('Password').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/** Whether the browser holds the sandbox CRM's pass; it is HttpOnly, so only the cookie jar shows it. */
async function holdsSandboxPass(page: Page) {
  return (await page.context().cookies()).some((c) => c.name === 'zipfill_sandbox_crm');
}

function balanceCard(page: Page) {
  return page
    .locator('section, div')
    .filter({ has: page.getByRole('heading', { name: 'Credit Balance' }) })
    .last();
}

describe('accounts in the browser', () => {
  const openPage = browserSuite();

  it('registers a new user who lands on the dashboard holding 50 credits', async () => {
    const { page, errors } = await openPage();
    const address = email('new');
    await register(page, address);
    await expect
      .poll(
        () => page.getByText("Registration successful! You've been awarded 50 free credits.").count(),
        POLL,
      )
      .toBe(1);
    await page.waitForURL('**/dashboard', { timeout: 10_000 });
    await expect.poll(() => page.getByText(`Welcome, ${address}`).count(), POLL).toBe(1);
    await expect.poll(() => balanceCard(page).innerText(), POLL).toContain('50');
    expect(errors).toEqual([]);
  });

  it('grants 300 credits through a partner page with its bonus badge', async () => {
    const { page } = await openPage();
    await page.goto('/register/partner-a');
    await expect.poll(() => page.getByText('+250 BONUS CREDITS').count(), POLL).toBeGreaterThan(0);
    await register(page, email('partner'), '/register/partner-a');
    await expect
      .poll(() => page.getByText("you've been awarded 300 credits (250 bonus + 50 regular)").count(), POLL)
      .toBe(1);
    await page.waitForURL('**/dashboard', { timeout: 10_000 });
    await expect.poll(() => balanceCard(page).innerText(), POLL).toContain('300');
  });

  it('signs out, after which the sandbox CRM no longer knows the browser, and back in', async () => {
    const { page } = await openPage();
    const address = email('inout');
    await register(page, address);
    await page.waitForURL('**/dashboard', { timeout: 10_000 });
    await expect.poll(() => holdsSandboxPass(page), POLL).toBe(true);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Login' }).count(), POLL).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect.poll(() => holdsSandboxPass(page), POLL).toBe(false);
    expect((await page.goto('/sandbox/hubspot/records'))?.status()).toBe(401);
    await signInInBrowser(page, address);
    await expect.poll(() => page.getByText(`Welcome, ${address}`).count(), POLL).toBe(1);
  });

  it('resets a forgotten password through the link in the development mailbox', async () => {
    const { page } = await openPage();
    const address = email('reset');
    await register(page, address);
    await page.waitForURL('**/dashboard', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(address);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect.poll(() => page.locator('[role="alert"], .alert').count(), POLL).toBeGreaterThan(0);

    // The mail is sent after the answer, as a busy service may: the mailbox is opened again
    // until it is there, as a person would reload it.
    const link = page
      .locator('article')
      .filter({ hasText: `To: ${address}` })
      .first()
      .locator('a[href*="/reset-password/"]');
    await expect
      .poll(async () => {
        await page.goto('/dev/mail');
        return link.count();
      }, POLL)
      .toBeGreaterThan(0);
    await link.click();
    await page.waitForURL('**/reset-password/**');
    const newPassword = 'another long passphrase';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL('**/login', { timeout: 10_000 });
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByText(`Welcome, ${address}`).count(), POLL).toBe(1);
  });

  it('keeps dark mode across a reload', async () => {
    const { page } = await openPage();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.locator('button.theme-toggle').first().click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
  });

  it('sends a signed-out visitor of a protected page to /login', async () => {
    const { page } = await openPage();
    await page.goto('/manage-account');
    await page.waitForURL('**/login');
  });

  it('sends a signed-in visitor of /pricing to /dashboard', async () => {
    const { page } = await openPage();
    await register(page, email('pricing'));
    await page.waitForURL('**/dashboard', { timeout: 10_000 });
    await page.goto('/pricing');
    await page.waitForURL('**/dashboard');
  });

  it('deletes the account on a 360 px phone after the password, says goodbye signed out (the sandbox CRM pass forgotten too), and the address signs in no more', async () => {
    const { page, errors } = await openPage();
    await page.setViewportSize({ width: 360, height: 800 });
    const address = email('leaving');
    await register(page, address);
    await page.waitForURL('**/dashboard', { timeout: 10_000 });
    await expect.poll(() => holdsSandboxPass(page), POLL).toBe(true);
    await page.goto('/manage-account');
    const card = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Delete my account' }) });
    await expect.poll(() => card.innerText(), POLL).toContain('payment records');
    await card.getByRole('button', { name: 'Delete my account…' }).click();
    await card.getByLabel('Your password, to confirm').fill('not my password');
    await card.getByRole('button', { name: 'Yes, delete my account' }).click();
    await expect.poll(() => card.getByRole('alert').innerText(), POLL).toContain('password is not correct');
    await card.getByLabel('Your password, to confirm').fill(password);
    await card.getByRole('button', { name: 'Yes, delete my account' }).click();
    await page.waitForURL('**/goodbye', { timeout: 15_000 });
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your account has been deleted' }).count(), POLL)
      .toBe(1);
    await expect.poll(() => holdsSandboxPass(page), POLL).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.goto('/manage-account');
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByRole('alert').innerText(), POLL).toContain('Invalid email or password');
    expect(errors).toEqual([]);
  });
});
