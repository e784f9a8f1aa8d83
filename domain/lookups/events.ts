import type { DomainEvent } from '../decider';
import type { CrmObjectTypeName } from './webhook-event';

/** One lookup per CRM webhook event; its id names the portal and HubSpot's event id. */
export const lookupIdOf = (portalId: string, eventId: string) => `${portalId}-${eventId}`;

/** The stream that records a lookup request and, when it is not the user's business, that it was ignored. */
export const lookupStream = (lookupId: string) => `lookup-${lookupId}`;

/** Why a request never became a lookup: nobody to charge, or not a ZIP the user entered. */
export type LookupIgnoredReason = 'portal_not_connected' | 'not_zip_property' | 'superseded';

export interface LookupRequestedData extends Record<string, unknown> {
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

export type LookupRequestEvent =
  | DomainEvent<'LookupRequested', LookupRequestedData>
  | DomainEvent<
      'LookupIgnored',
      { lookupId: string; portalId: string; reason: LookupIgnoredReason; detail: string; at: string }
    >;

/** The stream a lookup processor writes to when it starts, to know when the queue has caught up with its predecessor. */
export const LOOKUP_PROCESSOR_STREAM = 'lookup-processor';

export type LookupProcessorEvent = DomainEvent<'LookupProcessorStarted', { marker: string; at: string }>;
