import { describe, expect, it } from 'vitest';
import { readSettings } from '../settings';

const KEY = 'k'.repeat(32);

describe('HubSpot settings', () => {
  it('uses the sandbox CRM served by the app when no client id is set', () => {
    const { hubspot, tokenEncryptionKey } = readSettings({
      PUBLIC_URL: 'https://zip.example.com/',
      ALLOW_STAND_INS: 'true',
    });
    expect(hubspot).toMatchObject({
      sandbox: true,
      authorizeUrl: 'https://zip.example.com/sandbox/hubspot/oauth/authorize',
      apiBase: 'https://zip.example.com/sandbox/hubspot',
    });
    expect(tokenEncryptionKey).toBeUndefined();
  });

  it('uses HubSpot itself when the app credentials are set', () => {
    const { hubspot } = readSettings({
      HUBSPOT_CLIENT_ID: 'id',
      HUBSPOT_CLIENT_SECRET: 'secret',
      HUBSPOT_APP_ID: '123456',
      TOKEN_ENCRYPTION_KEY: KEY,
    });
    expect(hubspot).toEqual({
      sandbox: false,
      clientId: 'id',
      clientSecret: 'secret',
      authorizeUrl: 'https://app.hubspot.com/oauth/authorize',
      apiBase: 'https://api.hubapi.com',
      appId: '123456',
    });
  });

  it('leaves the app id unknown with real HubSpot when HUBSPOT_APP_ID is not set', () => {
    const env = { HUBSPOT_CLIENT_ID: 'id', HUBSPOT_CLIENT_SECRET: 'secret', TOKEN_ENCRYPTION_KEY: KEY };
    expect(readSettings(env).hubspot.appId).toBeUndefined();
    expect(() => readSettings({ ...env, HUBSPOT_APP_ID: 'app-1' })).toThrow(/HUBSPOT_APP_ID/);
  });

  it('stops on a client id without its secret, naming the missing one', () => {
    expect(() => readSettings({ HUBSPOT_CLIENT_ID: 'id', TOKEN_ENCRYPTION_KEY: KEY })).toThrow(
      /HUBSPOT_CLIENT_SECRET/,
    );
  });

  it('requires a token encryption key of 32 characters or more when HubSpot is configured', () => {
    const creds = { HUBSPOT_CLIENT_ID: 'id', HUBSPOT_CLIENT_SECRET: 'secret' };
    expect(() => readSettings(creds)).toThrow(/TOKEN_ENCRYPTION_KEY/);
    expect(() => readSettings({ ...creds, TOKEN_ENCRYPTION_KEY: 'short' })).toThrow(/at least 32/);
  });

  it('refuses an API base that is not a URL', () => {
    expect(() => readSettings({ HUBSPOT_API_BASE: 'api.hubapi.com' })).toThrow(/HUBSPOT_API_BASE/);
  });
});
