import { describe, expect, it } from 'vitest';
import { browserSuite, connectSandboxPortalInBrowser, registerInBrowser } from '../support/browser';
import { balanceText, dashboardCard, saveProposedMapping } from '../support/browser-dashboard';

/** The machine is shared and busy: sign-up hashes with scrypt and the lookup runs in the background. */
const POLL = { timeout: 30_000 };

const card = dashboardCard;

describe('a record’s history and undo on the dashboard in the browser', () => {
  const openPage = browserSuite();

  it('finds a contact a lookup filled, shows each field before → after, and undoes the change for free on a 360 px phone', async () => {
    const { page, errors } = await openPage();
    await registerInBrowser(page, 'history');
    const dashboard = await connectSandboxPortalInBrowser(page);
    const portals = card(dashboard, 'Connected HubSpot Portals');
    await expect.poll(() => portals.locator('tbody tr').count(), POLL).toBe(1);
    const portalId = (await portals.locator('tbody tr td').first().innerText()).trim();
    await page.close();

    await saveProposedMapping(dashboard, portalId);

    // A person enters a contact with a ZIP in the sandbox CRM: its webhook lookup fills it.
    await expect
      .poll(async () => {
        await dashboard.goto(`/sandbox/hubspot/records?portalId=${portalId}`);
        return dashboard.getByRole('heading', { name: 'Contacts' }).count();
      }, POLL)
      .toBeGreaterThan(0);
    const created = await dashboard.request.post('/sandbox/hubspot/records', {
      form: { portalId, type: 'contacts', firstname: 'Ada', zip: '10001' },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(303);
    const recordId = new URL(created.headers().location!, 'http://x').searchParams
      .get('saved')!
      .split(':')[1]!;

    await dashboard.setViewportSize({ width: 360, height: 800 });
    // The webhook's lookup runs in the background and the dashboard fetches the balance again only
    // every 30 s: a person who looks for the charge reloads the page.
    await expect
      .poll(async () => {
        await dashboard.goto('/dashboard');
        return balanceText(dashboard);
      }, POLL)
      .toBe('49');
    const find = card(dashboard, 'Find a record');
    await find.getByLabel('Record id').fill(recordId);
    // The balance drops when the lookup is charged, before its write is recorded: until then the
    // history has no change to show, and a person asks again, which reads it again.
    const cityRow = find.locator('tbody tr').filter({ hasText: 'city' }).first();
    await expect
      .poll(async () => {
        await find.getByRole('button', { name: 'Show history' }).click();
        await cityRow.waitFor({ timeout: 3_000 }).catch(() => undefined);
        return cityRow.count();
      }, POLL)
      .toBeGreaterThan(0);
    expect(await cityRow.innerText()).toContain('(empty) → New York');
    expect(await dashboard.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await find.getByRole('button', { name: 'Undo last change' }).click();
    const dialog = dashboard.getByRole('dialog', { name: 'Undo ZipFill’s last change?' });
    expect(await dialog.innerText()).toContain('free and refunds nothing');
    await dialog.getByRole('button', { name: 'Undo last change' }).click();
    await find.getByText(/Restored .*city/).waitFor({ timeout: 20_000 });
    await find.locator('tbody tr').filter({ hasText: 'Undo' }).first().waitFor({ timeout: 20_000 });
    expect(await find.getByRole('button', { name: 'Undo last change' }).isDisabled()).toBe(true);
    expect(await balanceText(dashboard)).toBe('49');
    expect(errors).toEqual([]);
  }, 120_000);
});
