import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, registerInBrowser } from '../support/browser';

/** The machine is shared and busy: sign-up hashes with scrypt and the lookup runs in the background. */
const POLL = { timeout: 20_000 };

const card = (page: Page, heading: string) =>
  page.locator('section, .card').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

/** Goes through the sandbox's consent in the tab the link opens; answers that tab, back on the dashboard. */
async function consentIn(page: Page, link: string, portal: string): Promise<Page> {
  const button = page.getByRole('link', { name: link });
  await button.waitFor({ timeout: 20_000 });
  const [consent] = await Promise.all([page.context().waitForEvent('page'), button.click()]);
  await consent.waitForLoadState();
  await consent.getByLabel('Portal').selectOption(portal);
  await consent.getByRole('button', { name: 'Connect sandbox portal' }).click();
  await consent.waitForURL('**/dashboard?hubspot_connected=true**', { timeout: 20_000 });
  return consent;
}

describe('a HubSpot portal whose app was uninstalled, in the browser', () => {
  const openPage = browserSuite();

  it('shows the portal as disconnected with a Reconnect button that brings it back with its mapping', async () => {
    const { page, errors } = await openPage();
    await registerInBrowser(page, 'uninstall');

    const dashboard = await consentIn(page, 'Connect to HubSpot', 'new');
    await page.close();
    const portals = card(dashboard, 'Connected HubSpot Portals');
    await expect.poll(() => portals.locator('tbody tr').count(), POLL).toBe(1);
    const portalId = (await portals.locator('tbody tr td').first().innerText()).trim();
    const saved = await dashboard.evaluate(async (id) => {
      const mapping = { city: 'city', state: 'state', county: '', country: '' };
      const res = await fetch(`/api/hubspot/save-portal-config/${id}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('token')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ contact: { ...mapping, updateTimezone: false }, company: mapping }),
      });
      return res.status;
    }, portalId);
    expect(saved).toBe(200);

    // In HubSpot: the app is uninstalled, then someone enters a ZIP.
    await dashboard.goto(`/sandbox/hubspot/records?portalId=${portalId}`);
    await dashboard.getByRole('button', { name: 'Uninstall app' }).click();
    await expect.poll(() => dashboard.getByText('The app was uninstalled').count(), POLL).toBe(1);
    const contacts = dashboard
      .locator('.card')
      .filter({ has: dashboard.getByRole('heading', { name: 'Contacts' }) });
    await contacts.getByLabel('First Name').fill('Ada');
    await contacts.getByLabel('Postal Code (ZIP)').fill('10001');
    await contacts.getByRole('button', { name: 'Create' }).click();

    await dashboard.goto('/dashboard');
    const row = card(dashboard, 'Connected HubSpot Portals').locator('tbody tr');
    await expect
      .poll(async () => {
        await dashboard.reload();
        return row.innerText().catch(() => '');
      }, POLL)
      .toMatch(/Disconnected[\s\S]*HubSpot access was revoked/);
    expect(await row.getByRole('link', { name: 'Configure' }).count()).toBe(0);

    const back = await consentIn(dashboard, 'Reconnect', portalId);
    const again = card(back, 'Connected HubSpot Portals').locator('tbody tr');
    await expect.poll(() => again.innerText().catch(() => ''), POLL).toMatch(/Connected/);
    expect(await again.innerText()).not.toMatch(/Disconnected/);
    await again.getByRole('link', { name: 'Configure' }).click();
    await back.waitForURL(`**/configure-portal/${portalId}`);
    const city = card(back, 'Contacts').getByLabel('City', { exact: true });
    await city.waitFor({ timeout: 20_000 });
    expect(await city.inputValue()).toBe('city');
    expect(errors).toEqual([]);
  }, 180_000);
});
