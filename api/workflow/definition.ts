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

/** Outputs a workflow can copy or branch on; `outcome` is "filled" or the failure reason. */
export const WORKFLOW_ACTION_OUTPUTS = ['city', 'state', 'county', 'country', 'timezone', 'outcome'] as const;
