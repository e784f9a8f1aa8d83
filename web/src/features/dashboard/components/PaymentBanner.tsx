import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api';
import { Alert } from '../../../ui';

export const PAYMENT_SUCCESS = 'Payment successful! Your credits have been added to your account.';

/** Stripe's webhook can land a moment after the browser returns: the balance is read again a little later too. */
const REFRESH_AFTER_MS = [0, 3_000, 10_000];

/** The banner for a return from checkout (?session_id=…), which refreshes the balance and subscription. */
export function PaymentBanner() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const dispatch = useDispatch();
  useEffect(() => {
    if (!sessionId) return;
    const timers = REFRESH_AFTER_MS.map((ms) =>
      setTimeout(() => dispatch(api.util.invalidateTags(['Balance', 'Subscription'])), ms),
    );
    return () => timers.forEach(clearTimeout);
  }, [sessionId, dispatch]);
  if (!sessionId) return null;
  return <Alert kind="success">{PAYMENT_SUCCESS}</Alert>;
}
