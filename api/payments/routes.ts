import { randomUUID } from 'node:crypto';
import express, { type Express } from 'express';
import { priceOffer, PricingError, type Offer, type OfferRequest } from '../../domain/credits/pricing';
import {
  activePlan,
  canManageSubscription,
  hasActiveSubscription,
  planName,
  subscriptionCheckoutRefusal,
  subscriptionsStream,
} from '../../domain/subscriptions/decider';
import { SubscriptionRuleError } from '../../domain/subscriptions/errors';
import { PaymentProviderError, WebhookSignatureError } from '../adapters/stripe/gateway';
import { requireUser, userOf } from '../auth/middleware';
import type { Sessions } from '../auth/sessions';
import { badRequest, conflict, HttpError, type ErrorMapping } from '../http/errors';
import type { HttpModule } from '../http/app';
import { validateBody } from '../http/validation';
import { fulfilment, planOf } from './fulfilment';
import { CHECKOUT_HINT, validCheckoutRequest } from './schemas';
import type { PaymentsDeps } from './services';
import type { CheckoutSessionAnswer, PortalSessionAnswer, SubscriptionStatusAnswer } from './contract';

export const PORTAL_UNAVAILABLE =
  'Unable to access subscription management. You may not have an active subscription.';

/** Stripe's events are small; a bigger body is not from Stripe. */
const WEBHOOK_BODY_LIMIT = '512kb';

export const paymentErrors: ErrorMapping = (error) => {
  if (error instanceof PricingError) return badRequest(`${error.message} ${CHECKOUT_HINT}`);
  if (error instanceof PaymentProviderError) return new HttpError(error.status, error.message);
  if (error instanceof SubscriptionRuleError) return conflict(error.message);
  if (error instanceof WebhookSignatureError)
    return badRequest(`Webhook signature rejected: ${error.message}`);
  return undefined;
};

/** Checkout, the billing portal, the subscription status and the Stripe webhook. */
export function paymentsModule(deps: PaymentsDeps & { sessions: Sessions }): HttpModule {
  const auth = requireUser({ sessions: deps.sessions, accounts: deps.accounts });
  const apply = fulfilment(deps);

  async function customerOf(userId: string, email: string): Promise<string> {
    const stream = subscriptionsStream(userId);
    const known = (await deps.subscriptions.load(stream)).state.customerId;
    if (known) return known;
    // One key per user: two checkouts racing get the same customer from Stripe.
    const customerId = await deps.gateway.createCustomer(userId, email, `customer:${userId}`);
    const { state } = await deps.subscriptions.handle(
      stream,
      { type: 'LinkCustomer', customerId, at: deps.now().toISOString() },
      { commandId: `customer:${customerId}`, metadata: { userId } },
    );
    return state.customerId ?? customerId;
  }

  /**
   * Before a monthly checkout: refused while a subscription is active or another checkout is in
   * progress; an older open checkout is expired at Stripe so that it can no longer be paid.
   */
  async function replaceOpenCheckout(userId: string): Promise<void> {
    const { state } = await deps.subscriptions.load(subscriptionsStream(userId));
    const refusal = subscriptionCheckoutRefusal(state, deps.now().toISOString());
    if (refusal) throw refusal;
    const open = state.openCheckout;
    if (open && (await deps.gateway.expireCheckout(open.sessionId)) === 'complete') {
      throw conflict(
        `Your checkout for ${planName(open.plan)} has just been paid: that is your subscription. Change your plan in the billing portal.`,
      );
    }
  }

  /** Records the new monthly checkout; the loser of two racing checkouts expires its own and is refused. */
  async function recordOpenCheckout(userId: string, sessionId: string, offer: Offer): Promise<void> {
    try {
      await deps.subscriptions.handle(
        subscriptionsStream(userId),
        { type: 'OpenSubscriptionCheckout', sessionId, plan: planOf(offer), at: deps.now().toISOString() },
        { commandId: `checkout-opened:${sessionId}`, metadata: { userId } },
      );
    } catch (error) {
      if (error instanceof SubscriptionRuleError) await deps.gateway.expireCheckout(sessionId);
      throw error;
    }
  }

  return {
    errors: paymentErrors,
    raw(app: Express) {
      app.post(
        '/api/stripe/webhook',
        express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
        async (req, res) => {
          const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          const event = await deps.gateway.verifyWebhook(
            body,
            req.header('stripe-signature'),
            deps.now().getTime(),
          );
          const outcome = await apply(event);
          const fields = { eventId: event.id, type: event.type, ...outcome };
          if (outcome.result === 'refused') deps.logger.warn('Stripe payment not credited', fields);
          else if (outcome.result === 'ignored') deps.logger.info('Stripe event changed nothing', fields);
          else deps.logger.info('Stripe event applied', fields);
          res.json({ received: true });
        },
      );
    },
    routes(app: Express) {
      app.post(
        '/api/auth/create-checkout-session',
        auth,
        validateBody(validCheckoutRequest),
        async (req, res) => {
          const user = userOf(req);
          const request = req.body as OfferRequest;
          if ('packageId' in request === 'customCredits' in request) {
            throw badRequest(
              `Send either packageId or customCredits, not ${'packageId' in request ? 'both' : 'neither'}. ${CHECKOUT_HINT}`,
            );
          }
          const offer = priceOffer(request);
          const monthly = offer.paymentType === 'monthly';
          if (monthly) await replaceOpenCheckout(user.id);
          const customerId = await customerOf(user.id, user.email);
          const clientKey = req.header('idempotency-key');
          const key = clientKey && /^[A-Za-z0-9_-]{8,100}$/.test(clientKey) ? clientKey : randomUUID();
          const session = await deps.gateway.createCheckout({
            userId: user.id,
            customerId,
            offer,
            successUrl: `${deps.publicUrl}/dashboard?session_id={CHECKOUT_SESSION_ID}`,
            // The cancelled checkout lands back on /credits saying so, with the payment type the user chose.
            cancelUrl: `${deps.publicUrl}/credits?checkout=cancelled&payment_type=${offer.paymentType}`,
            idempotencyKey: `checkout:${user.id}:${key}`,
          });
          if (monthly) await recordOpenCheckout(user.id, session.sessionId, offer);
          res.json(session satisfies CheckoutSessionAnswer);
        },
      );

      app.get('/api/auth/subscription-status', auth, async (req, res) => {
        const { state } = await deps.subscriptions.load(subscriptionsStream(userOf(req).id));
        const plan = activePlan(state);
        res.json({
          hasActiveSubscription: hasActiveSubscription(state),
          plan: plan ? { name: planName(plan), credits: plan.credits, amountCents: plan.amountCents } : null,
        } satisfies SubscriptionStatusAnswer);
      });

      app.post('/api/auth/create-portal-session', auth, async (req, res) => {
        const { state } = await deps.subscriptions.load(subscriptionsStream(userOf(req).id));
        if (!state.customerId || !canManageSubscription(state)) throw badRequest(PORTAL_UNAVAILABLE);
        res.json(
          (await deps.gateway.createPortalSession(
            state.customerId,
            `${deps.publicUrl}/manage-account`,
          )) satisfies PortalSessionAnswer,
        );
      });
    },
  };
}
