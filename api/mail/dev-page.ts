import type { Express } from 'express';
import type { OperationalDb } from '../db/operational';
import type { HttpModule } from '../http/app';
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

function render(mails: StoredMail[]): string {
  const items = mails
    .map(
      (m) =>
        `<article><h2>${escapeHtml(m.subject)}</h2><p>To: ${escapeHtml(m.to)}` +
        (m.replyTo ? ` · Reply-To: ${escapeHtml(m.replyTo)}` : '') +
        ` · ${escapeHtml(m.createdAt)}</p><pre>${linkified(m.body)}</pre></article><hr>`,
    )
    .join('\n');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title></head><body>' +
    '<h1>Development mailbox</h1><p>No SMTP server is configured (SMTP_URL), so e-mail is kept here, newest first.</p>' +
    (items || '<p>No e-mail yet.</p>') +
    '</body></html>'
  );
}

/** The stand-in mailbox: only mounted when no SMTP server is configured. */
export function devMailModule(db: OperationalDb): HttpModule {
  return {
    routes(app: Express) {
      app.get(DEV_MAIL_PATH, async (_req, res) => {
        res.setHeader('Cache-Control', 'no-store');
        res.type('html').send(render(await newestMail(db, 100)));
      });
    },
  };
}
