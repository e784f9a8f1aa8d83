import { v5 as uuidv5 } from 'uuid';

/** Namespace of lookup event ids; fixed forever, or redelivered webhooks stop being recognised. */
const LOOKUP_EVENT_NAMESPACE = '3b0e9a4c-7d21-5f6e-8c3a-2f1d0e9b8a71';

/** The id of a lookup's LookupRequested: the same for every delivery of the same webhook event. */
export const requestedEventId = (lookupId: string) => uuidv5(`requested:${lookupId}`, LOOKUP_EVENT_NAMESPACE);

/** The id of a lookup's LookupIgnored: recorded once however often the request is processed. */
export const ignoredEventId = (lookupId: string) => uuidv5(`ignored:${lookupId}`, LOOKUP_EVENT_NAMESPACE);

/**
 * Command ids on the credits stream. The charge and the outcome each get one id per lookup, so
 * the store refuses a second charge or a second outcome for the same lookup even if a lookup
 * were ever processed twice.
 */
export const chargeCommandId = (lookupId: string) => `charge:${lookupId}`;
export const outcomeCommandId = (lookupId: string) => `outcome:${lookupId}`;

/** The id of a workflow execution's answer: kept once however often HubSpot retries the execution. */
export const answeredEventId = (lookupId: string) => uuidv5(`answered:${lookupId}`, LOOKUP_EVENT_NAMESPACE);

/** The id of the undo of a lookup's change: one undo per change, so a retried append is recognised. */
export const undoneEventId = (lookupId: string) => uuidv5(`undone:${lookupId}`, LOOKUP_EVENT_NAMESPACE);
