import type { DomainEvent } from '../decider';

/**
 * A CRM record deleted for privacy in HubSpot (a GDPR delete of a contact). HubSpot sends only
 * the record's id; what ZipFill holds about it beyond what billing needs is forgotten: its ZIP and
 * the values filled from it in every read model and request log line. The credit ledger keeps
 * amounts, dates and the lookup's opaque id.
 */
export type PrivacyEvent = DomainEvent<
  'ContactPrivacyDeleted',
  { portalId: string; objectType: 'contact'; objectId: string; eventId: string; at: string }
>;

export type ContactPrivacyDeletedData = PrivacyEvent['data'];

/** One stream per deleted record: a redelivered deletion webhook appends nothing. */
export const privacyDeletionStream = (portalId: string, objectId: string) =>
  `privacy-deletion-${portalId}-contact-${objectId}`;

/** The record a lookup was about, as deletions name it. */
export interface RecordRef {
  portalId: string;
  objectType: string;
  objectId: string;
}

/** Whether a record is among those deleted for privacy; the key a set of deletions is kept by. */
export const recordKey = (r: RecordRef) => `${r.portalId}:${r.objectType}:${r.objectId}`;
