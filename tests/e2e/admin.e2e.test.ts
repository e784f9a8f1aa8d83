import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BROWSER_PASSWORD, serviceAndBrowserForSuite, signInInBrowser } from '../support/browser';
import { lookUpInSandbox } from '../support/sandbox-hubspot';
import type { ServiceProcess } from '../support/server-process';

const POLL = { timeout: 15_000 };
const password = BROWSER_PASSWORD;
const email = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;

async function register(baseUrl: string, address: string) {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: address, password }),
  });
  expect(res.status).toBe(201);
}

describe('the admin area in the browser', () => {
  const adminEmail = email('admin');
  const userEmail = email('user');
  let service: ServiceProcess;
  let browser: Browser;

  // The log viewer shows the access lines, which are logged at info.
  serviceAndBrowserForSuite(
    { ADMIN_EMAILS: adminEmail, LOG_LEVEL: 'info' },
    async (started) => {
      ({ service, browser } = started);
      await register(service.baseUrl, adminEmail);
      await register(service.baseUrl, userEmail);
    },
    180_000,
  );

  async function page() {
    const context = await browser.newContext({ baseURL: service.baseUrl });
    const p = await context.newPage();
    const errors: string[] = [];
    p.on('pageerror', (e) => errors.push(e.message));
    // A failed fetch is the network's business (the shell asks for settings this branch may not serve);
    // any other console error is the page's.
    p.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
    });
    return { page: p, errors };
  }

  it('lets an admin open every tab, a user credit trail and both log modals', async () => {
    const { page: p, errors } = await page();
    await signInInBrowser(p, adminEmail);
    await p.goto('/admin');
    await expect.poll(() => p.getByText(`Welcome, ${adminEmail}`).count(), POLL).toBe(1);
    await expect.poll(() => p.getByText('Auto-refreshing').count(), POLL).toBe(1);
    await expect
      .poll(() => p.getByRole('heading', { name: 'Usage Trends (Last 30 Days)' }).count(), POLL)
      .toBe(1);
    await expect.poll(() => p.getByRole('heading', { name: 'Credit Distribution' }).count(), POLL).toBe(1);
    await expect.poll(() => p.getByRole('heading', { name: 'User Engagement' }).count(), POLL).toBe(1);
    await expect.poll(() => p.locator('canvas').count(), POLL).toBeGreaterThan(0);
    // No lookups have been made yet: there is no rate to show, and 0% would be a false one.
    const successRate = p.locator('.admin-stat').filter({ hasText: 'Success Rate' });
    expect(await successRate.innerText()).toMatch(/^Success Rate\s+—\s+No lookups yet$/);

    await p.getByRole('tab', { name: 'Live Activity' }).click();
    await expect.poll(() => p.getByText('Real-Time Activity Feed').count(), POLL).toBe(1);
    await expect.poll(() => p.getByText('No recent activity to display').count(), POLL).toBe(1);

    await p.getByRole('tab', { name: 'Users' }).click();
    await expect.poll(() => p.getByText('User Management').count(), POLL).toBe(1);
    await p.getByLabel('Search by e-mail').fill(userEmail.slice(0, 12).toUpperCase());
    await expect.poll(() => p.locator('tbody tr').count(), POLL).toBe(1);
    await expect.poll(() => p.getByText('Showing 1 to 1 of 1 user').count(), POLL).toBe(1);
    await p.locator('tbody tr').first().click();
    const trail = p.getByRole('dialog', { name: `Credit History: ${userEmail}` });
    await expect.poll(() => trail.getByText('Sign-up credits').count(), POLL).toBe(1);
    await trail.getByRole('button', { name: 'Close' }).click();

    await p.getByRole('tab', { name: 'Analytics' }).click();
    await expect.poll(() => p.getByText('Top Performers').count(), POLL).toBe(1);
    await expect.poll(() => p.getByText('No users below credit threshold').count(), POLL).toBe(1);

    await p.getByRole('tab', { name: 'Configuration' }).click();
    await expect.poll(() => p.getByText('Property Configuration Overview').count(), POLL).toBe(1);
    await expect.poll(() => p.getByText('Users Not Connected').count(), POLL).toBe(1);

    await p.getByRole('tab', { name: 'Logs' }).click();
    await expect.poll(() => p.getByText('Log Statistics').count(), POLL).toBe(1);
    await expect.poll(() => p.getByText('No logs found').count(), POLL).toBe(1);
    await p.getByLabel('Lookups only').uncheck();
    await p.getByLabel('Group by request').uncheck();
    await expect.poll(() => p.getByRole('button', { name: 'View Details' }).count(), POLL).toBeGreaterThan(0);
    await expect.poll(() => p.getByText(/Showing 1 to \d+ of \d+ logs/).count(), POLL).toBe(1);
    // Request lines reach the table in batches, after the page's first fetch; start-up lines carry
    // no request id and so no timeline. Refresh until an API request's line is listed, and open it.
    const requestRow = p.locator('tr, article').filter({ hasText: /(GET|POST) \/api\// });
    await expect
      .poll(async () => {
        if ((await requestRow.count()) === 0)
          await p.getByRole('button', { name: 'Refresh', exact: true }).click();
        return requestRow.count();
      }, POLL)
      .toBeGreaterThan(0);
    await requestRow.first().getByRole('button', { name: 'View Details' }).click();
    const details = p.getByRole('dialog', { name: 'Log Details' });
    await expect.poll(() => details.getByText('Additional Details').count(), POLL).toBe(1);
    await details.getByRole('button', { name: 'View Timeline' }).click();
    const timeline = p.getByRole('dialog', { name: 'Request Timeline' });
    await expect.poll(() => timeline.getByText('Total Events:').count(), POLL).toBe(1);
    await timeline.getByRole('button', { name: 'Close' }).click();
    expect(errors).toEqual([]);
  }, 120_000);

  it('keeps the Users search and the Logs filters across a visit to another tab', async () => {
    const { page: p, errors } = await page();
    await signInInBrowser(p, adminEmail);
    await p.goto('/admin');
    await expect.poll(() => p.getByText('Auto-refreshing').count(), POLL).toBe(1);
    await p.getByRole('tab', { name: 'Users' }).click();
    const needle = userEmail.slice(0, 12);
    await p.getByLabel('Search by e-mail').fill(needle);
    await p.getByRole('tab', { name: 'Logs' }).click();
    await p.getByLabel('Lookups only').uncheck();
    await p.getByLabel('Search', { exact: true }).fill('POST');
    await p.getByRole('tab', { name: 'Overview' }).click();
    await p.getByRole('tab', { name: 'Users' }).click();
    expect(await p.getByLabel('Search by e-mail').inputValue()).toBe(needle);
    await p.getByRole('tab', { name: 'Logs' }).click();
    expect(await p.getByLabel('Lookups only').isChecked()).toBe(false);
    expect(await p.getByLabel('Search', { exact: true }).inputValue()).toBe('POST');
    expect(errors).toEqual([]);
  }, 60_000);

  it("tells one lookup's story in the log viewer: user, ZIP, outcome and credits in its card and timeline", async () => {
    const portalId = await lookUpInSandbox(service.baseUrl, userEmail, password, '10001');
    const { page: p, errors } = await page();
    await signInInBrowser(p, adminEmail);
    await p.goto('/admin');
    await p.getByRole('tab', { name: 'Logs' }).click();
    await p.getByLabel('View').selectOption('cards');
    // "Lookups only" and "Group by request" are on: the lookup is one card, once it is recorded.
    const card = p.locator('.admin-log-card').filter({ hasText: 'Lookup succeeded: ZIP 10001' });
    await expect
      .poll(async () => {
        if ((await card.count()) === 0) await p.getByRole('button', { name: 'Refresh', exact: true }).click();
        return card.count();
      }, POLL)
      .toBe(1);
    const cardText = await card.innerText();
    expect(cardText).toContain(userEmail);
    expect(cardText).toContain('Credits: 49 (before 50)');
    expect(cardText).toMatch(/Lookup succeeded: ZIP 10001 filled city, state, country/);
    expect(cardText).toMatch(/5 steps/);

    await card.getByRole('button', { name: 'View Request Timeline' }).click();
    const timeline = p.getByRole('dialog', { name: 'Request Timeline' });
    const story = timeline.getByRole('region', { name: 'Lookup summary' });
    await expect.poll(() => story.innerText().catch(() => ''), POLL).toContain(userEmail);
    const storyText = await story.innerText();
    expect(storyText).toMatch(/ZIP\s+10001/);
    expect(storyText).toMatch(/Source\s+Webhook/);
    expect(storyText).toMatch(new RegExp(`Portal\\s+${portalId} · contact \\d+`));
    expect(storyText).toMatch(/Outcome\s+Success/);
    expect(storyText).toMatch(/Credits\s+50 → 49/);
    const steps = await timeline.locator('.admin-timeline-event strong').allInnerTexts();
    expect(steps).toEqual(['Received', 'Charged', 'Written to CRM', 'Recorded']);
    await timeline.getByRole('button', { name: 'Close' }).click();
    expect(errors).toEqual([]);
  }, 120_000);

  it('sends a non-admin who opens /admin to their dashboard', async () => {
    const { page: p } = await page();
    await signInInBrowser(p, userEmail);
    await p.goto('/admin');
    await p.waitForURL('**/dashboard', POLL);
    expect(new URL(p.url()).pathname).toBe('/dashboard');
  }, 60_000);
});
