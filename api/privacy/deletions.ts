import { v5 as uuidv5 } from 'uuid';
import { WrongExpectedVersionError, type EventStore } from '../../domain/eventstore/types';
import { privacyDeletionStream, type PrivacyEvent } from '../../domain/privacy/events';

/** Namespace of privacy deletion event ids; fixed forever, so a redelivered webhook is recognised. */
const PRIVACY_EVENT_NAMESPACE = '9d4f3b1e-2a6c-5e8d-b7f0-41c2a9e6d3b5';

/** A contact HubSpot deleted for privacy, as its webhook event names it. */
export interface PrivacyDeletion {
  portalId: string;
  objectId: string;
  eventId: string;
}

/**
 * Records each deletion on the record's own stream (one deletion per record: a redelivery, or a
 * second event for the same contact, appends nothing). Answers how many were new. The read
 * models forget the contact as they apply the event; the request logs when the privacy reactor
 * does (api/privacy/reactor.ts).
 */
export async function recordPrivacyDeletions(
  store: EventStore,
  deletions: readonly PrivacyDeletion[],
  at: string,
  requestId: string | undefined,
): Promise<number> {
  if (deletions.length === 0) return 0;
  const outcomes = await store.appendEach(
    deletions.map((d) => {
      const stream = privacyDeletionStream(d.portalId, d.objectId);
      const event: PrivacyEvent = {
        type: 'ContactPrivacyDeleted',
        data: { portalId: d.portalId, objectType: 'contact', objectId: d.objectId, eventId: d.eventId, at },
      };
      return {
        stream,
        events: [
          {
            id: uuidv5(stream, PRIVACY_EVENT_NAMESPACE),
            ...event,
            metadata: requestId ? { requestId } : {},
          },
        ],
        expected: 'no_stream' as const,
      };
    }),
  );
  let recorded = 0;
  for (const outcome of outcomes) {
    if (outcome.ok) recorded += outcome.result.idempotent ? 0 : 1;
    else if (!(outcome.error instanceof WrongExpectedVersionError)) throw outcome.error;
  }
  return recorded;
}
