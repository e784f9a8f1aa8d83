import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, connectSandboxPortalInBrowser, registerInBrowser } from '../support/browser';

/** The machine is shared and busy: sign-up hashes with scrypt and the lookup runs in the background. */
const POLL = { timeout: 20_000 };

const card = (page: Page, heading: string) =>
  page.locator('section, .card').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

const balanceText = (page: Page) => card(page, 'Credit Balance').locator('.stat-value').innerText();

/** Text of a page that may be reloading itself (the sandbox refreshes until the record is filled). */
const settledText = (page: Page) =>
  page
    .locator('body')
    .innerText()
    .catch(() => '');

/** With E2E_SCREENSHOTS=<folder>, saves the page for a person to look at. */
async function screenshot(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  await page.waitForTimeout(1_500); // the line draws itself in about a second
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

describe('a ZIP entered in the sandbox CRM in the browser', () => {
  const openPage = browserSuite();

  it('proposes the usual mapping, then fills city, state, county and country for one credit and shows one success on the chart', async () => {
    const { page, errors } = await openPage();
    await registerInBrowser(page, 'lookups');
    await expect.poll(() => balanceText(page), POLL).toBe('50');

    // The connect link opens HubSpot's consent page in a new tab.
    const connect = page.getByRole('link', { name: 'Connect to HubSpot' });
    await connect.waitFor({ timeout: 20_000 });
    const [consent] = await Promise.all([page.context().waitForEvent('page'), connect.click()]);
    await consent.waitForLoadState();
    expect(new URL(consent.url()).pathname).toBe('/sandbox/hubspot/oauth/authorize');
    await consent.getByRole('button', { name: 'Connect sandbox portal' }).click();
    await consent.waitForURL('**/dashboard?hubspot_connected=true', { timeout: 20_000 });
    const portals = card(consent, 'Connected HubSpot Portals');
    await expect.poll(() => portals.locator('tbody tr').count(), POLL).toBe(1);
    const portalId = (await portals.locator('tbody tr td').first().innerText()).trim();
    expect(portalId).toMatch(/^\d+$/);
    await page.close();
    const dashboard = consent;

    await portals.getByRole('link', { name: 'Configure' }).click();
    await dashboard.waitForURL(`**/configure-portal/${portalId}`);
    const contacts = card(dashboard, 'Contacts');
    await contacts.getByLabel('City', { exact: true }).waitFor({ timeout: 20_000 });
    // A portal that maps nothing gets HubSpot's own properties proposed, not yet saved.
    expect(await dashboard.getByText("HubSpot's own properties are proposed below").count()).toBe(1);
    for (const field of ['city', 'state', 'county', 'country']) {
      const label = field.charAt(0).toUpperCase() + field.slice(1);
      expect(await contacts.getByLabel(label, { exact: true }).inputValue()).toBe(field);
    }
    const stored = await dashboard.evaluate(async (id) => {
      const res = await fetch(`/api/hubspot/portal-config/${id}`, {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return ((await res.json()) as { contact: { city: string } }).contact.city;
    }, portalId);
    expect(stored).toBe('');
    // Two values into one property are warned about.
    await contacts.getByLabel('State', { exact: true }).selectOption('city');
    await expect
      .poll(
        () =>
          contacts
            .getByRole('status')
            .innerText()
            .catch(() => ''),
        POLL,
      )
      .toMatch(/City and State both go to the property .city./);
    await contacts.getByLabel('State', { exact: true }).selectOption('state');
    expect(await contacts.getByRole('status').count()).toBe(0);
    await dashboard.getByRole('button', { name: 'Save Configuration' }).click();
    await dashboard.waitForURL('**/dashboard', { timeout: 20_000 });

    const sandboxHref = await dashboard
      .getByRole('link', { name: 'open the sandbox CRM' })
      .getAttribute('href');
    expect(sandboxHref).toBe('/sandbox/hubspot/records');
    await dashboard.goto(`/sandbox/hubspot/records?portalId=${portalId}`);
    const sandboxContacts = dashboard
      .locator('.card')
      .filter({ has: dashboard.getByRole('heading', { name: 'Contacts' }) });
    await sandboxContacts.getByLabel('First Name').fill('Ada');
    await sandboxContacts.getByLabel('Postal Code (ZIP)').fill('10001');
    await sandboxContacts.getByRole('button', { name: 'Create' }).click();
    await expect
      .poll(() => settledText(dashboard), POLL)
      .toMatch(/city: New York[\s\S]*state: NY[\s\S]*county: New York County[\s\S]*country: US/);

    await dashboard.goto('/dashboard');
    await expect.poll(() => balanceText(dashboard), POLL).toBe('49');
    const usage = card(dashboard, 'Daily Usage');
    await expect
      .poll(
        () =>
          usage
            .getByTestId('usage-summary')
            .innerText()
            .catch(() => ''),
        POLL,
      )
      .toBe('1 successful, 0 failed in this range');
    await expect.poll(() => usage.locator('canvas').count(), POLL).toBeGreaterThan(0);
    expect(await usage.getByRole('img').getAttribute('aria-label')).toContain('1 successful, 0 failed');
    // Today is the chart's last day, at its right edge: its tooltip reads the counts.
    await usage.locator('canvas').first().scrollIntoViewIfNeeded();
    const plot = (await usage.locator('canvas').first().boundingBox())!;
    await dashboard.mouse.move(plot.x + plot.width - 30, plot.y + plot.height / 2);
    await expect
      .poll(() => usage.getByRole('img').innerText(), POLL)
      .toMatch(/Successful: 1\s+Failed Lookups: 0/);

    await card(dashboard, 'Credit Balance').getByRole('button', { name: 'Refresh dashboard data' }).click();
    await expect.poll(() => dashboard.getByText('Dashboard data refreshed').count(), POLL).toBe(1);
    await screenshot(dashboard, 'dashboard-light');

    await dashboard.getByRole('button', { name: /dark mode/i }).click();
    expect(await dashboard.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(() => usage.locator('canvas').count(), POLL).toBeGreaterThan(0);
    await screenshot(dashboard, 'dashboard-dark');
    expect(errors).toEqual([]);
  }, 180_000);

  it('explains the two write modes on Configure, and shows a record with nothing to update apart from a failure on the dashboard', async () => {
    const { page, errors } = await openPage();
    await registerInBrowser(page, 'modes');
    const consent = await connectSandboxPortalInBrowser(page);
    await page.close();
    const dashboard = consent;
    const portals = card(dashboard, 'Connected HubSpot Portals');
    await expect.poll(() => portals.locator('tbody tr').count(), POLL).toBe(1);
    const portalId = (await portals.locator('tbody tr td').first().innerText()).trim();

    await portals.getByRole('link', { name: 'Configure' }).click();
    await dashboard.waitForURL(`**/configure-portal/${portalId}`);
    const contacts = card(dashboard, 'Contacts');
    await contacts.getByLabel('City', { exact: true }).waitFor({ timeout: 20_000 });
    // The two modes, each in one sentence, and the only two a field can take.
    const modes = card(dashboard, 'When a field already has a value');
    expect(await modes.locator('dt').allInnerTexts()).toEqual([
      'Keep what people entered',
      'Always overwrite',
    ]);
    expect(await modes.locator('dd').allInnerTexts()).toEqual([
      'A value someone typed stays as it is; values ZipFill filled in change with the ZIP code.',
      'Every ZIP code change replaces the value, whoever entered it.',
    ]);
    const cityMode = contacts.getByLabel('If City already has a value');
    expect(await cityMode.locator('option').allInnerTexts()).toEqual([
      'Keep what people entered',
      'Always overwrite',
    ]);
    expect(await cityMode.inputValue()).toBe('keep_entered');
    await dashboard.getByRole('button', { name: 'Save Configuration' }).click();
    await dashboard.waitForURL('**/dashboard', { timeout: 20_000 });

    // One contact already right (nothing to update), one with a ZIP that is not one (a failure).
    await dashboard.goto(`/sandbox/hubspot/records?portalId=${portalId}`);
    const sandboxContacts = dashboard
      .locator('.card')
      .filter({ has: dashboard.getByRole('heading', { name: 'Contacts' }) });
    const create = async (fields: Record<string, string>) => {
      for (const [label, value] of Object.entries(fields))
        await sandboxContacts.getByLabel(label, { exact: true }).fill(value);
      if (fields.City) await sandboxContacts.getByLabel('Time Zone').selectOption('america_slash_new_york');
      await sandboxContacts.getByRole('button', { name: 'Create' }).click();
      await dashboard.waitForURL(/saved=/, { timeout: 20_000 });
    };
    await create({
      'First Name': 'Right',
      'Postal Code (ZIP)': '10001',
      City: 'New York',
      'State/Region': 'NY',
      County: 'New York County',
      'Country/Region': 'US',
    });
    await dashboard.goto(`/sandbox/hubspot/records?portalId=${portalId}`);
    await create({ 'First Name': 'Wrong', 'Postal Code (ZIP)': 'abc' });

    await dashboard.goto('/dashboard');
    const usage = card(dashboard, 'Your Usage');
    const stat = (label: string) =>
      usage.locator('.stat').filter({ hasText: label }).locator('.stat-value').innerText();
    await expect.poll(() => stat('Nothing to update'), POLL).toBe('1');
    await expect.poll(() => stat('Failed attempts'), POLL).toBe('1');
    expect(await stat('Successful lookups')).toBe('0');
    await expect.poll(() => balanceText(dashboard), POLL).toBe('50');
    expect(errors).toEqual([]);
  }, 180_000);
});
