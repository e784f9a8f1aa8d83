import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourBackends } from '../support/databases';
import { call, startApp, type RunningApp } from '../support/app';

const message = {
  email: 'someone@example.com',
  phone: '+1 805 555 0100',
  subject: 'Hello',
  message: 'Question',
};

for (const backend of behaviourBackends) {
  describe(`support captcha on ${backend.name}`, () => {
    let verifier: Server;
    const seen: URLSearchParams[] = [];
    let app: RunningApp;
    beforeAll(async () => {
      // Speaks reCAPTCHA's siteverify: only the answer "good" passes.
      verifier = createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          const form = new URLSearchParams(body);
          seen.push(form);
          res.setHeader('content-type', 'application/json');
          res.end(
            JSON.stringify({ success: form.get('response') === 'good' && form.get('secret') === 's3cret' }),
          );
        });
      });
      await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
      const { port } = verifier.address() as AddressInfo;
      app = await startApp(backend, {
        RECAPTCHA_SECRET: 's3cret',
        RECAPTCHA_SITE_KEY: 'site',
        RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
      });
    });
    afterAll(async () => {
      await app?.close();
      await new Promise((resolve) => verifier.close(resolve));
    });

    const send = (body: unknown) => call(app.baseUrl, '/api/auth/support/send-email', { body });

    it('sends a support message whose captcha the provider accepts', async () => {
      expect(await send({ ...message, recaptchaToken: 'good' })).toMatchObject({ status: 200 });
      expect(seen.at(-1)?.get('secret')).toBe('s3cret');
    });

    it('refuses a message whose captcha is missing or rejected', async () => {
      for (const body of [message, { ...message, recaptchaToken: 'bad' }]) {
        expect(await send(body)).toMatchObject({
          status: 400,
          body: { error: 'Please complete the captcha and try again.' },
        });
      }
    });

    it('names the missing or empty field of a support message', async () => {
      expect((await send({ ...message, phone: undefined, recaptchaToken: 'good' })).body).toEqual({
        error: 'phone is required.',
      });
      expect((await send({ ...message, subject: '   ', recaptchaToken: 'good' })).body).toEqual({
        error: 'subject must not be empty.',
      });
    });

    it('refuses a phone number that is not one, saying what one looks like', async () => {
      for (const phone of ['abc', '12', '805-CALL-NOW'])
        expect(await send({ ...message, phone, recaptchaToken: 'good' })).toEqual(
          expect.objectContaining({
            status: 400,
            body: {
              error:
                'phone must be a phone number of 7 to 15 digits (spaces, dashes, dots, brackets and a leading + are fine).',
            },
          }),
        );
    });
  });
}
