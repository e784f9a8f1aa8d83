import { portalSubject, userSubject, type PersonalDataCatalogue } from '../eventstore/personal-data';
import type { EventData } from '../eventstore/types';
import { workflowOutputs, type WorkflowOutputs, type WorkflowSettlement } from './workflow-action';

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
 * outcome is recorded on the payer's credits stream, under their key. A workflow execution's
 * kept answer (on the lookup's stream, as the request is) holds the ZIP, the place it resolved to
 * and the values written and replaced: the portal's key protects it too.
 */
export const lookupPersonalData: PersonalDataCatalogue = {
  LookupRequested: {
    subject: (_stream, data: EventData) => portalSubject(String(data.portalId)),
    fields: { zip },
  },
  LookupCharged: { subject: payerSubject, fields: { zip } },
  LookupSucceeded: { subject: payerSubject, fields: { zip, filled: () => ({}), before: () => ({}) } },
  LookupFailed: { subject: payerSubject, fields: { zip, detail: () => '' } },
  WorkflowActionAnswered: {
    subject: (_stream, data: EventData) => portalSubject(String(data.portalId)),
    fields: { zip, outputs: () => ERASED_OUTPUTS, settlement: () => ERASED_SETTLEMENT },
  },
};

/**
 * A workflow execution's kept answer once its portal's key is gone: no place, and the outcome a
 * portal nobody has connected gets (the account that had it was erased with it).
 */
const ERASED_OUTPUTS: WorkflowOutputs = workflowOutputs(null, 'portal_not_connected');

/** A retry of an erased execution records nothing: nobody pays for it any more. */
const ERASED_SETTLEMENT: WorkflowSettlement = { kind: 'none' };
