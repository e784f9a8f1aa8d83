import { describe, expect, it } from 'vitest';
import { readSettings } from '../settings';

describe('Stripe settings', () => {
  it('runs the local test checkout when no Stripe key is set', () => {
    expect(readSettings({}).stripe).toBeUndefined();
  });

  it('takes the key and the webhook secret together, and the SDK goes to Stripe by default', () => {
    expect(
      readSettings({ STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_xyz' }).stripe,
    ).toEqual({
      secretKey: 'sk_live_abc123',
      webhookSecret: 'whsec_xyz',
      api: undefined,
    });
  });

  it('splits STRIPE_API_BASE into the host, port and protocol the SDK is configured with', () => {
    const env = { STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_WEBHOOK_SECRET: 'whsec_b' };
    expect(readSettings({ ...env, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe?.api).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(readSettings({ ...env, STRIPE_API_BASE: 'https://stripe-mock.internal' }).stripe?.api).toEqual({
      host: 'stripe-mock.internal',
      port: 443,
      protocol: 'https',
    });
  });

  it.each([
    [
      { STRIPE_SECRET_KEY: 'sk_test_a' },
      'Setting STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together or not at all',
    ],
    [
      { STRIPE_WEBHOOK_SECRET: 'whsec_b' },
      'Setting STRIPE_SECRET_KEY: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together or not at all',
    ],
    [
      { STRIPE_SECRET_KEY: 'pk_test_a', STRIPE_WEBHOOK_SECRET: 'whsec_b' },
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    ],
    [
      { STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_WEBHOOK_SECRET: 'secret' },
      /STRIPE_WEBHOOK_SECRET: must be a webhook signing secret/,
    ],
    [{ STRIPE_API_BASE: 'http://127.0.0.1:1' }, /STRIPE_API_BASE: is only used with STRIPE_SECRET_KEY/],
    [
      {
        STRIPE_SECRET_KEY: 'sk_test_a',
        STRIPE_WEBHOOK_SECRET: 'whsec_b',
        STRIPE_API_BASE: 'http://127.0.0.1:1/v1',
      },
      /STRIPE_API_BASE: must be an origin without a path/,
    ],
  ])('refuses to start with %j', (env, message) => {
    expect(() => readSettings(env)).toThrow(message);
  });
});
