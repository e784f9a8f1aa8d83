import type { DomainEvent } from '../decider';
import type { LookupFailureReason, LookupIgnoredReason } from './events';
import {
  locate,
  planLookup,
  type LookupPlan,
  type LookupPortal,
  type ResolveLocation,
  type ZipChange,
} from './plan';
import { countiesText, otherCitiesText, type Location } from './postal-code';
import { acceptedCities } from './write-modes';

/**
 * One lookup per workflow execution: HubSpot's callbackId names the execution and stays the same
 * on every retry of it, so a retry is the same lookup, charged once and answered alike.
 */
export const workflowLookupIdOf = (portalId: string, callbackId: string) =>
  `${portalId}-workflow-${callbackId}`;

/**
 * What the action's `outcome` output says: "filled" when the location was found (and, if asked,
 * the mapped properties were written), or why not, as a key a workflow can branch on.
 * portal_not_connected: no ZipFill account has the portal connected, so nobody can pay (the
 * other reasons a webhook's change is ignored cannot happen to an execution).
 */
export type WorkflowOutcome = 'filled' | LookupFailureReason | LookupIgnoredReason;

/** The outcomes of an execution that are failures: each is declared with its message in the action's executionRules. */
export type WorkflowFailureOutcome = Exclude<WorkflowOutcome, 'filled'>;

/**
 * HubSpot's custom-action contract: `hs_execution_state` SUCCESS completes the action, FAIL_CONTINUE
 * marks it failed and lets the workflow go on, and the execution rule whose condition matches the
 * outputs (our `outcome`) gives the user the message why
 * (https://developers.hubspot.com/docs/api-reference/latest/automation/workflow-actions/custom-action-reference,
 * "Add custom execution messages with execution rules").
 */
export type WorkflowExecutionState = 'SUCCESS' | 'FAIL_CONTINUE';

export const executionStateOf = (outcome: WorkflowOutcome): WorkflowExecutionState =>
  outcome === 'filled' ? 'SUCCESS' : 'FAIL_CONTINUE';

/** The action's outputs, by the output field names the app definition declares. */
export interface WorkflowOutputs {
  city: string;
  state: string;
  county: string;
  country: string;
  /** IANA zone name, e.g. America/Chicago. */
  timezone: string;
  /** The ZIP's other accepted city names, "; " between them (02128: East Boston). */
  other_cities: string;
  /** Every county the ZIP spans with its share, the written one first (see countiesText). */
  counties: string;
  outcome: WorkflowOutcome;
}

/**
 * The outputs of an execution: a found location's values (a value the table does not have, such
 * as a Canadian area's city, is empty), or, for anything but success, only the outcome, so no
 * location is handed out without its credit.
 */
export function workflowOutputs(location: Location | null, outcome: WorkflowOutcome): WorkflowOutputs {
  const found = outcome === 'filled' ? location : null;
  return {
    city: found?.city ?? '',
    state: found?.state ?? '',
    county: found?.county ?? '',
    country: found?.country ?? '',
    timezone: found?.timezone ?? '',
    other_cities: found ? otherCitiesText(found) : '',
    counties: found ? countiesText(found) : '',
    outcome,
  };
}

/**
 * The rules for a workflow execution's lookup. Its ZIP is the action's input (the change names
 * no property), and it is never superseded: each execution was asked for on its own. With
 * "write mapped properties" on it is planned exactly as a webhook's change, mapping and write
 * modes included; off, only the location is wanted, so the mapping does not matter: a portal
 * nobody has connected is ignored, one whose access HubSpot revoked fails as for a webhook, a bad or unknown code fails without a charge, and a found
 * one is charged with nothing to write.
 */
export function planWorkflowLookup<P extends LookupPortal>(
  change: ZipChange & { propertyName: null },
  portal: P | undefined,
  writeMappedProperties: boolean,
  resolve: ResolveLocation,
): LookupPlan<P> {
  if (writeMappedProperties || !portal || portal.accessRevoked)
    return planLookup(change, portal, true, resolve);
  const located = locate(change, portal.userId, resolve);
  if (located.kind === 'fail') return located;
  const { location } = located;
  return {
    kind: 'charge',
    userId: portal.userId,
    portal,
    writes: [],
    acceptedCities: acceptedCities(location),
    location,
  };
}

/** How an execution's outcome is recorded on the payer's credits, so a retry can finish recording it. */
export type WorkflowSettlement =
  | {
      kind: 'succeeded';
      filled: Record<string, string>;
      /** What the written properties held before; absent from answers kept before changes recorded it. */
      before?: Record<string, string>;
    }
  | { kind: 'failed'; reason: LookupFailureReason; detail: string }
  /** Nothing to record: nobody pays for the portal, or the charge itself was refused. */
  | { kind: 'none' };

/**
 * The answer given to one execution, kept on the lookup's own stream: a retry of the execution
 * (same callbackId) gets the same outputs, and finishes recording the outcome if the first
 * attempt stopped before it had.
 */
export type WorkflowActionEvent = DomainEvent<
  'WorkflowActionAnswered',
  {
    lookupId: string;
    portalId: string;
    callbackId: string;
    objectType: 'contact' | 'company';
    objectId: string;
    zip: string;
    /** When the execution reached ZipFill (ISO): the lookup's requestedAt. */
    requestedAt: string;
    /** Who pays for the portal; absent when nobody has it connected. */
    userId?: string;
    outputs: WorkflowOutputs;
    settlement: WorkflowSettlement;
    at: string;
  }
>;
