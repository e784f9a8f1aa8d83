import type { WorkflowFailureOutcome } from '../../domain/lookups/workflow-action';

/**
 * The workflow action "Fill location from ZIP" as the code serves it. The app definition under
 * scripts/hubspot-app declares the same URL, fields and object types; a test holds them equal.
 */

/** Where HubSpot calls the action (appended to PUBLIC_URL). */
export const WORKFLOW_ACTION_PATH = '/api/hubspot/workflow-actions/fill-location';

/** The CRM objects the action can run on. */
export const WORKFLOW_ACTION_OBJECT_TYPES = ['CONTACT', 'COMPANY'] as const;

/** Inputs: the ZIP (any property or a fixed value), and whether the portal's mapped properties are written too. */
export const WORKFLOW_ACTION_INPUTS = {
  zip: 'zip',
  writeMappedProperties: 'write_mapped_properties',
} as const;

/**
 * Outputs a workflow can copy or branch on; `outcome` is "filled" or the failure reason.
 * `other_cities` and `counties` are the rest of the answer: the ZIP's other accepted city names,
 * and every county it spans with its share, the written one first.
 */
export const WORKFLOW_ACTION_OUTPUTS = [
  'city',
  'state',
  'county',
  'country',
  'timezone',
  'other_cities',
  'counties',
  'outcome',
] as const;

/**
 * Every failure outcome the action can answer (with hs_execution_state FAIL_CONTINUE): the app
 * definition declares an execution rule, with the message a workflow shows, for each of them.
 */
const FAILURE_OUTCOMES: Record<WorkflowFailureOutcome, true> = {
  invalid_zip_format: true,
  zip_not_found: true,
  insufficient_credits: true,
  portal_not_configured: true,
  crm_update_failed: true,
  crm_auth_failed: true,
  crm_record_not_found: true,
  crm_validation_failed: true,
  already_filled: true,
  backfill_cancelled: true,
  portal_not_connected: true,
  not_zip_property: true,
  superseded: true,
};
export const WORKFLOW_ACTION_FAILURE_OUTCOMES = Object.keys(FAILURE_OUTCOMES) as WorkflowFailureOutcome[];
