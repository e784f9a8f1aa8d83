import type { EventData } from './types';

/**
 * Which fields of one event type are personal data, and whose key protects them. The event store
 * keeps these fields encrypted under the subject's key (crypto-shredding: Axon's crypto-shredding
 * extension, Akka's GDPR "shredding" and Cratis Chronicle's [PII] all work this way); deleting the
 * key leaves the event, its amounts and its order in the log, and the fields unreadable.
 */
export interface PersonalFields {
  /**
   * The subject (a person, a portal, a CRM record...) whose key encrypts the fields, from the stream
   * and the event's non-personal data; undefined leaves the event in plaintext.
   */
  subject(streamName: string, data: EventData): string | undefined;
  /**
   * Each personal field, and what it reads as once its key is gone. Computed from the event's
   * non-personal data only, so that every reader (a live projection, a replay) gets the same value.
   */
  fields: Readonly<Record<string, (data: EventData) => unknown>>;
}

/** The personal fields of every event type that has any, by event type. */
export type PersonalDataCatalogue = Readonly<Record<string, PersonalFields>>;

/** A person's key: protects what one account recorded about itself. */
export const userSubject = (userId: string) => `user:${userId}`;

/** A portal's key: protects what its CRM sent before anyone knew which account it belonged to. */
export const portalSubject = (portalId: string) => `portal:${portalId}`;
