import { describe, expect, it } from 'vitest';
import { signedUri, signV3, verifyV3 } from './signature';

const secret = 'app-client-secret';
const now = 1_764_000_000_000;
const request = {
  method: 'POST',
  uri: 'https://zipfill.example/api/hubspot/webhook',
  body: '[{"eventId":1}]',
  timestamp: String(now),
};
const signed = { ...request, signature: signV3(secret, request) };

describe('HubSpot webhook signature v3', () => {
  it('accepts a request signed with the client secret', () => {
    expect(verifyV3(secret, signed, now + 1000)).toEqual({ ok: true });
  });

  it('refuses a request whose body, URI or secret differs', () => {
    expect(verifyV3(secret, { ...signed, body: '[{"eventId":2}]' }, now)).toEqual({
      ok: false,
      why: 'mismatch',
    });
    expect(verifyV3(secret, { ...signed, uri: `${request.uri}?a=1` }, now)).toEqual({
      ok: false,
      why: 'mismatch',
    });
    expect(verifyV3('other', signed, now)).toEqual({ ok: false, why: 'mismatch' });
  });

  it('refuses a timestamp more than five minutes old and accepts one just inside', () => {
    expect(verifyV3(secret, signed, now + 5 * 60_000 + 1)).toEqual({ ok: false, why: 'stale' });
    expect(verifyV3(secret, signed, now + 5 * 60_000 - 1)).toEqual({ ok: true });
  });

  it('refuses a timestamp more than a minute in the future', () => {
    expect(verifyV3(secret, signed, now - 60_001)).toEqual({ ok: false, why: 'future' });
  });

  it('refuses a missing or malformed signature without throwing', () => {
    expect(verifyV3(secret, { ...signed, signature: undefined }, now)).toEqual({ ok: false, why: 'missing' });
    expect(verifyV3(secret, { ...signed, signature: 'short' }, now)).toEqual({ ok: false, why: 'mismatch' });
    expect(verifyV3(secret, { ...signed, timestamp: 'soon' }, now)).toEqual({
      ok: false,
      why: 'bad_timestamp',
    });
  });

  it('signs the URI with the listed escapes decoded, so an escaped query still verifies', () => {
    expect(signedUri('https://x.example/hook?next=%2Fa%3Ab%40c%20d')).toBe(
      'https://x.example/hook?next=/a:b@c%20d',
    );
    const escaped = { ...request, uri: 'https://x.example/hook?next=%2Fa%3Ab' };
    const decoded = { ...request, uri: 'https://x.example/hook?next=/a:b' };
    expect(signV3(secret, escaped)).toBe(signV3(secret, decoded));
  });
});
