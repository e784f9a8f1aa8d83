import type { StripeSettings } from '../../settings';
import {
  checkoutMetadata,
  PaymentProviderError,
  verifyStripeSignature,
  type CheckoutRequest,
  type PaymentsGateway,
} from './gateway';
import { stripeSdk } from './sdk';

/** The real Stripe API through the official SDK (pointed elsewhere by STRIPE_API_BASE in tests). */
export async function stripeGateway(settings: StripeSettings): Promise<PaymentsGateway> {
  const Stripe = await stripeSdk();
  const providerError = (error: unknown): unknown => {
    if (error instanceof Stripe.errors.StripeError) {
      const status = error.statusCode && error.statusCode < 500 ? 400 : 502;
      return new PaymentProviderError(error.message, status);
    }
    return error;
  };
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(settings.api ?? {}),
  });
  return {
    standIn: false,
    async createCustomer(userId, email, idempotencyKey) {
      try {
        const customer = await stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey });
        return customer.id;
      } catch (error) {
        throw providerError(error);
      }
    },
    async createCheckout(request: CheckoutRequest) {
      const { offer } = request;
      const monthly = offer.paymentType === 'monthly';
      const metadata = checkoutMetadata(request.userId, offer);
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: monthly ? 'subscription' : 'payment',
            customer: request.customerId,
            client_reference_id: request.userId,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: offer.amountCents,
                  product_data: { name: offer.productName },
                  ...(monthly ? { recurring: { interval: 'month' as const } } : {}),
                },
              },
            ],
            metadata,
            ...(monthly ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (!session.url) throw new PaymentProviderError('Stripe did not return a checkout page.', 502);
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        throw providerError(error);
      }
    },
    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return 'expired';
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open: ask how it ended.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw providerError(error);
      }
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        return session.status === 'complete' ? 'complete' : 'expired';
      } catch (error) {
        throw providerError(error);
      }
    },
    async createPortalSession(customerId, returnUrl) {
      try {
        const session = await stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
        });
        return { url: session.url };
      } catch (error) {
        throw providerError(error);
      }
    },
    async cancelSubscription(subscriptionId) {
      try {
        await stripe.subscriptions.cancel(subscriptionId);
        return;
      } catch (error) {
        // Stripe refuses to cancel what has already ended: ask how it stands.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw providerError(error);
      }
      try {
        const subscription = await stripe.subscriptions.retrieve(subscriptionId);
        if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired')
          throw new PaymentProviderError('Stripe would not cancel the subscription.', 502);
      } catch (error) {
        throw providerError(error);
      }
    },
    async verifyWebhook(rawBody, signature, receivedAtMs) {
      return verifyStripeSignature(settings.webhookSecret, rawBody, signature, receivedAtMs);
    },
  };
}
