/*
 * The payment answers as they travel: the server builds them to these types and the web app reads
 * them by the same ones.
 */

/** POST /api/auth/create-checkout-session: where to send the browser to pay. */
export interface CheckoutSessionAnswer {
  sessionId: string;
  url: string;
}

/** POST /api/auth/create-portal-session: the billing portal's address. */
export interface PortalSessionAnswer {
  url: string;
}

/** GET /api/auth/subscription-status: the active plan, if any. */
export interface SubscriptionStatusAnswer {
  hasActiveSubscription: boolean;
  plan: { name: string; credits: number; amountCents: number } | null;
}
