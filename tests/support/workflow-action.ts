import { workflowActionSignatureHeaders } from '../../api/portals/signature';
import type { WorkflowActionRequest } from '../../api/workflow/contract';
import { WORKFLOW_ACTION_PATH } from '../../api/workflow/definition';
import { TEST_PUBLIC_URL, TEST_WEBHOOK_SECRET } from './hubspot-webhook';

let nextCallback = Date.now();

/** One execution of the action on a record, as HubSpot's custom action guide shows the body. */
export function execution(
  portalId: string,
  objectId: string | number,
  inputFields: Record<string, unknown>,
  overrides: Partial<WorkflowActionRequest> = {},
): WorkflowActionRequest {
  return {
    callbackId: `ap-${portalId}-${nextCallback++}-11-0`,
    origin: { portalId: Number(portalId), actionDefinitionId: 10860211, actionDefinitionVersion: 1 },
    context: { source: 'WORKFLOWS', workflowId: 192814114 },
    object: { objectId: Number(objectId), objectType: 'CONTACT' },
    inputFields,
    ...overrides,
  };
}

/** Posts an execution as HubSpot does: signed with v2 and v3 over the public URL. */
export async function runAction(
  baseUrl: string,
  body: WorkflowActionRequest | Record<string, unknown>,
  options: {
    secret?: string;
    timestamp?: number;
    tamper?: (body: string) => string;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: unknown }> {
  const text = JSON.stringify(body);
  const signed = workflowActionSignatureHeaders(options.secret ?? TEST_WEBHOOK_SECRET, {
    method: 'POST',
    uri: `${TEST_PUBLIC_URL}${WORKFLOW_ACTION_PATH}`,
    body: text,
    timestamp: String(options.timestamp ?? Date.now()),
  });
  const response = await fetch(`${baseUrl}${WORKFLOW_ACTION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signed, ...options.headers },
    body: options.tamper ? options.tamper(text) : text,
  });
  const answer = await response.text();
  return { status: response.status, body: answer ? (JSON.parse(answer) as unknown) : undefined };
}
