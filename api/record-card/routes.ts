import express, { type Express, type Request, type Response } from 'express';
import type { HttpModule } from '../http/app';
import { badRequest, notFound } from '../http/errors';
import { compile, describeValidationError } from '../http/validation';
import { choose, fillNow, undo, type CardActionDeps } from './actions';
import { connectedPortal, readCardRecord, recordCard } from './card';
import type { CardObjectType, ChooseRequest, FillNowRequest } from './contract';
import { verifiedCaller } from './signed';

/** Every card endpoint lies below this (the app's permittedUrls.fetch declares it). */
export const RECORD_CARDS_PREFIX = '/api/hubspot/records/';

/** The card's data for one record; Fill now and Choose are below it. */
export const RECORD_CARD_PATH = '/api/hubspot/records/:portalId/:objectType/:objectId/card';

/** The card's URL for a record, under the service's public URL when one is given. */
export const recordCardPath = (portalId: string, objectType: CardObjectType, objectId: string) =>
  `/api/hubspot/records/${encodeURIComponent(portalId)}/${objectType}/${encodeURIComponent(objectId)}/card`;

export interface RecordCardModuleDeps extends CardActionDeps {
  /** The app's client secret (or the sandbox CRM's): HubSpot signs the card's calls with it. */
  secret: () => Promise<string>;
}

const validFill = compile<FillNowRequest>({
  type: 'object',
  additionalProperties: false,
  required: ['fillId'],
  properties: { fillId: { type: 'string', pattern: '^[A-Za-z0-9-]{8,64}$' } },
});

const validChoose = compile<ChooseRequest>({
  type: 'object',
  additionalProperties: false,
  required: ['field', 'value'],
  properties: {
    field: { type: 'string', enum: ['city', 'county'] },
    value: { type: 'string', minLength: 1, maxLength: 200 },
  },
});

function bodyOf<T>(body: Buffer, valid: ReturnType<typeof compile<T>>, what: string): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest(`The ${what} body is not JSON.`);
  }
  if (!valid(parsed)) throw badRequest(describeValidationError(valid.errors?.[0], what));
  return parsed;
}

const ID = /^[0-9]{1,20}$/;

/**
 * The ZipFill card's endpoints, called by the app card with hubspot.fetch and by the sandbox
 * CRM's card: each request's HubSpot signature is checked before anything else (401), then that
 * it speaks for the portal it names, connected to a ZipFill account (403), and that the record is
 * that portal's (404). Raw routes, so the signature is checked over the body's exact bytes.
 */
export function recordCardModule(deps: RecordCardModuleDeps): HttpModule {
  /** The signed caller's record, as HubSpot holds it now. */
  const recordOf = async (req: Request, body: Buffer) => {
    const { portalId, objectType, objectId } = req.params as Record<string, string>;
    verifiedCaller(req, body, {
      publicUrl: deps.publicUrl,
      secret: await deps.secret(),
      nowMs: deps.now().getTime(),
      portalId: portalId ?? '',
    });
    if ((objectType !== 'contacts' && objectType !== 'companies') || !ID.test(objectId ?? ''))
      throw notFound(
        'A card sits on a contact or a company: /records/{portalId}/contacts|companies/{id}/card.',
      );
    const route = await connectedPortal(deps, portalId!);
    return readCardRecord(deps, route, objectType, objectId!);
  };
  const raw = express.raw({ type: () => true, limit: '10kb' });
  const bytes = (req: Request) => (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
  const answer = (res: Response, body: unknown) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  };

  return {
    raw(app: Express) {
      app.get(RECORD_CARD_PATH, raw, async (req, res) => {
        answer(res, await recordCard(deps, await recordOf(req, bytes(req))));
      });
      app.post(`${RECORD_CARD_PATH}/fill`, raw, async (req, res) => {
        const record = await recordOf(req, bytes(req));
        const { fillId } = bodyOf(bytes(req), validFill, 'Fill now request');
        answer(res, await fillNow(deps, record, fillId, req.requestId));
      });
      app.post(`${RECORD_CARD_PATH}/undo`, raw, async (req, res) => {
        answer(res, await undo(deps, await recordOf(req, bytes(req))));
      });
      app.post(`${RECORD_CARD_PATH}/choose`, raw, async (req, res) => {
        const record = await recordOf(req, bytes(req));
        answer(res, await choose(deps, record, bodyOf(bytes(req), validChoose, 'Choose request')));
      });
    },
    routes() {},
  };
}
