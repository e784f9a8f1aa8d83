import { formatDollars } from '../../../../domain/credits/pricing';
import { SANDBOX_PATH } from './gateway';

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const SANDBOX_CSS = `
body{font-family:system-ui,sans-serif;background:#f6f7fb;color:#1f2937;margin:0}
main{max-width:30rem;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 4px 24px #0001}
.test{background:#fff4d6;border:1px solid #f0c36d;color:#7a4d00;border-radius:8px;padding:.6rem .8rem;font-size:.9rem}
h1{font-size:1.3rem}.amount{font-size:2rem;font-weight:700;margin:.3rem 0}.muted{color:#6b7280}
.row{display:flex;gap:.6rem;margin-top:1.5rem;flex-wrap:wrap}form{margin:0}
button,.link{font:inherit;border-radius:8px;padding:.6rem 1.2rem;border:1px solid #d1d5db;background:#fff;cursor:pointer;color:inherit;text-decoration:none;display:inline-block}
button.primary{background:#4f46e5;border-color:#4f46e5;color:#fff}button.danger{color:#b91c1c;border-color:#fca5a5}
.sub{border:1px solid #e5e7eb;border-radius:8px;padding:1rem;margin-top:1rem}.error{color:#b91c1c}`;

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
