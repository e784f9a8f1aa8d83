import { formatDollars } from '../../../domain/credits/pricing';
import { SANDBOX_PATH } from './gateway';

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The test checkout's look, light and dark (prefers-color-scheme), narrowed to the phone's width. */
export const SANDBOX_CSS = `
:root{color-scheme:light dark;--bg:#f6f7fb;--text:#1f2937;--card:#fff;--line:#d1d5db;--muted:#6b7280;--danger:#b91c1c;--danger-line:#fca5a5;
--test:#fff4d6;--test-line:#f0c36d;--test-text:#7a4d00;--link:#4338ca}
@media (prefers-color-scheme:dark){:root{--bg:#111827;--text:#e5e7eb;--card:#1f2937;--line:#4b5563;--muted:#9ca3af;--danger:#fca5a5;--danger-line:#b91c1c;
--test:#3b2f0b;--test-line:#a16207;--test-text:#fde68a;--link:#a5b4fc}}
body{font-family:system-ui,sans-serif;background:var(--bg);color:var(--text);margin:0}
a{color:var(--link)}
main{max-width:30rem;margin:3rem auto;background:var(--card);border-radius:12px;padding:2rem;box-shadow:0 4px 24px #0001;overflow-wrap:anywhere}
.test{background:var(--test);border:1px solid var(--test-line);color:var(--test-text);border-radius:8px;padding:.6rem .8rem;font-size:.9rem}
h1{font-size:1.3rem}.amount{font-size:2rem;font-weight:700;margin:.3rem 0}.muted{color:var(--muted)}
.row{display:flex;gap:.6rem;margin-top:1.5rem;flex-wrap:wrap}form{margin:0}
button,.link{font:inherit;border-radius:8px;padding:.6rem 1.2rem;border:1px solid var(--line);background:var(--card);cursor:pointer;color:inherit;text-decoration:none;display:inline-block}
button.primary{background:#4f46e5;border-color:#4f46e5;color:#fff}button.danger{color:var(--danger);border-color:var(--danger-line)}
.sub{border:1px solid var(--line);border-radius:8px;padding:1rem;margin-top:1rem}.error{color:var(--danger)}
@media (max-width:600px){main{margin:1rem .75rem;padding:1.25rem}}`;

export function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><link rel="stylesheet" href="${SANDBOX_PATH}/style.css"></head><body><main>` +
    `<p class="test"><strong>Test mode.</strong> This is ZipFill's local stand-in for Stripe: no card is charged and no money moves.</p>` +
    body +
    `</main></body></html>`
  );
}

export function checkoutPage(c: {
  id: string;
  productName: string;
  amountCents: number;
  mode: 'payment' | 'subscription';
  status: string;
}): string {
  const per = c.mode === 'subscription' ? ' <span class="muted">per month</span>' : '';
  const action = `${SANDBOX_PATH}/checkout/${encodeURIComponent(c.id)}`;
  return page(
    'Test checkout',
    `<h1>${escapeHtml(c.productName)}</h1>` +
      `<p class="amount">${formatDollars(c.amountCents)}${per}</p>` +
      `<p class="muted">${c.mode === 'subscription' ? 'Billed monthly until you cancel.' : 'One-time payment.'}</p>` +
      (c.status === 'open'
        ? `<div class="row"><form method="post" action="${action}/pay"><button class="primary" type="submit">Pay ${formatDollars(c.amountCents)} (test payment)</button></form>` +
          `<form method="post" action="${action}/cancel"><button type="submit">Cancel</button></form></div>`
        : `<p>This checkout is ${escapeHtml(c.status)}.</p>`),
  );
}

export interface PortalSubscription {
  id: string;
  productName: string;
  amountCents: number;
  status: string;
  periods: number;
}

export function portalPage(sessionId: string, returnUrl: string, subs: PortalSubscription[]): string {
  const base = `${SANDBOX_PATH}/portal/${encodeURIComponent(sessionId)}/subscriptions`;
  const items = subs
    .map((s) => {
      const action = `${base}/${encodeURIComponent(s.id)}`;
      const buttons =
        s.status === 'active'
          ? `<div class="row"><form method="post" action="${action}/renew"><button type="submit">Simulate next renewal</button></form>` +
            `<form method="post" action="${action}/cancel"><button class="danger" type="submit">Cancel subscription</button></form></div>`
          : '';
      return (
        `<div class="sub"><strong>${escapeHtml(s.productName)}</strong><br>` +
        `${formatDollars(s.amountCents)} per month · <span class="status">${escapeHtml(s.status)}</span> · ` +
        `${s.periods} invoice${s.periods === 1 ? '' : 's'} paid${buttons}</div>`
      );
    })
    .join('');
  return page(
    'Billing portal (test)',
    `<h1>Billing portal</h1>` +
      (items || '<p>No subscriptions.</p>') +
      `<div class="row"><a class="link" href="${escapeHtml(returnUrl)}">Return to ZipFill</a></div>`,
  );
}

export const errorPage = (message: string) =>
  page('Test checkout', `<p class="error">${escapeHtml(message)}</p>`);
