/*
 * The workflow action "Fill location from ZIP" as it travels: what HubSpot posts to
 * WORKFLOW_ACTION_PATH and what ZipFill answers. The sandbox CRM posts and reads the same.
 *
 *   POST /api/hubspot/workflow-actions/fill-location   WorkflowActionRequest -> 200 WorkflowActionAnswer
 *        401 when the signature is missing, wrong or (v3) older than five minutes;
 *        400 when the body is not an execution request.
 */
import type { WorkflowExecutionState, WorkflowOutputs } from '../../domain/lookups/workflow-action';

/**
 * One execution, as HubSpot's custom action guide shows it
 * (https://developers.hubspot.com/docs/api-reference/automation-actions-v4-v4/custom-action-guide):
 * the callbackId names the execution and stays the same on its retries.
 */
export interface WorkflowActionRequest {
  callbackId: string;
  origin: { portalId: number | string; actionDefinitionId?: number; actionDefinitionVersion?: number };
  context?: { source?: string; workflowId?: number };
  object: { objectId: number | string; objectType: string };
  /** The values the workflow's author chose: `zip` and `write_mapped_properties`. */
  inputFields: Record<string, unknown>;
}

/**
 * A synchronous answer: the outputs a workflow can copy or branch on. Failures are outcomes
 * (`outcome` names the reason), answered 200 so HubSpot does not retry them, with
 * `hs_execution_state` FAIL_CONTINUE so the workflow shows the execution rule's message for it.
 */
export interface WorkflowActionAnswer {
  outputFields: WorkflowOutputs & { hs_execution_state: WorkflowExecutionState };
}
