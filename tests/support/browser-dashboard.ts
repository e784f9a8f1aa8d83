import type { Page } from 'playwright-core';

/** A dashboard card (or section) by its heading. */
export const dashboardCard = (page: Page, heading: string) =>
  page.locator('section, .card').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

/** The balance the Credit Balance card shows. */
export const balanceText = (page: Page) =>
  dashboardCard(page, 'Credit Balance').locator('.stat-value').innerText();

/** Saves the portal's mapping as Configure Portal proposes it (HubSpot's own properties), back on the dashboard. */
export async function saveProposedMapping(page: Page, portalId: string): Promise<void> {
  await page.goto(`/configure-portal/${portalId}`);
  await dashboardCard(page, 'Contacts').getByLabel('City', { exact: true }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await page.waitForURL('**/dashboard', { timeout: 20_000 });
}
