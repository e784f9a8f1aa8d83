import { useSyncExternalStore } from 'react';

const PHONE = '(max-width: 640px)';

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** True on a phone-sized screen: charts set their labels for a narrow plot. */
export function usePhoneScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(PHONE).matches);
}
