import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourBackends } from '../support/databases';
import { call, signUp, startApp, type RunningApp } from '../support/app';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Undoes quoted-printable soft breaks and escapes, enough to read a message's text. */
const readable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

for (const backend of behaviourBackends) {
  describe(`mail through a real SMTP server on ${backend.name}`, () => {
    const received: Received[] = [];
    let smtp: SMTPServer;
    let app: RunningApp;
    beforeAll(async () => {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, done) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: readable(Buffer.concat(chunks).toString('utf8')),
            });
            done();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      const { port } = smtp.server.address() as AddressInfo;
      app = await startApp(backend, {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'ZipFill <no-reply@zipfill.example>',
        SUPPORT_EMAIL: 'help@zipfill.example',
        PUBLIC_URL: 'https://zipfill.example',
        ALLOW_STAND_INS: 'true',
      });
    });
    afterAll(async () => {
      await app?.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    });

    async function arrived(predicate: (m: Received) => boolean): Promise<Received> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = received.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('The e-mail did not arrive');
        await new Promise((r) => setTimeout(r, 25));
      }
    }

    it('delivers the reset link to the account holder', async () => {
      const { email } = await signUp(app.baseUrl);
      await call(app.baseUrl, '/api/auth/forgot-password', { body: { email } });
      const mail = await arrived((m) => m.to.includes(email));
      expect(mail.from).toBe('no-reply@zipfill.example');
      expect(mail.raw).toContain('Subject: Reset your ZipFill password');
      expect(mail.raw).toMatch(/https:\/\/zipfill\.example\/reset-password\/[A-Za-z0-9_-]{43}/);
    });

    it('delivers a support message to SUPPORT_EMAIL with the sender as Reply-To', async () => {
      const sender = `customer-${Date.now()}@example.com`;
      const res = await call(app.baseUrl, '/api/auth/support/send-email', {
        body: { email: sender, phone: '+1 555 0100', subject: 'Lookups stopped', message: 'Help please' },
      });
      expect(res).toMatchObject({ status: 200, body: { message: expect.stringContaining('success') } });
      const mail = await arrived((m) => m.raw.includes('Lookups stopped'));
      expect(mail.to).toEqual(['help@zipfill.example']);
      expect(mail.raw).toContain(`Reply-To: ${sender}`);
      expect(mail.raw).toContain('+1 555 0100');
    });

    it('keeps no development mailbox when SMTP is configured', async () => {
      expect((await call(app.baseUrl, '/api/config/public')).body).toMatchObject({
        standIns: { mail: false },
        devMailUrl: null,
      });
      expect((await fetch(`${app.baseUrl}/dev/mail`)).headers.get('content-type')).not.toMatch(
        /Development mailbox/,
      );
    });
  });
}
