/**
 * Takes the setup guide's screenshots from the real app: `npm run build:web && npm run screenshots:guide`.
 * Starts the service on a fresh PGlite folder with its local stand-ins, walks the four setup
 * steps as a new user in Chromium, and writes each step's picture as WebP to web/public/guide/,
 * with their sizes in web/src/features/setup-guide/screenshots.json. Commit both.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser';
import { startService } from '../tests/support/server-process';

const OUT = join(import.meta.dirname, '..', 'web', 'public', 'guide');
const SIZES = join(import.meta.dirname, '..', 'web', 'src', 'features', 'setup-guide', 'screenshots.json');
const WIDTH = 1000;
const password = 'a long enough passphrase';

/** Chromium encodes WebP from a canvas, so no image library is needed. */
async function toWebp(page: Page, png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const result = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    canvas.getContext('2d')!.drawImage(image, 0, 0);
    return { url: canvas.toDataURL('image/webp', 0.82), width: canvas.width, height: canvas.height };
  }, png.toString('base64'));
  return {
    data: Buffer.from(result.url.slice(result.url.indexOf(',') + 1), 'base64'),
    width: result.width,
    height: result.height,
  };
}

async function main() {
  const service = await startService({ LOG_LEVEL: 'warn' });
  const browser = await launchBrowser();
  const sizes: Record<string, { width: number; height: number }> = {};
  try {
    const context = await browser.newContext({
      baseURL: service.baseUrl,
      viewport: { width: WIDTH, height: 900 },
      colorScheme: 'light',
    });
    const encoder = await context.newPage();
    const page = await context.newPage();
    const shoot = async (name: string, target: Locator) => {
      await target.scrollIntoViewIfNeeded();
      const webp = await toWebp(encoder, await target.screenshot({ animations: 'disabled' }));
      writeFileSync(join(OUT, `${name}.webp`), webp.data);
      sizes[name] = { width: webp.width, height: webp.height };
      console.log(`${name}.webp: ${webp.width}×${webp.height}, ${(webp.data.length / 1024).toFixed(1)} KB`);
    };
    const card = (heading: string) =>
      page.locator('.card').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });
    mkdirSync(OUT, { recursive: true });

    await page.goto('/register');
    await page.getByLabel('Email').fill('you@example.com');
    await page.getByLabel('Password').fill(password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL('**/dashboard', { timeout: 30_000 });

    // Step 1: connect HubSpot (the sandbox portal's consent page opens in a new tab).
    const connect = page.getByRole('link', { name: 'Connect to HubSpot' });
    await connect.waitFor({ timeout: 30_000 });
    await shoot('connect', card('Connected HubSpot Portals'));
    const [consent] = await Promise.all([context.waitForEvent('page'), connect.click()]);
    await consent.getByRole('button', { name: 'Connect sandbox portal' }).click();
    await consent.waitForURL('**/dashboard?hubspot_connected=true', { timeout: 30_000 });
    await consent.close();

    // Step 2: the field mapping, as proposed for a first setup.
    await page.goto('/dashboard');
    await card('Connected HubSpot Portals').getByRole('link', { name: 'Configure' }).click();
    await page.getByRole('button', { name: 'Save Configuration' }).waitFor({ timeout: 30_000 });
    await shoot('mapping', page.locator('form.form'));
    const portalId = page.url().split('/').pop()!;
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.waitForURL('**/dashboard');

    // Step 3: the balance, and where more credits come from.
    await shoot('credits', card('Credit Balance'));

    // Step 4: a ZIP entered in the CRM is filled and shows up in the usage.
    await page.goto(`/sandbox/hubspot/records?portalId=${portalId}`);
    const contacts = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Contacts' }) });
    await contacts.getByLabel('First Name').fill('Ada');
    await contacts.getByLabel('Postal Code (ZIP)').fill('10001');
    await contacts.getByRole('button', { name: 'Create' }).click();
    await page.goto('/dashboard');
    const usage = card('Daily Usage');
    await usage.locator('canvas').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1_500); // the line draws itself in about a second
    await shoot('usage', usage);

    writeFileSync(SIZES, `${JSON.stringify(sizes, null, 2)}\n`);
  } finally {
    await browser.close();
    await service.stop();
  }
}

await main();
