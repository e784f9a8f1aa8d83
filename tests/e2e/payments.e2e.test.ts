import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, registerInBrowser } from '../support/browser';

const POLL = { timeout: 15_000 };
const PAYMENT_SUCCESS = 'Payment successful! Your credits have been added to your account.';

const balanceText = (page: Page) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Credit Balance' }) })
    .locator('.stat-value')
    .innerText();

function packageCard(page: Page, name: string) {
  return page.locator('.package-card').filter({ has: page.getByRole('heading', { name }) });
}

describe('buying credits in the browser through the local test checkout', () => {
  const openPage = browserSuite();

  it('shows one-time prices on /pricing with Get Started leading signed-out visitors to /register', async () => {
    const { page, errors } = await openPage();
    await page.goto('/pricing');
    await expect
      .poll(() => page.getByRole('button', { name: 'One-Time Purchase' }).getAttribute('aria-pressed'), POLL)
      .toBe('true');
    expect(await packageCard(page, 'Growth Pack').locator('.package-price').innerText()).toBe('$150');
    await page.getByRole('button', { name: /Monthly Subscription/ }).click();
    expect(await packageCard(page, 'Growth Pack').locator('.package-price').innerText()).toBe('$120/month');
    await packageCard(page, 'Scale Pack').getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/register');
    expect(errors).toEqual([]);
  });

  it('buys the Growth pack once: the banner shows and the balance rises by 1,200', async () => {
    const { page, errors } = await openPage();
    await registerInBrowser(page, 'buyer');
    await expect.poll(() => balanceText(page), POLL).toBe('50');
    await page.goto('/credits');
    await page.getByRole('button', { name: 'One-Time Purchase' }).click();
    await packageCard(page, 'Growth Pack').getByRole('button', { name: 'Purchase' }).click();
    await page.waitForURL('**/sandbox/stripe/checkout/**');
    await expect.poll(() => page.getByText('Test mode.').count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Growth Pack - 1,200 credits');
    await page.getByRole('button', { name: 'Pay $150 (test payment)' }).click();
    await page.waitForURL('**/dashboard?session_id=*');
    await expect.poll(() => page.getByText(PAYMENT_SUCCESS).count(), POLL).toBe(1);
    await expect.poll(() => balanceText(page), POLL).toBe('1,250');
    expect(errors).toEqual([]);
  });

  it('comes back from a cancelled checkout saying nothing was charged, with One-Time still chosen', async () => {
    const { page, errors } = await openPage();
    await registerInBrowser(page, 'buyer');
    await page.goto('/credits');
    await page.getByRole('button', { name: 'One-Time Purchase' }).click();
    await page.getByRole('button', { name: 'Purchase the Growth Pack' }).click();
    await page.waitForURL('**/sandbox/stripe/checkout/**');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/credits**');
    const banner = page.getByRole('status').filter({ hasText: 'Checkout cancelled: nothing was charged' });
    await expect.poll(() => banner.count(), POLL).toBe(1);
    expect(await page.getByRole('button', { name: 'One-Time Purchase' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await packageCard(page, 'Growth Pack').locator('.package-price').innerText()).toBe('$150');
    // The flags leave the address, so a reload does not say it again.
    expect(new URL(page.url()).search).toBe('');
    await banner.getByRole('button', { name: 'Dismiss this message' }).click();
    await expect.poll(() => banner.count(), POLL).toBe(0);
    expect(errors).toEqual([]);
  });

  it('names each pack in its button for a screen reader', async () => {
    const { page, errors } = await openPage();
    await registerInBrowser(page, 'buyer');
    await page.goto('/credits');
    await packageCard(page, 'Starter Pack').waitFor(POLL);
    for (const pack of ['Starter Pack', 'Growth Pack', 'Scale Pack', 'Enterprise Pack'])
      expect(await page.getByRole('button', { name: `Subscribe to the ${pack}`, exact: true }).count()).toBe(
        1,
      );
    await page.getByRole('button', { name: 'One-Time Purchase' }).click();
    for (const pack of ['Starter Pack', 'Growth Pack', 'Scale Pack', 'Enterprise Pack'])
      expect(await page.getByRole('button', { name: `Purchase the ${pack}`, exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('subscribes monthly and Manage Account reports the subscription active', async () => {
    const { page, errors } = await openPage();
    await registerInBrowser(page, 'buyer');
    await page.goto('/manage-account');
    await expect.poll(() => page.locator('.badge').innerText(), POLL).toBe('Inactive');
    expect(await page.getByRole('button', { name: 'Manage Subscription' }).isDisabled()).toBe(true);
    await page.goto('/credits');
    expect(
      await page.getByRole('button', { name: /Monthly Subscription/ }).getAttribute('aria-pressed'),
    ).toBe('true');
    await packageCard(page, 'Starter Pack').getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL('**/sandbox/stripe/checkout/**');
    await page.getByRole('button', { name: 'Pay $40 (test payment)' }).click();
    await page.waitForURL('**/dashboard?session_id=*');
    await expect.poll(() => balanceText(page), POLL).toBe('350');
    await page.goto('/credits');
    const plan = page.locator('.card', { hasText: 'Your credits and plan' });
    await expect.poll(() => plan.innerText(), POLL).toContain('Starter (300 credits a month), $40 a month');
    expect(await plan.innerText()).toContain('350 credits');
    // The plan held is marked on its card, which offers to manage it instead of subscribing again.
    const starter = packageCard(page, 'Starter Pack');
    await expect.poll(() => starter.getByText('Your plan', { exact: true }).count(), POLL).toBe(1);
    expect(await starter.getByRole('button', { name: 'Manage Subscription' }).count()).toBe(1);
    expect(await starter.getByRole('button', { name: /^Subscribe/ }).count()).toBe(0);
    expect(await packageCard(page, 'Growth Pack').getByText('Your plan').count()).toBe(0);
    // A second plan is offered as a change in the billing portal, never as a second subscription.
    await packageCard(page, 'Growth Pack').getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => page.getByText('You already subscribe to Starter').count(), POLL).toBe(1);
    expect(page.url()).toMatch(/\/credits$/);
    await page.goto('/manage-account');
    await expect.poll(() => page.locator('.badge').innerText(), POLL).toBe('Active');
    await page.getByRole('button', { name: 'Manage Subscription' }).click();
    await page.waitForURL('**/sandbox/stripe/portal/**');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('link', { name: 'Return to ZipFill' }).click();
    await page.waitForURL('**/manage-account');
    await expect.poll(() => page.locator('.badge').innerText(), POLL).toBe('Inactive');
    expect(errors).toEqual([]);
  });
});
