import { randomBytes } from 'node:crypto';
import type { SandboxDb } from '../db';
import { checkoutMetadata, verifyStripeSignature, type PaymentsGateway } from '../../adapters/stripe/gateway';
import { derivedId } from './events';

export const SANDBOX_PATH = '/sandbox/stripe';

export interface SandboxGateway extends PaymentsGateway {
  /** The signing secret the test checkout signs its events with, kept in the database across restarts. */
  readonly webhookSecret: string;
}

async function webhookSecretOf(db: SandboxDb): Promise<string> {
  await db
    .insertInto('stripe_sandbox_config')
    .values({ name: 'webhook_secret', value: `whsec_${randomBytes(24).toString('hex')}` })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('stripe_sandbox_config')
    .select('value')
    .where('name', '=', 'webhook_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}

/** The local test checkout: Stripe's ids and URLs, sessions kept in the database, events signed like Stripe's. */
export async function sandboxGateway(
  db: SandboxDb,
  options: { publicUrl: string; now: () => Date },
): Promise<SandboxGateway> {
  const webhookSecret = await webhookSecretOf(db);
  return {
    standIn: true,
    webhookSecret,
    async createCustomer(_userId, _email, idempotencyKey) {
      return derivedId('cus', idempotencyKey);
    },
    async createCheckout(request) {
      // The same idempotency key names the same session, as with Stripe.
      const id = derivedId('cs_test', request.idempotencyKey);
      await db
        .insertInto('stripe_sandbox_checkouts')
        .values({
          id,
          customer_id: request.customerId,
          mode: request.offer.paymentType === 'monthly' ? 'subscription' : 'payment',
          amount_cents: request.offer.amountCents,
          product_name: request.offer.productName,
          metadata: JSON.stringify(checkoutMetadata(request.userId, request.offer)),
          client_reference_id: request.userId,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          status: 'open',
          created_at: options.now(),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return { sessionId: id, url: `${options.publicUrl}${SANDBOX_PATH}/checkout/${id}` };
    },
    async expireCheckout(sessionId) {
      await db
        .updateTable('stripe_sandbox_checkouts')
        .set({ status: 'expired' })
        .where('id', '=', sessionId)
        .where('status', '=', 'open')
        .execute();
      const row = await db
        .selectFrom('stripe_sandbox_checkouts')
        .select('status')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return row?.status === 'complete' ? 'complete' : 'expired';
    },
    async createPortalSession(customerId, returnUrl) {
      const id = `bps_sandbox_${randomBytes(16).toString('hex')}`;
      await db
        .insertInto('stripe_sandbox_portal_sessions')
        .values({ id, customer_id: customerId, return_url: returnUrl, created_at: options.now() })
        .execute();
      return { url: `${options.publicUrl}${SANDBOX_PATH}/portal/${id}` };
    },
    async cancelSubscription(subscriptionId) {
      await db
        .updateTable('stripe_sandbox_subscriptions')
        .set({ status: 'canceled' })
        .where('id', '=', subscriptionId)
        .execute();
    },
    async verifyWebhook(rawBody, signature, receivedAtMs) {
      return verifyStripeSignature(webhookSecret, rawBody, signature, receivedAtMs);
    },
  };
}
