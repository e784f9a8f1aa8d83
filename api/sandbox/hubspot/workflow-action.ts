import { randomInt } from 'node:crypto';
import type { Express, Request, Response } from 'express';
import { workflowActionSignatureHeaders } from '../../portals/signature';
import type { WorkflowActionRequest } from '../../workflow/contract';
import { WORKFLOW_ACTION_INPUTS, WORKFLOW_ACTION_OUTPUTS } from '../../workflow/definition';
import { esc, page } from './html';
import { passHolder } from './pass';
import type { SandboxPageDeps } from './page-deps';
import { isObjectType, type SandboxObjectType } from './records';

export interface SandboxWorkflowActionDeps extends SandboxPageDeps {
  /** The app's client secret: HubSpot signs workflow action requests with it. */
  clientSecret: string;
  /** The action's URL as the app definition declares it: PUBLIC_URL + WORKFLOW_ACTION_PATH. */
  actionUrl: string;
}

const BASE = '/sandbox/hubspot';
const FIXED = 'fixed';

/** The "Run workflow action" link of a record row. */
export const workflowActionLink = (portalId: string, type: SandboxObjectType, id: string) =>
  `<a href="${BASE}/workflow-action?${esc(new URLSearchParams({ portalId, type, id }).toString())}">Run workflow action</a>`;

const field = (source: Record<string, unknown> | undefined, name: string) => {
  const v = source?.[name];
  return typeof v === 'string' ? v.trim().slice(0, 200) : '';
};

const HUBSPOT_OBJECT_TYPE: Record<SandboxObjectType, string> = { contacts: 'CONTACT', companies: 'COMPANY' };

/** What a run was asked for: the record, where the ZIP comes from, and the execution it is. */
interface Run {
  portalId: string;
  type: SandboxObjectType;
  id: string;
  /** `property:<name>` or `fixed`. */
  zipFrom: string;
  fixedZip: string;
  writeMapped: 'true' | 'false';
  /** Empty for a new execution; an earlier one's to retry it as HubSpot does. */
  callbackId: string;
}

function runOf(source: Record<string, unknown> | undefined): Run | undefined {
  const type = field(source, 'type');
  if (!isObjectType(type)) return undefined;
  return {
    portalId: field(source, 'portalId'),
    type,
    id: field(source, 'id'),
    zipFrom: field(source, 'zipFrom') || 'property:zip',
    fixedZip: field(source, 'fixedZip'),
    writeMapped: field(source, 'writeMapped') === 'true' ? 'true' : 'false',
    callbackId: field(source, 'callbackId'),
  };
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`;

function runForm(run: Run, properties: Record<string, string | null>, retry: boolean): string {
  const names = Object.keys(properties).filter((k) => k !== 'hs_object_id' && k !== 'createdate');
  const options = [
    ...names.map((name) => {
      const value = `property:${name}`;
      const label = `Property ${name} (${properties[name] || 'empty'})`;
      return `<option value="${esc(value)}"${run.zipFrom === value ? ' selected' : ''}>${esc(label)}</option>`;
    }),
    `<option value="${FIXED}"${run.zipFrom === FIXED ? ' selected' : ''}>A fixed value</option>`,
  ].join('');
  // Radio buttons, not a select: a select cuts its chosen option's long label at a phone's width.
  const yesNo = (value: 'true' | 'false', label: string) =>
    `<label><input type="radio" name="writeMapped" value="${value}"${run.writeMapped === value ? ' checked' : ''}>${label}</label>`;
  return `<form method="post" action="${BASE}/workflow-action">
${hidden('portalId', run.portalId)}${hidden('type', run.type)}${hidden('id', run.id)}${retry ? hidden('callbackId', run.callbackId) : ''}
<div class="grid"><div><label for="zipFrom">ZIP</label><select id="zipFrom" name="zipFrom">${options}</select></div>
<div><label for="fixedZip">Fixed value</label><input id="fixedZip" name="fixedZip" value="${esc(run.fixedZip)}"></div>
<fieldset><legend>Write mapped properties</legend>${yesNo('false', 'No: only give the values to the next actions')}${yesNo('true', 'Yes: also write the properties mapped in ZipFill')}</fieldset></div>
<button type="submit">${retry ? 'Retry this execution (same callbackId)' : 'Run workflow action'}</button></form>`;
}

/**
 * HubSpot's side of the workflow action "Fill location from ZIP": a workflow reaching the action
 * on a record. The request is what HubSpot sends (callbackId, origin, context, object,
 * inputFields) to the action's URL, signed as HubSpot signs (v2 and v3, see
 * workflowActionSignatureHeaders), and the page shows the outputFields the app answered. A
 * retry repeats the execution's callbackId, as HubSpot does when an answer is lost.
 */
export function sandboxWorkflowActionRoutes(app: Express, deps: SandboxWorkflowActionDeps) {
  const { store } = deps;

  /** The run's record in a portal the pass holder owns, or the answer that says why not. */
  const recordOf = async (req: Request, res: Response, run: Run | undefined) => {
    const userId = await passHolder(req, deps);
    if (!userId) {
      res
        .status(401)
        .send(
          page(
            'Sandbox: sign in',
            '<div class="card bad">Open the sandbox CRM from your ZipFill dashboard.</div>',
          ),
        );
      return undefined;
    }
    const [record] =
      run && (await store.ownPortal(run.portalId, userId))
        ? await store.records(run.portalId, run.type, [run.id])
        : [];
    if (!run || !record) {
      res
        .status(404)
        .send(page('Sandbox: not found', '<div class="card bad">There is no such record.</div>'));
      return undefined;
    }
    return record;
  };

  const shell = (run: Run, body: string) =>
    page(
      `Workflow action on ${run.type === 'contacts' ? 'contact' : 'company'} ${run.id}`,
      `<nav><a href="${BASE}/records?portalId=${esc(run.portalId)}">Back to portal ${esc(run.portalId)}</a></nav>
<h1>Run workflow action "Fill location from ZIP"</h1>
<p>On ${run.type === 'contacts' ? 'contact' : 'company'} ${esc(run.id)} in portal ${esc(run.portalId)}, as a HubSpot workflow would.</p>${body}`,
    );

  app.get(`${BASE}/workflow-action`, async (req, res) => {
    const run = runOf(req.query as Record<string, unknown>);
    const record = await recordOf(req, res, run);
    if (!run || !record) return;
    res.setHeader('Cache-Control', 'no-store');
    res.send(shell(run, `<div class="card">${runForm(run, record.properties, false)}</div>`));
  });

  app.post(`${BASE}/workflow-action`, async (req, res) => {
    const run = runOf(req.body as Record<string, unknown> | undefined);
    const record = await recordOf(req, res, run);
    if (!run || !record) return;
    const zip =
      run.zipFrom === FIXED ? run.fixedZip : (record.properties[run.zipFrom.replace(/^property:/, '')] ?? '');
    const execution: WorkflowActionRequest = {
      callbackId: run.callbackId || `ap-${run.portalId}-${randomInt(1, 2 ** 47)}-1-0`,
      origin: { portalId: Number(run.portalId), actionDefinitionId: 1, actionDefinitionVersion: 1 },
      context: { source: 'WORKFLOWS', workflowId: 1 },
      object: { objectId: Number(run.id), objectType: HUBSPOT_OBJECT_TYPE[run.type] },
      inputFields: {
        [WORKFLOW_ACTION_INPUTS.zip]: zip,
        [WORKFLOW_ACTION_INPUTS.writeMappedProperties]: run.writeMapped,
      },
    };
    const body = JSON.stringify(execution);
    let result: string;
    try {
      const response = await fetch(deps.actionUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...workflowActionSignatureHeaders(deps.clientSecret, {
            method: 'POST',
            uri: deps.actionUrl,
            body,
            timestamp: String(Date.now()),
          }),
        },
        body,
        signal: AbortSignal.timeout(20_000),
      });
      const text = await response.text();
      const outputs = response.ok
        ? ((JSON.parse(text) as { outputFields?: Record<string, string> }).outputFields ?? {})
        : undefined;
      result = outputs
        ? `<div class="notice ok">ZipFill answered ${response.status}.</div>
<table aria-label="Outputs"><thead><tr><th>Output</th><th>Value</th></tr></thead><tbody>${[
            ...WORKFLOW_ACTION_OUTPUTS,
            'hs_execution_state',
          ]
            .map((name) => `<tr><td>${name}</td><td>${esc(outputs[name] ?? '')}</td></tr>`)
            .join('')}</tbody></table>`
        : `<div class="notice bad">ZipFill answered ${response.status}: ${esc(text.slice(0, 500))}</div>`;
    } catch {
      result = '<div class="notice bad">ZipFill did not answer the workflow action.</div>';
    }
    const ran = { ...run, callbackId: execution.callbackId };
    res.setHeader('Cache-Control', 'no-store');
    res.send(
      shell(
        ran,
        `<div class="card"><h2>Execution ${esc(execution.callbackId)}</h2><p>ZIP input: "${esc(zip)}"</p>${result}
${runForm(ran, record.properties, true)}</div>
<div class="card"><h2>Run again</h2>${runForm({ ...run, callbackId: '' }, record.properties, false)}</div>`,
      ),
    );
  });
}
