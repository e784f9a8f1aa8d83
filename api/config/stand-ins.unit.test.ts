import { describe, expect, it } from 'vitest';
import { readSettings } from '../settings';

const REAL = {
  SMTP_URL: 'smtp://mail.example.com:587',
  HUBSPOT_CLIENT_ID: 'id',
  HUBSPOT_CLIENT_SECRET: 'secret',
  TOKEN_ENCRYPTION_KEY: 'k'.repeat(32),
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  RECAPTCHA_SECRET: 'secret',
  RECAPTCHA_SITE_KEY: 'site',
};
const PUBLIC = { PUBLIC_URL: 'https://zipfill.example.com' };

const refusal = (env: Record<string, string>) => {
  try {
    readSettings(env);
  } catch (error) {
    return (error as Error).message;
  }
  return 'started';
};

describe('stand-ins never serve a public deployment by accident', () => {
  it('refuses to start on https while any stand-in would run, naming every missing setting', () => {
    const message = refusal(PUBLIC);
    for (const setting of [
      'SMTP_URL',
      'HUBSPOT_CLIENT_ID',
      'STRIPE_SECRET_KEY',
      'RECAPTCHA_SECRET',
      'ALLOW_STAND_INS',
    ])
      expect(message).toContain(setting);
  });

  it('counts NODE_ENV=production as public, whatever PUBLIC_URL says', () => {
    expect(refusal({ NODE_ENV: 'production' })).toContain('SMTP_URL');
  });

  it('names only the stand-ins still left', () => {
    const { SMTP_URL: _mail, ...rest } = REAL;
    const message = refusal({ ...PUBLIC, ...rest });
    expect(message).toContain('SMTP_URL');
    expect(message).not.toContain('STRIPE_SECRET_KEY');
    expect(message).not.toContain('HUBSPOT_CLIENT_ID');
  });

  it('starts a public demo when ALLOW_STAND_INS=true says one is meant', () => {
    expect(readSettings({ ...PUBLIC, ALLOW_STAND_INS: 'true' }).publicDemo).toBe(true);
  });

  it('starts a public deployment whose every service is real, and a local one with stand-ins, neither as a demo', () => {
    expect(readSettings({ ...PUBLIC, ...REAL }).publicDemo).toBe(false);
    expect(readSettings({ PUBLIC_URL: 'http://localhost:3000' }).publicDemo).toBe(false);
  });
});
