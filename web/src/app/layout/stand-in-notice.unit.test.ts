import { describe, expect, it } from 'vitest';
import { standInNotice } from './stand-in-notice';

describe('the footer stand-in notice', () => {
  it('names every stand-in service in one readable sentence', () => {
    expect(standInNotice({ hubspot: true, stripe: true, mail: true, captcha: false })).toBe(
      'Sandbox mode: HubSpot, Stripe and e-mail run as local stand-ins.',
    );
  });

  it('speaks of a single stand-in in the singular', () => {
    expect(standInNotice({ hubspot: false, stripe: true, mail: false, captcha: false })).toBe(
      'Sandbox mode: Stripe runs as a local stand-in.',
    );
  });

  it('says the captcha is off when it is not configured', () => {
    expect(standInNotice({ hubspot: false, stripe: false, mail: true, captcha: true })).toBe(
      'Sandbox mode: e-mail runs as a local stand-in. Captcha is off.',
    );
  });

  it('is empty when every service is the real one', () => {
    expect(standInNotice({ hubspot: false, stripe: false, mail: false, captcha: false })).toBe('');
  });
});
