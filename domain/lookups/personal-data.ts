import { portalSubject, userSubject, type PersonalDataCatalogue } from '../eventstore/personal-data';
import type { EventData } from '../eventstore/types';

/** What an erased ZIP reads as: not a code, so nothing can be looked up or shown from it. */
export const ERASED_ZIP = '';

const CREDITS_PREFIX = 'credits-';

/** A lookup's outcome is on the paying user's credits stream: their key protects its ZIP and values. */
const payerSubject = (stream: string) =>
  stream.startsWith(CREDITS_PREFIX) ? userSubject(stream.slice(CREDITS_PREFIX.length)) : undefined;

const zip = () => ERASED_ZIP;

/**
 * The ZIP a CRM record holds and the place names filled from it tell where a person lives. A
 * request arrives before anyone knows whose portal it is, so the portal's key protects it; its
 * outcome is recorded on the payer's credits stream, under their key.
 */
export const lookupPersonalData: PersonalDataCatalogue = {
  LookupRequested: {
    subject: (_stream, data: EventData) => portalSubject(String(data.portalId)),
    fields: { zip },
  },
  LookupCharged: { subject: payerSubject, fields: { zip } },
  LookupSucceeded: { subject: payerSubject, fields: { zip, filled: () => ({}), before: () => ({}) } },
  LookupFailed: { subject: payerSubject, fields: { zip, detail: () => '' } },
};
