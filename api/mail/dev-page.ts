import type { Express, RequestHandler } from 'express';
import type { AccountGate } from '../auth/gate';
import { userOf } from '../auth/middleware';
import type { OperationalDb } from '../db/operational';
import type { HttpModule } from '../http/app';
import { cookieOf } from '../http/cookies';
import type { SignedUserPass } from '../portals/secrets';
import { newestMail, type StoredMail } from './outbox';

export const DEV_MAIL_PATH = '/dev/mail';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Escapes the text, then makes the http(s) links in it clickable. */
function linkified(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function render(mails: StoredMail[], intro: string): string {
  const items = mails
    .map(
      (m) =>
        `<article><h2>${escapeHtml(m.subject)}</h2><p>To: ${escapeHtml(m.to)}` +
        (m.replyTo ? ` · Reply-To: ${escapeHtml(m.replyTo)}` : '') +
        ` · ${escapeHtml(m.createdAt)}</p><pre>${linkified(m.body)}</pre></article><hr>`,
    )
    .join('\n');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>Development mailbox</title><link rel="stylesheet" href="${DEV_MAIL_PATH}/style.css"></head><body><main>` +
    `<h1>Development mailbox</h1><p>${intro}</p>` +
    (items || '<p>No e-mail yet.</p>') +
    '</main></body></html>'
  );
}

/** Light and dark (prefers-color-scheme); long links and lines wrap, so a phone never scrolls sideways. */
const MAILBOX_CSS = `
:root{color-scheme:light dark;--bg:#fff;--text:#1f2937;--muted:#4b5563;--line:#d1d5db;--link:#1d4ed8}
@media (prefers-color-scheme:dark){:root{--bg:#111827;--text:#e5e7eb;--muted:#9ca3af;--line:#374151;--link:#93c5fd}}
body{font:15px/1.5 system-ui,sans-serif;margin:0;background:var(--bg);color:var(--text)}
main{max-width:48rem;margin:0 auto;padding:1rem}
a{color:var(--link)}h2{font-size:1.15rem;margin-bottom:.25rem}article p{color:var(--muted);margin-top:0}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font:13px/1.5 ui-monospace,monospace}
hr{border:0;border-top:1px solid var(--line)}
p,h1,h2{overflow-wrap:anywhere}`;

const EVERYONE = 'No SMTP server is configured (SMTP_URL), so e-mail is kept here, newest first.';
const OWN_ONLY =
  'This is a public demo without an SMTP server (SMTP_URL): e-mail is kept here, and each person sees only the mail to their own address, newest first.';
export const SIGN_IN_FOR_MAIL =
  'This is a public demo: sign in to ZipFill, then open the development mailbox from the link at the foot of any page to read the mail sent to you.';

/** The cookie that tells the public demo's mailbox who is reading it. */
const MAIL_PASS_COOKIE = 'zipfill_dev_mail';

/** In a public demo: how the mailbox knows the reader, so that it shows each only their own mail. */
export interface MailboxReader {
  pass: SignedUserPass;
  gate: AccountGate;
  requireUser: RequestHandler;
  now: () => Date;
  secureCookie: boolean;
}

/**
 * The stand-in mailbox: only mounted when no SMTP server is configured. On a public demo
 * (ALLOW_STAND_INS) it shows the signed-in reader only the mail to their address: anyone could
 * otherwise ask a password reset for someone else and read the link here. The reader is known
 * by a pass bound to their session, as the sandbox CRM's pages know theirs.
 */
export function devMailModule(db: OperationalDb, reader?: MailboxReader): HttpModule {
  return {
    routes(app: Express) {
      app.get(`${DEV_MAIL_PATH}/style.css`, (_req, res) => {
        res.type('text/css').setHeader('Cache-Control', 'no-cache');
        res.send(MAILBOX_CSS);
      });
      app.get(DEV_MAIL_PATH, async (req, res) => {
        res.setHeader('Cache-Control', 'no-store');
        if (!reader) {
          res.type('html').send(render(await newestMail(db, 100), EVERYONE));
          return;
        }
        const value = cookieOf(req, MAIL_PASS_COOKIE);
        const pass = value ? reader.pass.read(value, reader.now()) : undefined;
        const account = pass?.sessionId ? await reader.gate.admit(pass.userId, pass.sessionId) : undefined;
        if (!account) {
          res.status(401).type('html').send(render([], SIGN_IN_FOR_MAIL));
          return;
        }
        res.type('html').send(render(await newestMail(db, 100, account.email), OWN_ONLY));
      });
      if (!reader) return;
      app.post('/api/auth/dev-mail-pass', reader.requireUser, (req, res) => {
        const value = reader.pass.issue(userOf(req).id, reader.now(), req.sessionId);
        res.setHeader(
          'Set-Cookie',
          `${MAIL_PASS_COOKIE}=${value}; Path=${DEV_MAIL_PATH}; Max-Age=${reader.pass.ttlSeconds}; HttpOnly; SameSite=Lax${reader.secureCookie ? '; Secure' : ''}`,
        );
        res.status(204).end();
      });
    },
  };
}
