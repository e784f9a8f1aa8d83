import type { CreditsEvent } from '../credits/events';
import { creditsRefunded, lookupSourceOf, type LookupRef, type LookupSource } from '../lookups/events';

export type CreditChangeKind =
  | 'signup_grant'
  | 'partner_bonus'
  | 'purchase'
  | 'subscription_period'
  | 'admin_adjustment'
  | 'lookup_charge'
  | 'lookup_refund';

/** One change of a user's balance and what caused it. */
export interface CreditChange {
  at: string;
  kind: CreditChangeKind;
  change: number;
  balanceAfter: number;
  description: string;
  cause: {
    stripeObjectId?: string;
    subscriptionId?: string;
    packageId?: string | null;
    amountCents?: number;
    partner?: string;
    adminUserId?: string;
    note?: string;
    lookupId?: string;
    /** Where the lookup came from: webhook, workflow or backfill. */
    source?: LookupSource;
    portalId?: string;
    zip?: string;
    reason?: string;
    requestId?: string;
  };
}

/** How a lookup's line names where it came from; the webhook's, the usual one, goes unsaid. */
const FROM: Record<LookupSource, string> = {
  webhook: '',
  workflow: ' from a workflow',
  backfill: ' from a backfill',
};

export interface HistoryEvent {
  event: CreditsEvent;
  requestId?: string;
}

/**
 * Every change of a balance, in the order it happened: grants, purchases, subscription periods,
 * adjustments, lookup charges and refunds. Events that leave the balance as it was (a lookup
 * that succeeded after its charge, a failure that was never charged) are not changes.
 */
export function creditHistory(
  events: readonly HistoryEvent[],
  forgotten: (lookup: LookupRef) => boolean = () => false,
): CreditChange[] {
  const changes: CreditChange[] = [];
  // A lookup of a contact deleted for privacy keeps its amount, time and opaque id: no ZIP, no portal.
  const about = (lookup: LookupRef) =>
    forgotten(lookup)
      ? { what: 'lookup', where: {} }
      : { what: `lookup of ${lookup.zip}`, where: { portalId: lookup.portalId, zip: lookup.zip } };
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  for (const { event, requestId } of events) {
    const withRequest = requestId ? { requestId } : {};
    switch (event.type) {
      case 'CreditsAdded': {
        const { source, credits, balanceAfter, at } = event.data;
        const base = { at, change: credits, balanceAfter };
        switch (source.kind) {
          case 'signup':
            changes.push({ ...base, kind: 'signup_grant', description: 'Sign-up credits', cause: {} });
            break;
          case 'partner_bonus':
            changes.push({
              ...base,
              kind: 'partner_bonus',
              description: `Partner bonus (${source.partner})`,
              cause: { partner: source.partner },
            });
            break;
          case 'pack_purchase':
            changes.push({
              ...base,
              kind: 'purchase',
              description: `Purchase${source.packageId ? ` of the ${source.packageId} pack` : ' of custom credits'}`,
              cause: {
                stripeObjectId: source.checkoutSessionId,
                packageId: source.packageId,
                amountCents: source.amountCents,
              },
            });
            break;
          case 'subscription_period':
            changes.push({
              ...base,
              kind: 'subscription_period',
              description: 'Subscription period paid',
              cause: {
                stripeObjectId: source.invoiceId,
                subscriptionId: source.subscriptionId,
                amountCents: source.amountCents,
              },
            });
            break;
          case 'admin_adjustment':
            changes.push({
              ...base,
              kind: 'admin_adjustment',
              description: 'Adjusted by an admin',
              cause: { adminUserId: source.adminUserId, note: source.note },
            });
            break;
        }
        break;
      }
      case 'LookupCharged':
        changes.push({
          at: event.data.at,
          kind: 'lookup_charge',
          change: -event.data.credits,
          balanceAfter: event.data.balanceAfter,
          description: `${capital(about(event.data).what)}${FROM[lookupSourceOf(event.data)]}`,
          cause: {
            lookupId: event.data.lookupId,
            source: lookupSourceOf(event.data),
            ...about(event.data).where,
            ...withRequest,
          },
        });
        break;
      case 'LookupFailed':
        if (event.data.refunded) {
          changes.push({
            at: event.data.at,
            kind: 'lookup_refund',
            change: creditsRefunded(event.data),
            balanceAfter: event.data.balanceAfter,
            description: `Refund: ${about(event.data).what}${FROM[lookupSourceOf(event.data)]} failed`,
            cause: {
              lookupId: event.data.lookupId,
              source: lookupSourceOf(event.data),
              ...about(event.data).where,
              reason: event.data.reason,
              ...withRequest,
            },
          });
        }
        break;
      case 'LookupSucceeded':
        break;
    }
  }
  return changes;
}
