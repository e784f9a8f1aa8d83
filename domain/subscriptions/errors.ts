import type { SubscriptionPlan } from './events';

export type SubscriptionRuleCode = 'already_subscribed' | 'checkout_in_progress';

/** A subscription rule refused a command; it names the plan in the way, for the person to act on. */
export class SubscriptionRuleError extends Error {
  constructor(
    readonly code: SubscriptionRuleCode,
    readonly plan: SubscriptionPlan,
    message: string,
  ) {
    super(message);
    this.name = 'SubscriptionRuleError';
  }
}
