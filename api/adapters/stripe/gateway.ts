import type { Offer } from '../../../domain/credits/pricing';
import { stripeSdk } from './sdk';

/** What a checkout needs from us; the offer was priced from the server's table. */
export interface CheckoutRequest {
  userId: string;
  customerId: string;
  offer: Offer;
  successUrl: string;
  cancelUrl: string;
  /** Sent as Stripe's Idempotency-Key, so a retried call creates one session. */
  idempotencyKey: string;
}

/** An event as Stripe delivers it; only the fields the fulfilment reads are typed. */
export interface PaymentEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider refused or failed a call; its message is meant for the user. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/**
 * Stripe as the routes see it: the real API or the local test checkout, which keep the same
 * shapes (ids, checkout and portal URLs, signed webhook events).
 */
export interface PaymentsGateway {
  readonly standIn: boolean;
  createCustomer(userId: string, email: string, idempotencyKey: string): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /**
   * Makes an open checkout unpayable. Answers how it ended: expired (now, or before), or complete
   * when it was paid first.
   */
  expireCheckout(sessionId: string): Promise<'expired' | 'complete'>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** Ends a subscription now, without proration; one already ended is left as it is. Throws PaymentProviderError. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Checks the Stripe-Signature header over the raw body and the timestamp window; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined, receivedAtMs: number): Promise<PaymentEvent>;
}

/** Stripe's default window: a signature older than this is refused as a possible replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Verifies with the SDK's constructEvent (never verifyHeader, whose default tolerance skips the time check). */
export async function verifyStripeSignature(
  secret: string,
  rawBody: Buffer,
  signature: string | undefined,
  receivedAtMs: number,
): Promise<PaymentEvent> {
  if (!signature) throw new WebhookSignatureError('the Stripe-Signature header is missing.');
  const Stripe = await stripeSdk();
  try {
    return Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      receivedAtMs,
    ) as unknown as PaymentEvent;
  } catch (error) {
    throw new WebhookSignatureError(signatureRefusal(error instanceof Error ? error.message : ''));
  }
}

/** The library's message names its own docs; the sender gets the product's sentence for each case. */
function signatureRefusal(libraryMessage: string): string {
  if (/tolerance/i.test(libraryMessage))
    return `the Stripe-Signature timestamp is more than ${WEBHOOK_TOLERANCE_SECONDS / 60} minutes from now.`;
  if (/extract timestamp|No signatures found with expected scheme/i.test(libraryMessage))
    return 'the Stripe-Signature header is not in the form t=<timestamp>,v1=<signature>.';
  return 'the Stripe-Signature does not match this body signed with the webhook secret.';
}

/** The metadata written on every session (and its subscription), tying the payment to the user and the table's offer. */
export function checkoutMetadata(userId: string, offer: Offer): Record<string, string> {
  return {
    userId,
    ...(offer.packageId ? { packageId: offer.packageId } : { customCredits: String(offer.customCredits) }),
    credits: String(offer.credits),
    paymentType: offer.paymentType,
  };
}
