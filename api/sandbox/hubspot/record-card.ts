import { randomUUID } from 'node:crypto';
import type { Express, Request, Response } from 'express';
import { signatureV3Headers } from '../../portals/signature';
import type { ActionAnswerOf, RecordCardAnswer } from './record-card-view';
import { cardView } from './record-card-view';
import { esc, page } from './html';
import { passHolder } from './pass';
import type { SandboxPageDeps } from './page-deps';
import { isObjectType, type SandboxObjectType } from './records';
import { recordCardPath } from '../../record-card/routes';

export interface SandboxRecordCardDeps extends SandboxPageDeps {
  /** The app's client secret: HubSpot signs the card's hubspot.fetch calls with it. */
  clientSecret: string;
  appId: string;
  /** PUBLIC_URL: the card calls ZipFill there, as the rendered app card does. */
  publicUrl: string;
}

const BASE = '/sandbox/hubspot';

/** The sandbox's HubSpot user viewing a record (HubSpot adds its id and e-mail to each card call). */
const SANDBOX_USER = { id: '1', email: 'you@sandbox.example.com' };

/** The "ZipFill card" link of a record row. */
export const recordCardLink = (portalId: string, type: SandboxObjectType, id: string) =>
  `<a href="${BASE}/card?${esc(new URLSearchParams({ portalId, type, id }).toString())}">ZipFill card</a>`;

const text = (source: Record<string, unknown> | undefined, name: string) => {
  const v = source?.[name];
  return typeof v === 'string' ? v.trim().slice(0, 200) : '';
};

interface Target {
  portalId: string;
  type: SandboxObjectType;
  id: string;
}

function targetOf(source: Record<string, unknown> | undefined): Target | undefined {
  const type = text(source, 'type');
  return isObjectType(type)
    ? { portalId: text(source, 'portalId'), type, id: text(source, 'id') }
    : undefined;
}

/**
 * HubSpot's side of the ZipFill app card: the record with the card beside it. The card's calls
 * are what hubspot.fetch sends: the portal and user added to the query, signed with v3 and the
 * app's client secret, to PUBLIC_URL; the page renders ZipFill's answer, and Fill now and Choose
 * post through it as the card's buttons do.
 */
/** The card's buttons, as the page's form names them, and the path each posts to below the card. */
const CARD_ACTIONS: Record<string, CardAction | undefined> = {
  fill: '/fill',
  choose: '/choose',
  undo: '/undo',
};
type CardAction = '/fill' | '/choose' | '/undo';

export function sandboxRecordCardRoutes(app: Express, deps: SandboxRecordCardDeps) {
  const { store } = deps;

  /** Calls the card endpoint as hubspot.fetch does; the answer's status and JSON. */
  async function hubspotFetch(
    target: Target,
    action: '' | CardAction,
    body?: Record<string, unknown>,
  ): Promise<{ status: number; json: unknown }> {
    const query = new URLSearchParams({
      portalId: target.portalId,
      userId: SANDBOX_USER.id,
      userEmail: SANDBOX_USER.email,
      appId: deps.appId,
    });
    const uri = `${deps.publicUrl}${recordCardPath(target.portalId, target.type, target.id)}${action}?${query}`;
    const method = action === '' ? 'GET' : 'POST';
    const payload = body === undefined ? '' : JSON.stringify(body);
    const response = await fetch(uri, {
      method,
      headers: {
        ...(payload ? { 'content-type': 'application/json' } : {}),
        ...signatureV3Headers(deps.clientSecret, {
          method,
          uri,
          body: payload,
          timestamp: String(Date.now()),
        }),
      },
      ...(payload ? { body: payload } : {}),
      signal: AbortSignal.timeout(20_000),
    });
    const answer = await response.text();
    let json: unknown = { error: answer.slice(0, 500) };
    try {
      json = JSON.parse(answer);
    } catch {
      // not JSON: shown as the error text
    }
    return { status: response.status, json };
  }

  /** The record in a portal the pass holder owns, or the answer that says why not. */
  async function recordOf(req: Request, res: Response, target: Target | undefined) {
    const userId = await passHolder(req, deps);
    const [record] =
      userId && target && (await store.ownPortal(target.portalId, userId))
        ? await store.records(target.portalId, target.type, [target.id])
        : [];
    if (!userId || !target || !record) {
      res
        .status(userId ? 404 : 401)
        .send(
          page(
            'Sandbox: not found',
            '<div class="card bad">Open the sandbox CRM from your ZipFill dashboard, then a record of one of your portals.</div>',
          ),
        );
      return undefined;
    }
    return record;
  }

  async function show(res: Response, target: Target, properties: Record<string, string | null>, notice = '') {
    let card: string;
    try {
      const { status, json } = await hubspotFetch(target, '');
      card =
        status === 200
          ? cardView(json as RecordCardAnswer, target)
          : `<div class="notice bad">ZipFill answered ${status}: ${esc((json as { error?: string }).error ?? '')}</div>`;
    } catch {
      card = '<div class="notice bad">ZipFill did not answer the card.</div>';
    }
    const rows = Object.entries(properties)
      .map(([name, value]) => `<tr><td>${esc(name)}</td><td>${esc(value ?? '')}</td></tr>`)
      .join('');
    const noun = target.type === 'contacts' ? 'contact' : 'company';
    res.setHeader('Cache-Control', 'no-store');
    res.send(
      page(
        `ZipFill card on ${noun} ${target.id}`,
        `<nav><a href="${BASE}/records?portalId=${esc(target.portalId)}">Back to portal ${esc(target.portalId)}</a></nav>
<h1>${noun[0]!.toUpperCase()}${noun.slice(1)} ${esc(target.id)}</h1>
<div class="grid"><div class="card"><h2>Properties</h2><table aria-label="Properties"><tbody>${rows}</tbody></table></div>
<section class="card" aria-label="ZipFill card"><h2>ZipFill</h2>${notice}${card}</section></div>`,
      ),
    );
  }

  app.get(`${BASE}/card`, async (req, res) => {
    const target = targetOf(req.query as Record<string, unknown>);
    const record = await recordOf(req, res, target);
    if (target && record) await show(res, target, record.properties);
  });

  app.post(`${BASE}/card`, async (req, res) => {
    const form = req.body as Record<string, unknown> | undefined;
    const target = targetOf(form);
    if (!(await recordOf(req, res, target)) || !target) return;
    const action = CARD_ACTIONS[text(form, 'action')] ?? '/fill';
    const body =
      action === '/fill'
        ? { fillId: randomUUID() }
        : action === '/choose'
          ? { field: text(form, 'field'), value: text(form, 'value') }
          : {};
    let notice: string;
    try {
      const { status, json } = await hubspotFetch(target, action, body);
      notice =
        status === 200
          ? `<div class="notice ok" role="status">${esc((json as ActionAnswerOf).words)}</div>`
          : `<div class="notice bad" role="alert">ZipFill answered ${status}: ${esc((json as { error?: string }).error ?? '')}</div>`;
    } catch {
      notice = '<div class="notice bad" role="alert">ZipFill did not answer.</div>';
    }
    const [after] = await store.records(target.portalId, target.type, [target.id]);
    await show(res, target, after?.properties ?? {}, notice);
  });
}
