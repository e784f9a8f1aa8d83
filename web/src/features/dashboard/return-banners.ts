import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../lib/api';
import { withFlash } from '../../ui';

export const PAYMENT_SUCCESS = 'Payment successful! Your credits have been added to your account.';

/** Stripe's webhook can land a moment after the browser returns: the balance is read again a little later too. */
const REFRESH_AFTER_MS = [0, 3_000, 10_000];

/**
 * What a return to the dashboard says, in the app's one banner (withFlash): from checkout
 * (?session_id=…, which also refreshes the balance and subscription) or from HubSpot's consent
 * (?hubspot_connected=…). The flags leave the address afterwards.
 */
export function useReturnBanners() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [paidSession, setPaidSession] = useState<string>();

  useEffect(() => {
    const sessionId = params.get('session_id');
    const connected = params.get('hubspot_connected');
    if (sessionId === null && connected === null) return;
    if (sessionId) setPaidSession(sessionId);
    const message =
      sessionId !== null
        ? PAYMENT_SUCCESS
        : connected === 'false'
          ? 'Failed to connect HubSpot. Please try again.'
          : params.get('reconnected') === 'true'
            ? 'HubSpot connection refreshed successfully!'
            : 'HubSpot connected successfully!';
    const rest = new URLSearchParams(params);
    for (const flag of ['session_id', 'hubspot_connected', 'reconnected']) rest.delete(flag);
    navigate(
      { search: rest.toString() },
      withFlash(message, { replace: true }, connected === 'false' ? 'error' : 'success'),
    );
  }, [params, navigate]);

  useEffect(() => {
    if (!paidSession) return;
    const timers = REFRESH_AFTER_MS.map((ms) =>
      setTimeout(() => dispatch(api.util.invalidateTags(['Balance', 'Subscription'])), ms),
    );
    return () => timers.forEach(clearTimeout);
  }, [paidSession, dispatch]);
}
