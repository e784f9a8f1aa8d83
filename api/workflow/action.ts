import express, { type Express } from 'express';
import { printable } from '../../domain/lookups/webhook-event';
import { executionStateOf } from '../../domain/lookups/workflow-action';
import type { HttpModule } from '../http/app';
import { badRequest, unauthorized } from '../http/errors';
import { compile, describeValidationError } from '../http/validation';
import { verifyWorkflowAction } from '../portals/signature';
import type { WorkflowActionAnswer, WorkflowActionRequest } from './contract';
import { WORKFLOW_ACTION_INPUTS, WORKFLOW_ACTION_OBJECT_TYPES, WORKFLOW_ACTION_PATH } from './definition';
import { runWorkflowAction, type WorkflowActionDeps, type WorkflowExecution } from './execution';

export const INVALID_WORKFLOW_SIGNATURE =
  'The workflow action request is not signed by HubSpot: its X-HubSpot-Signature (v2) or X-HubSpot-Signature-v3 is missing or wrong, or its v3 timestamp is more than five minutes old.';

export interface WorkflowActionModuleDeps extends WorkflowActionDeps {
  /** The service's public URL (PUBLIC_URL); the signed URI is rebuilt from it, never from Host. */
  publicUrl: string;
  /** The HubSpot app's client secret (or the sandbox CRM's). */
  secret: () => Promise<string>;
}

/** HubSpot's portal and record ids are whole numbers, sent as numbers or as their digits. */
const id = {
  anyOf: [
    { type: 'string', pattern: '^[0-9]{1,20}$' },
    { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
  ],
};

/** What an execution request must hold; HubSpot may send more, which is left alone. */
const validRequest = compile<WorkflowActionRequest>({
  type: 'object',
  required: ['callbackId', 'origin', 'object', 'inputFields'],
  properties: {
    callbackId: { type: 'string', minLength: 1, maxLength: 200 },
    origin: { type: 'object', required: ['portalId'], properties: { portalId: id } },
    object: {
      type: 'object',
      required: ['objectId', 'objectType'],
      properties: {
        objectId: id,
        objectType: { type: 'string', enum: [...WORKFLOW_ACTION_OBJECT_TYPES] },
      },
    },
    inputFields: { type: 'object' },
  },
});

/** A checkbox input arrives as a boolean or as HubSpot's text "true". */
const isOn = (value: unknown) =>
  value === true || (typeof value === 'string' && value.toLowerCase() === 'true');

function executionOf(body: Buffer, requestId: string | undefined): WorkflowExecution {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest('The workflow action request body is not JSON.');
  }
  if (!validRequest(parsed))
    throw badRequest(describeValidationError(validRequest.errors?.[0], 'workflow action request'));
  const zip = parsed.inputFields[WORKFLOW_ACTION_INPUTS.zip];
  if (zip !== undefined && zip !== null && typeof zip !== 'string' && typeof zip !== 'number')
    throw badRequest(`inputFields.${WORKFLOW_ACTION_INPUTS.zip} must be text.`);
  return {
    callbackId: printable(parsed.callbackId, 200),
    portalId: printable(String(parsed.origin.portalId), 100),
    objectType: parsed.object.objectType === 'COMPANY' ? 'company' : 'contact',
    objectId: printable(String(parsed.object.objectId), 100),
    // A record without a value in the chosen property sends none: that is no ZIP, not a bad request.
    zip: printable(String(zip ?? ''), 100),
    writeMappedProperties: isOn(parsed.inputFields[WORKFLOW_ACTION_INPUTS.writeMappedProperties]),
    requestId,
  };
}

/**
 * The custom workflow action "Fill location from ZIP": HubSpot posts one execution, signed; the
 * answer carries the outputs synchronously (a 200 with outputFields completes the action). Every
 * failure is an `outcome` answered 200, insufficient_credits and portal_not_connected included,
 * so the workflow can branch on it and HubSpot never retries it; only a request that is not
 * HubSpot's (401) or not an execution (400) is refused.
 */
export function workflowActionModule(deps: WorkflowActionModuleDeps): HttpModule {
  return {
    raw(app: Express) {
      app.post(WORKFLOW_ACTION_PATH, express.raw({ type: () => true, limit: '100kb' }), async (req, res) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const verdict = verifyWorkflowAction(
          await deps.secret(),
          {
            method: req.method,
            uri: `${deps.publicUrl}${req.originalUrl}`,
            body,
            signatures: {
              v3: req.header('x-hubspot-signature-v3') || undefined,
              timestamp: req.header('x-hubspot-request-timestamp'),
              legacy: req.header('x-hubspot-signature') || undefined,
              version: req.header('x-hubspot-signature-version'),
            },
          },
          deps.now().getTime(),
        );
        if (!verdict.ok) throw unauthorized(INVALID_WORKFLOW_SIGNATURE);
        const outputs = await runWorkflowAction(deps, executionOf(body, req.requestId));
        const answer: WorkflowActionAnswer = {
          outputFields: { ...outputs, hs_execution_state: executionStateOf(outputs.outcome) },
        };
        res.status(200).json(answer);
      });
    },
    routes() {},
  };
}
