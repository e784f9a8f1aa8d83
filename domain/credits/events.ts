import type { DomainEvent } from '../decider';

/** Why credits were added; each reason shows in the user's credit history. */
export type CreditSource =
  | { kind: 'signup' }
  | { kind: 'partner_bonus'; partner: string }
  | { kind: 'pack_purchase'; checkoutSessionId: string; packageId: string | null; amountCents: number }
  | { kind: 'subscription_period'; invoiceId: string; subscriptionId: string; amountCents: number }
  | { kind: 'admin_adjustment'; adminUserId: string; note: string };

/** Failure reasons are snake_case keys, shown title-cased in the UI. */
export type LookupFailureReason =
  | 'invalid_zip_format'
  | 'zip_not_found'
  | 'insufficient_credits'
  | 'portal_not_configured'
  | 'crm_update_failed'
  | 'crm_auth_failed'
  | 'crm_record_not_found'
  /** "Fill only empty fields" is on and the record already had every mapped value: nothing written. */
  | 'already_filled';

export type LookupRef = {
  lookupId: string;
  portalId: string;
  objectType: 'contact' | 'company';
  objectId: string;
  zip: string;
  /** ISO time the lookup request reached us. */
  requestedAt: string;
};

export type CreditsEvent =
  | DomainEvent<'CreditsAdded', { credits: number; source: CreditSource; balanceAfter: number; at: string }>
  | DomainEvent<'LookupCharged', LookupRef & { credits: 1; balanceAfter: number; at: string }>
  | DomainEvent<
      'LookupSucceeded',
      LookupRef & { filled: Record<string, string>; balanceAfter: number; at: string }
    >
  | DomainEvent<
      'LookupFailed',
      LookupRef & {
        reason: LookupFailureReason;
        detail: string;
        refunded: boolean;
        balanceAfter: number;
        at: string;
      }
    >;

export type CreditsEventType = CreditsEvent['type'];

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
