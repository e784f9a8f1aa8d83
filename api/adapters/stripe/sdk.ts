import type Stripe from 'stripe';

let sdk: Promise<typeof Stripe> | undefined;

/**
 * Stripe's SDK, loaded the first time a payment needs it: a service on the local test checkout
 * may never take one, and loading the SDK at start was 7 MB of its idle memory (bench README,
 * session 27).
 */
export function stripeSdk(): Promise<typeof Stripe> {
  sdk ??= import('stripe').then((module) => module.default);
  return sdk;
}
