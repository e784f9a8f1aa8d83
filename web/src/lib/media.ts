import { useCallback, useSyncExternalStore } from 'react';

const PHONE = '(max-width: 640px)';
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** True on a phone-sized screen: charts set their labels for a narrow plot. */
export function usePhoneScreen(): boolean {
  return useMediaQuery(PHONE);
}

/** True when the person asked their system for less motion: charts then draw without animating. */
export function useReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION);
}
