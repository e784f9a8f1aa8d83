import type { DomainEvent } from '../decider';
import type { CrmObjectTypeName } from './webhook-event';

/** One lookup per CRM webhook event; its id names the portal and HubSpot's event id. */
export const lookupIdOf = (portalId: string, eventId: string) => `${portalId}-${eventId}`;

/** The stream that records a lookup request and, when it is not the user's business, that it was ignored. */
export const lookupStream = (lookupId: string) => `lookup-${lookupId}`;

/** Why a request never became a lookup: nobody to charge, or not a ZIP the user entered. */
export type LookupIgnoredReason = 'portal_not_connected' | 'not_zip_property' | 'superseded';

/** What a webhook event asks for: which CRM record's ZIP to look up, and when it was asked. */
export interface LookupRequest {
  lookupId: string;
  portalId: string;
  objectType: CrmObjectTypeName;
  objectId: string;
  propertyName: string;
  /** The value as typed into the CRM; parsed only when the lookup is processed. */
  zip: string;
  /** HubSpot's event id and when the change happened there (ms since the epoch). */
  eventId: string;
  occurredAt: number;
  /** ISO time the webhook reached us. */
  requestedAt: string;
}

export interface LookupRequestedData extends LookupRequest, Record<string, unknown> {}

export type LookupRequestEvent =
  | DomainEvent<'LookupRequested', LookupRequestedData>
  | DomainEvent<
      'LookupIgnored',
      { lookupId: string; portalId: string; reason: LookupIgnoredReason; detail: string; at: string }
    >;

/** Failure reasons are snake_case keys, shown title-cased in the UI. */
export type LookupFailureReason =
  | 'invalid_zip_format'
  | 'zip_not_found'
  | 'insufficient_credits'
  | 'portal_not_configured'
  | 'crm_update_failed'
  | 'crm_auth_failed'
  | 'crm_record_not_found'
  /** HubSpot refused a value (a property validation rule): the detail says which and why; not charged. */
  | 'crm_validation_failed'
  /**
   * Not a failure: nothing to update (NOTHING_TO_UPDATE). Recorded as a LookupFailed, free, since
   * before there were three outcomes; every count reads it with lookupOutcomeOf.
   */
  | 'already_filled'
  /** A backfill job was cancelled after charging the record and before writing it: refunded. */
  | 'backfill_cancelled';

/**
 * How a lookup ends: filled (charged), nothing to update (every mapped field already holds what
 * the ZIP gives, or a person's value: free, and not a failure), or failed (free, with a reason).
 */
export type LookupOutcome = 'filled' | 'nothing_to_update' | 'failed';

/**
 * "Nothing to update" is recorded as a LookupFailed with this reason: the key it had while it was
 * counted as a failure, so the lookups recorded then read as what they were.
 */
export const NOTHING_TO_UPDATE = 'already_filled' satisfies LookupFailureReason;

/** Whether a recorded LookupFailed's reason means "nothing to update" rather than a failure. */
export const isNothingToUpdate = (reason: string | null | undefined): boolean => reason === NOTHING_TO_UPDATE;

/** The outcome a recorded LookupSucceeded or LookupFailed stands for. */
export const lookupOutcomeOf = (
  event: { type: 'LookupSucceeded' } | { type: 'LookupFailed'; data: { reason: string } },
): LookupOutcome =>
  event.type === 'LookupSucceeded'
    ? 'filled'
    : isNothingToUpdate(event.data.reason)
      ? 'nothing_to_update'
      : 'failed';

/**
 * Counts by failure reason as recorded (where "nothing to update" sits among the failures),
 * split into the failures and, apart from them, the lookups that had nothing to update.
 */
export function nothingToUpdateApart<R extends string>(
  byReason: Partial<Record<R, number>>,
): { failuresByReason: Partial<Record<R, number>>; nothingToUpdate: number } {
  const failuresByReason: Partial<Record<R, number>> = {};
  let nothingToUpdate = 0;
  for (const [reason, count] of Object.entries(byReason) as [R, number | undefined][])
    if (isNothingToUpdate(reason)) nothingToUpdate += count ?? 0;
    else failuresByReason[reason] = count;
  return { failuresByReason, nothingToUpdate };
}

/** Where a lookup came from: a ZIP change the webhook reported, a workflow action, or a backfill job. */
export type LookupSource = 'webhook' | 'workflow' | 'backfill';

export const LOOKUP_SOURCES: readonly LookupSource[] = ['webhook', 'workflow', 'backfill'];

export type LookupRef = {
  lookupId: string;
  /** Absent from lookups recorded before there was more than one source: read it with lookupSourceOf. */
  source?: LookupSource;
  portalId: string;
  objectType: 'contact' | 'company';
  objectId: string;
  zip: string;
  /** ISO time the lookup request reached us. */
  requestedAt: string;
  /**
   * The version of the ZIP table that resolved the code (GET /api/zip-data tells its sources'
   * dates); absent from lookups recorded before the table had a version.
   */
  zipDataVersion?: string;
};

/**
 * A lookup's charge and outcome. They are recorded on the credits stream of the user who pays
 * (see domain/credits), since each one sets the balance; the type strings are the stored ones.
 */
export type LookupOutcomeEvent =
  | DomainEvent<'LookupCharged', LookupRef & { credits: number; balanceAfter: number; at: string }>
  | DomainEvent<
      'LookupSucceeded',
      LookupRef & {
        filled: Record<string, string>;
        /**
         * What each property written held before this lookup wrote it ('' when empty), by HubSpot
         * property name: what an undo restores. Absent from lookups recorded before changes kept it
         * (unknown, so not undone); a property of `filled` missing here held a value that is not
         * known either (a resumed lookup's write that had landed before its run stopped).
         */
        before?: Record<string, string>;
        balanceAfter: number;
        at: string;
      }
    >
  | DomainEvent<
      'LookupFailed',
      LookupRef & {
        reason: LookupFailureReason;
        detail: string;
        refunded: boolean;
        /** Credits given back (0 unless refunded); absent from failures recorded before: read it with creditsRefunded. */
        refundedCredits?: number;
        balanceAfter: number;
        at: string;
      }
    >;

/** Every lookup came from the webhook until workflow actions and backfill jobs were added. */
export const lookupSourceOf = (ref: Pick<LookupRef, 'source'>): LookupSource => ref.source ?? 'webhook';

export type LookupFailedData = Extract<LookupOutcomeEvent, { type: 'LookupFailed' }>['data'];

/** Every lookup cost one credit when failures began to record how many credits they gave back. */
const REFUND_BEFORE_AMOUNTS_WERE_RECORDED = 1;

/** The credits a failure gave back, also for failures recorded before the amount was. */
export const creditsRefunded = (failure: LookupFailedData): number =>
  failure.refunded ? (failure.refundedCredits ?? REFUND_BEFORE_AMOUNTS_WERE_RECORDED) : 0;

/** The stream a lookup processor writes to when it starts, to know when the queue has caught up with its predecessor. */
export const LOOKUP_PROCESSOR_STREAM = 'lookup-processor';

export type LookupProcessorEvent = DomainEvent<'LookupProcessorStarted', { marker: string; at: string }>;
