import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, registerInBrowser } from '../support/browser';

const POLL = { timeout: 15_000 };

/** The sandbox connect as a user does it: consent in a new tab, which lands on the dashboard there. */
async function connectPortal(page: Page): Promise<{ dashboard: Page; portalId: string }> {
  const connect = page.getByRole('link', { name: 'Connect to HubSpot' });
  await connect.waitFor(POLL);
  const [consent] = await Promise.all([page.context().waitForEvent('page'), connect.click()]);
  await consent.waitForLoadState();
  await consent.getByRole('button', { name: 'Connect sandbox portal' }).click();
  await consent.waitForURL('**/dashboard?hubspot_connected=true', POLL);
  const row = consent.locator('.table tbody tr');
  await expect.poll(() => row.count(), POLL).toBe(1);
  const portalId = (await row.locator('td').first().innerText()).trim();
  await page.close();
  return { dashboard: consent, portalId };
}

describe('what the app says after an action, in the browser', () => {
  const openPage = browserSuite();

  it('says "Configuration saved for portal N" on the dashboard after a save (the chosen dates kept), and "Portal N disconnected" after a delete, each dismissable', async () => {
    const { page: first } = await openPage();
    await registerInBrowser(first, 'feedback');
    const { dashboard: page, portalId } = await connectPortal(first);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // The date range the user chose survives the trip to Configure and back.
    await page.getByLabel('From').fill('2025-07-01');
    await page.getByRole('link', { name: 'Configure' }).click();
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.waitForURL('**/dashboard');
    expect(await page.getByLabel('From').inputValue()).toBe('2025-07-01');
    const saved = page.getByRole('status').filter({ hasText: `Configuration saved for portal ${portalId}` });
    await expect.poll(() => saved.count(), POLL).toBe(1);
    await saved.getByRole('button', { name: 'Dismiss this message' }).click();
    await expect.poll(() => saved.count(), POLL).toBe(0);
    // The message went with the history entry: a reload does not say it again.
    await page.reload();
    await page.getByRole('heading', { name: 'Connected HubSpot Portals' }).waitFor(POLL);
    expect(await page.getByText('Configuration saved for portal').count()).toBe(0);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText(`Portal ${portalId} disconnected`).count(), POLL).toBe(1);
    await expect.poll(() => page.getByText('No HubSpot portal connected yet').count(), POLL).toBe(1);
    expect(errors).toEqual([]);
  }, 90_000);

  it('says a Daily Usage range whose From is after its To is backwards, next to the fields', async () => {
    const { page, errors } = await openPage();
    await registerInBrowser(page, 'feedback');
    await page.getByLabel('To').fill('2025-07-01');
    const problem = page.locator('.date-range').getByRole('alert');
    await expect
      .poll(() => problem.innerText(), POLL)
      .toMatch(/^The range is backwards: From \(\d{4}-\d{2}-\d{2}\) is after To \(2025-07-01\)/);
    expect(await page.getByText('No usage data available for the selected date range.').count()).toBe(0);
    expect(await page.getByLabel('From').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('From').fill('2025-06-10');
    await expect.poll(() => problem.count(), POLL).toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);

  it('refuses "abc" as a phone number on the support form, next to the field, before anything is sent', async () => {
    const { page, errors } = await openPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/support/send-email')) sent.push(request.url());
    });
    await page.goto('/support');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Phone').fill('abc');
    await page.getByLabel('Subject').fill('A question');
    await page.getByLabel('Message').fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect
      .poll(() => page.locator('.field').filter({ hasText: 'Phone' }).getByRole('alert').innerText(), POLL)
      .toBe(
        'Enter a phone number of 7 to 15 digits (spaces, dashes, dots, brackets and a leading + are fine).',
      );
    expect(await page.getByLabel('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);
});
