import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, connectSandboxPortalInBrowser, registerInBrowser } from '../support/browser';
import { balanceText, dashboardCard, saveProposedMapping } from '../support/browser-dashboard';

/** The machine is shared and busy: sign-up hashes with scrypt and the job runs in the background. */
const POLL = { timeout: 30_000 };

const card = dashboardCard;

/** The value under a figure's name in a list of figures (the dry run's, a job's). */
const figure = (scope: Locator, name: string) =>
  scope
    .locator('dl > div')
    .filter({ has: scope.page().getByText(name, { exact: true }) })
    .locator('dd');

/** The sandbox connect as a user does it: consent in a new tab, which lands on the dashboard. */
async function connectSandboxPortal(page: Page): Promise<{ dashboard: Page; portalId: string }> {
  const consent = await connectSandboxPortalInBrowser(page);
  const portals = card(consent, 'Connected HubSpot Portals');
  await expect.poll(() => portals.locator('tbody tr').count(), POLL).toBe(1);
  const portalId = (await portals.locator('tbody tr td').first().innerText()).trim();
  await page.close();
  return { dashboard: consent, portalId };
}

/**
 * Contacts that were in the CRM before ZipFill filled anything: entered while the portal mapped no
 * field, so their webhook lookups failed as not configured and left them as they were.
 */
async function seedContacts(page: Page, portalId: string, contacts: { firstname: string; zip: string }[]) {
  // The sandbox's pages know this browser by the pass the dashboard asked for.
  await expect
    .poll(async () => {
      await page.goto(`/sandbox/hubspot/records?portalId=${portalId}`);
      return page.getByRole('heading', { name: 'Contacts' }).count();
    }, POLL)
    .toBeGreaterThan(0);
  for (const contact of contacts) {
    const created = await page.request.post('/sandbox/hubspot/records', {
      form: { portalId, type: 'contacts', ...contact },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(303);
  }
}

describe('filling existing records from the dashboard in the browser', () => {
  const openPage = browserSuite();

  it('shows a dry run first, then fills the records it counted, shows the job done after a reload, downloads its report, and undoes it', async () => {
    const { page, errors } = await openPage();
    await registerInBrowser(page, 'backfill');
    const { dashboard, portalId } = await connectSandboxPortal(page);
    await seedContacts(dashboard, portalId, [
      { firstname: 'Ada', zip: '10001' },
      { firstname: 'Grace', zip: '60601' },
      { firstname: 'Alan', zip: '00000' },
    ]);

    // Now the portal maps the usual fields (HubSpot's own properties, as proposed).
    await saveProposedMapping(dashboard, portalId);
    await expect.poll(() => balanceText(dashboard), POLL).toBe('50');
    const jobs = card(dashboard, 'Backfill jobs');
    await jobs.getByText('No backfill jobs yet').waitFor({ timeout: 20_000 });

    await dashboard.getByRole('button', { name: 'Fill existing records' }).click();
    const dialog = dashboard.getByRole('dialog', { name: `Fill existing records in portal ${portalId}` });
    const start = dialog.getByRole('button', { name: 'Start filling' });
    // Contacts whose mapped fields are empty is what is proposed; nothing starts before a dry run.
    expect(await dialog.getByLabel('Contacts').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Only records whose mapped fields are empty').isChecked()).toBe(true);
    expect(await start.isDisabled()).toBe(true);

    await dialog.getByRole('button', { name: 'Check first (dry run)' }).click();
    const dryRun = dialog.getByRole('region', { name: /Dry run/ });
    await dryRun.waitFor({ timeout: 20_000 });
    expect(await figure(dryRun, 'Records in scope').innerText()).toBe('3');
    expect(await figure(dryRun, 'Would be filled').innerText()).toBe('2');
    expect(await figure(dryRun, 'Nothing to update').innerText()).toBe('0');
    expect(await figure(dryRun, 'Would fail').innerText()).toBe('1');
    expect(
      await dryRun
        .getByText('3 in scope = 2 to fill + 0 with nothing to update + 1 that would fail.')
        .count(),
    ).toBe(1);
    expect(await figure(dryRun, 'Credits needed').innerText()).toBe('2');
    expect(await figure(dryRun, 'Your balance').innerText()).toBe('50');
    expect(await figure(dryRun, 'Records the balance covers').innerText()).toBe('2');
    expect(await dryRun.getByRole('listitem').allInnerTexts()).toEqual(['Zip Not Found: 1']);
    // The dry run charged nothing.
    expect(await balanceText(dashboard)).toBe('50');

    await start.click();
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
    const job = jobs.getByRole('listitem').filter({ hasText: `Contacts in portal ${portalId}` });
    await expect.poll(() => job.locator('.badge').innerText(), POLL).toBe('Completed');
    const progress = job.getByRole('progressbar', { name: `Backfill of Contacts in portal ${portalId}` });
    expect(await progress.getAttribute('aria-valuenow')).toBe('3');
    expect(await progress.getAttribute('aria-valuemax')).toBe('3');
    expect(await figure(job, 'Filled').innerText()).toBe('2');
    expect(await figure(job, 'Nothing to update').innerText()).toBe('0');
    expect(await figure(job, 'Failed').innerText()).toBe('1');
    expect(await figure(job, 'Credits spent').innerText()).toBe('2');
    await expect.poll(() => balanceText(dashboard), POLL).toBe('48');
    // A finished job offers its report and nothing to pause or cancel.
    expect(await job.getByRole('button', { name: /^(Pause|Resume|Cancel)/ }).count()).toBe(0);

    // The job is the server's: a reload shows it as it was.
    await dashboard.reload();
    await expect.poll(() => job.locator('.badge').innerText(), POLL).toBe('Completed');
    expect(await figure(job, 'Done').innerText()).toBe('3 of 3 records');

    const [download] = await Promise.all([
      dashboard.waitForEvent('download'),
      job.getByRole('button', { name: /Download report \(CSV\)/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('object_id,zip,outcome,reason,fields_written,other_cities,counties');
    expect(lines.find((line) => line.includes(',10001,'))).toMatch(
      /^\d+,10001,succeeded,,.*city=New York.*,,"New York County, NY \(100%\)"$/,
    );
    expect(lines.find((line) => line.includes(',00000,'))).toMatch(/^\d+,00000,failed,zip_not_found,,,$/);

    // The contact in the CRM has its location now.
    await dashboard.goto(`/sandbox/hubspot/records?portalId=${portalId}`);
    await expect
      .poll(() => dashboard.locator('body').innerText(), POLL)
      .toMatch(/city: Chicago[\s\S]*state: IL/);

    // Undoing the job: its dry run at once, then an undo job of its own that restores both records.
    await dashboard.goto('/dashboard');
    await expect.poll(() => job.locator('.badge').innerText(), POLL).toBe('Completed');
    await job.getByRole('button', { name: 'Undo this job' }).click();
    const undoDialog = dashboard.getByRole('dialog', { name: /^Undo the contacts backfill of / });
    const undoDryRun = undoDialog.getByRole('region', { name: 'Dry run of the undo: nothing was written' });
    await undoDryRun.waitFor({ timeout: 20_000 });
    expect(await figure(undoDryRun, 'Records the job changed').innerText()).toBe('2');
    expect(await figure(undoDryRun, 'Would be restored').innerText()).toBe('2');
    expect(await figure(undoDryRun, 'Would be skipped').innerText()).toBe('0');
    expect(
      await undoDryRun.getByText('An undo is free and refunds nothing: the lookups were made.').count(),
    ).toBe(1);
    await undoDialog.getByRole('button', { name: 'Undo 2 records' }).click();
    await undoDialog.waitFor({ state: 'hidden', timeout: 20_000 });

    const undoJob = jobs.getByRole('listitem').filter({ hasText: 'Undo of the contacts backfill of' });
    await expect.poll(() => undoJob.locator('.badge').innerText(), POLL).toBe('Completed');
    expect(await figure(undoJob, 'Restored').innerText()).toBe('2');
    expect(await figure(undoJob, 'Skipped').innerText()).toBe('0');
    expect(await figure(undoJob, 'Failed').innerText()).toBe('0');
    expect(await undoJob.getByText('2 restored, 0 skipped, 0 failed of 2').count()).toBe(1);
    // Undone: the job no longer offers an undo that would change nothing.
    expect(await job.getByRole('button', { name: 'Undo this job' }).count()).toBe(0);
    // Free: no credits line, and the balance as the job left it.
    expect(await undoJob.getByText('Credits spent').count()).toBe(0);
    expect(await balanceText(dashboard)).toBe('48');

    const [undoDownload] = await Promise.all([
      dashboard.waitForEvent('download'),
      undoJob.getByRole('button', { name: /Download report \(CSV\)/ }).click(),
    ]);
    expect(undoDownload.suggestedFilename()).toMatch(/^zipfill-undo-contact-.*\.csv$/);
    const undoLines = (await readFile((await undoDownload.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(undoLines[0]).toBe('object_id,outcome,reason,fields_restored,fields_kept');
    expect(undoLines.slice(1)).toHaveLength(2);
    for (const line of undoLines.slice(1)) expect(line).toMatch(/^\d+,restored,,.*city.*,$/);

    // The contacts in the CRM are as they were before the job.
    await dashboard.goto(`/sandbox/hubspot/records?portalId=${portalId}`);
    await dashboard.getByText(/Grace/).first().waitFor({ timeout: 20_000 });
    expect(await dashboard.locator('body').innerText()).not.toMatch(/city: Chicago|city: New York/);
    expect(errors).toEqual([]);
  }, 300_000);
});
