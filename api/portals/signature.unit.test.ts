import { describe, expect, it } from 'vitest';
import { signedUri, signV2, signV3, verifyV3, verifyWorkflowAction } from './signature';

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

describe('HubSpot request signature v2', () => {
  it('matches the example in HubSpot’s v2 request-validation page', () => {
    const example = { method: 'GET', uri: 'https://www.example.com/webhook_uri', body: '' };
    expect(signV2('yyyyyyyy-yyyy-yyyy-yyyy-yyyyyyyyyyyy', example)).toBe(
      'eee2dddcc73c94d699f5e395f4b9d454a069a6855fbfa152e91e88823087200e',
    );
  });
});

describe('a workflow action request’s signature', () => {
  const action = {
    method: 'POST',
    uri: 'https://zipfill.example/api/hubspot/workflow-actions/fill-location',
    body: '{"callbackId":"ap-1"}',
  };
  const v2 = signV2(secret, action);
  const v3 = signV3(secret, { ...action, timestamp: String(now) });
  const none = { v3: undefined, timestamp: undefined, legacy: undefined, version: undefined };

  it('accepts v2, the version HubSpot documents for workflow actions', () => {
    const signatures = { ...none, legacy: v2, version: 'v2' };
    expect(verifyWorkflowAction(secret, { ...action, signatures }, now)).toEqual({ ok: true });
    expect(
      verifyWorkflowAction(secret, { ...action, body: '{"callbackId":"ap-2"}', signatures }, now),
    ).toEqual({
      ok: false,
      why: 'mismatch',
    });
  });

  it('judges a request carrying v3 by v3 and its timestamp, even when its v2 matches', () => {
    const signatures = { v3, timestamp: String(now), legacy: v2, version: 'v2' };
    expect(verifyWorkflowAction(secret, { ...action, signatures }, now)).toEqual({ ok: true });
    expect(verifyWorkflowAction(secret, { ...action, signatures }, now + 5 * 60_000 + 1)).toEqual({
      ok: false,
      why: 'stale',
    });
  });

  it('refuses a request with neither signature, or a v1 one', () => {
    expect(verifyWorkflowAction(secret, { ...action, signatures: none }, now)).toEqual({
      ok: false,
      why: 'missing',
    });
    const v1 = { ...none, legacy: v2, version: 'v1' };
    expect(verifyWorkflowAction(secret, { ...action, signatures: v1 }, now)).toEqual({
      ok: false,
      why: 'missing',
    });
  });
});
