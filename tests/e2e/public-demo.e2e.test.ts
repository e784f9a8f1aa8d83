import { describe, expect, it } from 'vitest';
import { browserSuite, registerInBrowser } from '../support/browser';
import { startService } from '../support/server-process';

const POLL = { timeout: 20_000 };

describe('a public deployment and its stand-ins', () => {
  it('refuses to start while any stand-in would run, naming every setting that replaces one', async () => {
    const refusal = await startService({ NODE_ENV: 'production' }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    for (const setting of [
      'SMTP_URL',
      'HUBSPOT_CLIENT_ID',
      'STRIPE_SECRET_KEY',
      'RECAPTCHA_SECRET',
      'ALLOW_STAND_INS',
    ])
      expect(refusal).toContain(setting);
  }, 90_000);
});

describe('a public demo (ALLOW_STAND_INS=true), in the browser', () => {
  const openPage = browserSuite({ NODE_ENV: 'production', ALLOW_STAND_INS: 'true' });

  it('shows the "Public demo" banner on every page, signed out and signed in', async () => {
    const { page, errors } = await openPage();
    for (const path of ['/', '/login', '/pricing', '/privacy-policy']) {
      await page.goto(path);
      await expect
        .poll(() => page.getByRole('note').filter({ hasText: 'Public demo.' }).count(), POLL)
        .toBe(1);
    }
    await registerInBrowser(page, 'demo');
    await expect.poll(() => page.getByRole('note').filter({ hasText: 'Public demo.' }).count(), POLL).toBe(1);
    expect(errors).toEqual([]);
  });
});
