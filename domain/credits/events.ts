import type { DomainEvent } from '../decider';
import type { LookupOutcomeEvent } from '../lookups/events';

/** Why credits were added; each reason shows in the user's credit history. */
export type CreditSource =
  | { kind: 'signup' }
  | { kind: 'partner_bonus'; partner: string }
  | { kind: 'pack_purchase'; checkoutSessionId: string; packageId: string | null; amountCents: number }
  | { kind: 'subscription_period'; invoiceId: string; subscriptionId: string; amountCents: number }
  | { kind: 'admin_adjustment'; adminUserId: string; note: string };

/**
 * A user's credits stream: what was added, and the lookups they paid for (their outcomes are
 * lookup events, recorded here because each one moves the balance).
 */
export type CreditsEvent =
  | DomainEvent<'CreditsAdded', { credits: number; source: CreditSource; balanceAfter: number; at: string }>
  | LookupOutcomeEvent;

/** Every source that can only ever add credits once carries an id; this is that id. */
export function sourceKey(source: CreditSource): string | undefined {
  switch (source.kind) {
    case 'pack_purchase':
      return `checkout:${source.checkoutSessionId}`;
    case 'subscription_period':
      return `invoice:${source.invoiceId}`;
    case 'signup':
      return 'signup';
    case 'partner_bonus':
      return `partner:${source.partner}`;
    case 'admin_adjustment':
      return undefined;
  }
}
