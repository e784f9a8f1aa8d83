import type { Express, Request, Response } from 'express';
import { stripeSdk } from '../../adapters/stripe/sdk';
import type { SandboxDb } from '../db';
import type { HttpModule } from '../../http/app';
import type { Logger } from '../../logging/logger';
import {
  checkoutCompleted,
  derivedId,
  invoiceIdOf,
  invoicePaid,
  nextPeriodStart,
  subscriptionEvent,
  type SandboxCheckout,
  type SandboxEvent,
  type SandboxSubscription,
} from './events';
import { SANDBOX_PATH, type SandboxGateway } from './gateway';
import { checkoutPage, errorPage, portalPage, SANDBOX_CSS } from './html';

export interface SandboxDeps {
  db: SandboxDb;
  gateway: SandboxGateway;
  logger: Logger;
  now: () => Date;
}

class DeliveryError extends Error {}

/** This very server, at the address the browser's request came in on (PUBLIC_URL may sit behind a proxy). */
function selfUrl(req: Request): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${req.socket.localPort}`;
}

/**
 * The pages that play Stripe: a checkout that pays or cancels, and a billing portal that cancels
 * or renews. Paying sends the events Stripe would, signed with the webhook secret, to our own
 * /api/stripe/webhook over HTTP, so the fulfilment path is the one the real Stripe drives.
 */
export function sandboxStripeModule(deps: SandboxDeps): HttpModule {
  const { db, gateway, logger } = deps;

  async function deliver(req: Request, events: SandboxEvent[]) {
    const Stripe = await stripeSdk();
    for (const event of events) {
      const payload = JSON.stringify({ ...event, api_version: Stripe.API_VERSION });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: gateway.webhookSecret,
        timestamp: Math.floor(deps.now().getTime() / 1000),
      });
      const res = await fetch(`${selfUrl(req)}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        body: payload,
      });
      if (!res.ok) {
        logger.warn('Test checkout: the webhook refused an event', { type: event.type, status: res.status });
        throw new DeliveryError(`The webhook answered ${res.status} to ${event.type}. Try again.`);
      }
    }
  }

  const html = (res: Response, status: number, body: string) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(status).type('html').send(body);
  };

  async function checkoutOf(id: string) {
    return db.selectFrom('stripe_sandbox_checkouts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function portalOf(id: string) {
    return db
      .selectFrom('stripe_sandbox_portal_sessions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  const subscriptionOf = (row: {
    id: string;
    customer_id: string;
    metadata: string;
    amount_cents: number;
    product_name: string;
  }): SandboxSubscription => ({
    id: row.id,
    customerId: row.customer_id,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    amountCents: row.amount_cents,
    productName: row.product_name,
  });

  async function pay(req: Request, id: string): Promise<string | undefined> {
    const row = await checkoutOf(id);
    if (!row) return undefined;
    const successUrl = row.success_url.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(row.id));
    if (row.status === 'complete') return successUrl;
    const now = deps.now();
    const checkout: SandboxCheckout = {
      id: row.id,
      customerId: row.customer_id,
      mode: row.mode,
      amountCents: row.amount_cents,
      productName: row.product_name,
      metadata: JSON.parse(row.metadata) as Record<string, string>,
      clientReferenceId: row.client_reference_id,
      createdAt: new Date(row.created_at),
    };
    if (checkout.mode === 'payment') {
      await deliver(req, [checkoutCompleted(checkout, undefined, now)]);
    } else {
      // Ids derived from the session: paying twice replays the same subscription and invoice.
      const sub: SandboxSubscription = { ...checkout, id: derivedId('sub', checkout.id) };
      await db
        .insertInto('stripe_sandbox_subscriptions')
        .values({
          id: sub.id,
          customer_id: sub.customerId,
          metadata: row.metadata,
          amount_cents: sub.amountCents,
          product_name: sub.productName,
          status: 'active',
          periods: 1,
          current_period_start: now,
          created_at: now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const invoiceId = invoiceIdOf(sub.id, 1);
      await deliver(req, [
        subscriptionEvent('customer.subscription.created', sub, now, now),
        checkoutCompleted(checkout, { subscriptionId: sub.id, invoiceId }, now),
        invoicePaid(sub, 1, now, now),
      ]);
    }
    await db
      .updateTable('stripe_sandbox_checkouts')
      .set({ status: 'complete' })
      .where('id', '=', id)
      .execute();
    return successUrl;
  }

  async function portalSubscription(portalId: string, subscriptionId: string) {
    const portal = await portalOf(portalId);
    if (!portal) return undefined;
    const row = await db
      .selectFrom('stripe_sandbox_subscriptions')
      .selectAll()
      .where('id', '=', subscriptionId)
      .where('customer_id', '=', portal.customer_id)
      .executeTakeFirst();
    return row ? { portal, row } : undefined;
  }

  return {
    routes(app: Express) {
      app.get(`${SANDBOX_PATH}/style.css`, (_req, res) => {
        res.type('css').send(SANDBOX_CSS);
      });

      app.get(`${SANDBOX_PATH}/checkout/:id`, async (req, res) => {
        const row = await checkoutOf(String(req.params.id));
        if (!row) return html(res, 404, errorPage('There is no such checkout session.'));
        html(
          res,
          200,
          checkoutPage({
            id: row.id,
            productName: row.product_name,
            amountCents: row.amount_cents,
            mode: row.mode,
            status: row.status,
          }),
        );
      });

      app.post(`${SANDBOX_PATH}/checkout/:id/pay`, async (req, res) => {
        if ((await checkoutOf(String(req.params.id)))?.status === 'expired')
          return html(res, 410, errorPage('This checkout has expired. Start a new one from ZipFill.'));
        try {
          const next = await pay(req, String(req.params.id));
          if (!next) return html(res, 404, errorPage('There is no such checkout session.'));
          res.redirect(303, next);
        } catch (error) {
          if (!(error instanceof DeliveryError)) throw error;
          html(res, 502, errorPage(error.message));
        }
      });

      app.post(`${SANDBOX_PATH}/checkout/:id/cancel`, async (req, res) => {
        const row = await checkoutOf(String(req.params.id));
        if (!row) return html(res, 404, errorPage('There is no such checkout session.'));
        res.redirect(303, row.cancel_url);
      });

      app.get(`${SANDBOX_PATH}/portal/:id`, async (req, res) => {
        const portal = await portalOf(String(req.params.id));
        if (!portal) return html(res, 404, errorPage('This billing portal session does not exist.'));
        const rows = await db
          .selectFrom('stripe_sandbox_subscriptions')
          .selectAll()
          .where('customer_id', '=', portal.customer_id)
          .orderBy('created_at', 'desc')
          .execute();
        html(
          res,
          200,
          portalPage(
            portal.id,
            portal.return_url,
            rows.map((r) => ({
              id: r.id,
              productName: r.product_name,
              amountCents: r.amount_cents,
              status: r.status,
              periods: r.periods,
            })),
          ),
        );
      });

      app.post(`${SANDBOX_PATH}/portal/:id/subscriptions/:sub/:action`, async (req, res) => {
        const found = await portalSubscription(String(req.params.id), String(req.params.sub));
        const action = String(req.params.action);
        if (!found || !['cancel', 'renew'].includes(action)) {
          return html(res, 404, errorPage('There is no such subscription in this portal session.'));
        }
        const { portal, row } = found;
        const back = `${SANDBOX_PATH}/portal/${encodeURIComponent(portal.id)}`;
        if (row.status !== 'active') return res.redirect(303, back);
        const sub = subscriptionOf(row);
        const now = deps.now();
        try {
          if (action === 'cancel') {
            await deliver(req, [
              subscriptionEvent(
                'customer.subscription.deleted',
                sub,
                new Date(row.current_period_start),
                now,
              ),
            ]);
            await db
              .updateTable('stripe_sandbox_subscriptions')
              .set({ status: 'canceled' })
              .where('id', '=', row.id)
              .execute();
          } else {
            const period = row.periods + 1;
            const start = nextPeriodStart(new Date(row.current_period_start));
            await deliver(req, [invoicePaid(sub, period, start, now)]);
            await db
              .updateTable('stripe_sandbox_subscriptions')
              .set({ periods: period, current_period_start: start })
              .where('id', '=', row.id)
              .where('periods', '=', row.periods)
              .execute();
          }
        } catch (error) {
          if (!(error instanceof DeliveryError)) throw error;
          return html(res, 502, errorPage(error.message));
        }
        res.redirect(303, back);
      });
    },
  };
}
