import { useState } from 'react';
import type { OfferRequest } from '@domain/credits/pricing';
import { serverErrorText } from '../../lib/errors';
import { useCreateCheckoutSessionMutation } from './api';

export const PURCHASE_FAILED = 'Failed to initiate purchase';
export const CUSTOM_PURCHASE_FAILED = 'Failed to initiate custom purchase';

/** Which offer is being sent to checkout, so only its button shows progress. */
export type PendingOffer = string | null;

/**
 * Starts a checkout and sends the browser to the page the server answered with (Stripe's, or
 * the local test checkout). Failures show the server's or provider's text, else the spec's.
 */
export function useCheckout() {
  const [create] = useCreateCheckoutSessionMutation();
  const [pending, setPending] = useState<PendingOffer>(null);
  const [error, setError] = useState<string | null>(null);

  async function start(request: OfferRequest) {
    const custom = 'customCredits' in request;
    setPending(custom ? 'custom' : request.packageId);
    setError(null);
    try {
      const { url } = await create(request).unwrap();
      window.location.assign(url);
    } catch (e) {
      setError(serverErrorText(e) ?? (custom ? CUSTOM_PURCHASE_FAILED : PURCHASE_FAILED));
      setPending(null);
    }
  }

  return { start, pending, error };
}
