import type { Express, Request, Response } from 'express';
import { flagsOf, type SandboxProperty } from './default-properties';
import { refusalBody, SANDBOX_RATE_LIMITS } from './rate-limits';
import { sandboxSearchRoutes } from './search';
import {
  isObjectType,
  tokenHash,
  type Properties,
  type SandboxCrmStore,
  type SandboxObjectType,
} from './store';

export interface SandboxApiDeps {
  store: SandboxCrmStore;
  clientId: string;
  clientSecret: string;
  appId: string;
}

const BASE = '/sandbox/hubspot';

const OBJECT_TYPE_IDS = new Map<string, SandboxObjectType>([
  ['0-1', 'contacts'],
  ['0-2', 'companies'],
]);

function hubspotError(res: Response, status: number, category: string, message: string, extra = {}) {
  res
    .status(status)
    .json({ status: 'error', category, message, correlationId: crypto.randomUUID(), ...extra });
}

function asHubSpotProperty(p: SandboxProperty) {
  const { calculated, hasUniqueValue, readOnlyValue, hidden } = flagsOf(p);
  return {
    name: p.name,
    label: p.label,
    type: p.type,
    fieldType: p.fieldType,
    calculated,
    hasUniqueValue,
    hidden,
    formField: !hidden,
    options: p.options ?? [],
    modificationMetadata: { archivable: true, readOnlyDefinition: true, readOnlyValue },
  };
}

/** The HubSpot API the sandbox CRM speaks: OAuth tokens, properties, search, batch read and update, one record. */
export function sandboxApiRoutes(app: Express, deps: SandboxApiDeps) {
  const { store } = deps;

  const bearer = (req: Request) => /^Bearer (\S+)$/.exec(req.header('authorization') ?? '')?.[1];
  const tokenPortal = async (req: Request, res: Response) => {
    const token = bearer(req);
    const portalId = token ? await store.portalOf(token, 'access') : undefined;
    if (!portalId)
      hubspotError(res, 401, 'INVALID_AUTHENTICATION', 'Authentication credentials not found or expired.');
    return portalId && token ? { portalId, token } : undefined;
  };
  /** The portal of an API call, once it is within the portal's rate limits (else answered 429). */
  const portalOfRequest = async (req: Request, res: Response, search = false) => {
    const caller = await tokenPortal(req, res);
    if (!caller) return undefined;
    const refusal = await store.rateLimits.admit(caller.portalId, tokenHash(caller.token), search);
    if (!refusal) return caller.portalId;
    res.status(429).set('retry-after', String(refusal.retryAfterSeconds)).json(refusalBody(refusal));
    return undefined;
  };
  const objectTypeOf = (req: Request, res: Response) => {
    const type = String(req.params.objectType);
    if (isObjectType(type)) return type;
    hubspotError(res, 400, 'VALIDATION_ERROR', `Unable to infer object type from: ${type}`);
    return undefined;
  };
  sandboxSearchRoutes(app, BASE, { store, portalOfRequest, objectTypeOf, hubspotError });

  // Not HubSpot's: what the portal's API received, for tests and benchmarks; not counted itself.
  app.get(`${BASE}/api-usage`, async (req, res) => {
    const caller = await tokenPortal(req, res);
    if (!caller) return;
    res.json({
      portalId: caller.portalId,
      limits: SANDBOX_RATE_LIMITS,
      ...(await store.rateLimits.usage(caller.portalId)),
    });
  });

  app.post(`${BASE}/oauth/v1/token`, async (req, res) => {
    const form = (req.body ?? {}) as Record<string, string | undefined>;
    if (form.client_id !== deps.clientId || form.client_secret !== deps.clientSecret) {
      return hubspotError(res, 400, 'BAD_CLIENT_ID', 'missing or unknown client id or secret');
    }
    if (form.grant_type === 'authorization_code') {
      const portalId = form.code ? await store.redeemCode(form.code) : undefined;
      if (!portalId) return hubspotError(res, 400, 'BAD_AUTH_CODE', 'missing or unknown auth code');
      return res.json(await store.issueTokens(portalId));
    }
    if (form.grant_type === 'refresh_token') {
      const portalId = form.refresh_token ? await store.portalOf(form.refresh_token, 'refresh') : undefined;
      // HubSpot's own answer to a revoked or unknown refresh token (an uninstalled app's among them).
      if (!portalId)
        return res.status(400).json({
          status: 'BAD_REFRESH_TOKEN',
          message: 'missing or invalid refresh token',
          correlationId: crypto.randomUUID(),
        });
      return res.json(await store.issueTokens(portalId, form.refresh_token));
    }
    hubspotError(res, 400, 'BAD_GRANT_TYPE', 'grant_type must be authorization_code or refresh_token');
  });

  app.delete(`${BASE}/oauth/v1/refresh-tokens/:token`, async (req, res) => {
    if (!(await store.revoke(String(req.params.token))))
      return hubspotError(res, 404, 'NOT_FOUND', 'The refresh token is not valid');
    res.status(204).end();
  });

  app.get(`${BASE}/oauth/v1/access-tokens/:token`, async (req, res) => {
    const token = String(req.params.token);
    const portalId = await store.portalOf(token, 'access');
    const portal = portalId ? await store.portal(portalId) : undefined;
    if (!portal) return hubspotError(res, 404, 'NOT_FOUND', 'The access token is not valid');
    res.json({
      token,
      user: 'sandbox-user@example.com',
      hub_domain: portal.hub_domain,
      scopes: ['oauth', 'crm.objects.contacts.read', 'crm.objects.contacts.write'],
      hub_id: Number(portal.portal_id),
      app_id: Number(deps.appId),
      expires_in: (await store.accessTokenExpiry(token)) ?? 0,
      user_id: 1,
      token_type: 'access',
    });
  });

  app.get(`${BASE}/crm/v3/properties/:objectType`, async (req, res) => {
    if (!(await portalOfRequest(req, res))) return;
    const type = objectTypeOf(req, res);
    if (!type) return;
    res.json({ results: (await store.properties(type)).map(asHubSpotProperty) });
  });

  app.get(`${BASE}/crm/v3/properties/:objectType/:propertyName`, async (req, res) => {
    if (!(await portalOfRequest(req, res))) return;
    const type = objectTypeOf(req, res);
    if (!type) return;
    const property = (await store.properties(type)).find((p) => p.name === String(req.params.propertyName));
    if (!property) return hubspotError(res, 404, 'OBJECT_NOT_FOUND', 'Unable to find property');
    res.json(asHubSpotProperty(property));
  });

  app.get(`${BASE}/crm/v3/property-validations/:objectTypeId`, async (req, res) => {
    if (!(await portalOfRequest(req, res))) return;
    const type = OBJECT_TYPE_IDS.get(String(req.params.objectTypeId));
    if (!type) return hubspotError(res, 400, 'VALIDATION_ERROR', 'Unknown object type id');
    const withRules = (await store.properties(type)).filter((p) => p.validationRule);
    res.json({
      results: withRules.map((p) => ({
        propertyName: p.name,
        propertyValidationRules: [{ ruleType: 'REGEX', ruleArguments: [p.validationRule] }],
      })),
    });
  });

  app.post(`${BASE}/crm/v3/objects/:objectType/batch/read`, async (req, res) => {
    const portalId = await portalOfRequest(req, res);
    const type = portalId && objectTypeOf(req, res);
    if (!portalId || !type) return;
    const body = req.body as { properties?: string[]; inputs?: { id: string }[] };
    const ids = (body.inputs ?? []).map((i) => String(i.id));
    const wanted = body.properties ?? [];
    const found = await store.records(portalId, type, ids);
    const results = found.map((r) => ({
      id: r.id,
      properties: Object.fromEntries(wanted.map((p) => [p, r.properties[p] ?? null])),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      archived: false,
    }));
    const missing = ids.filter((id) => !found.some((r) => r.id === id));
    res.status(missing.length ? 207 : 200).json({
      status: 'COMPLETE',
      results,
      ...(missing.length ? { numErrors: 1, errors: [notFound(type, missing)] } : {}),
    });
  });

  app.post(`${BASE}/crm/v3/objects/:objectType/batch/update`, async (req, res) => {
    const portalId = await portalOfRequest(req, res);
    const type = portalId && objectTypeOf(req, res);
    if (!portalId || !type) return;
    const inputs = ((req.body as { inputs?: unknown }).inputs ?? []) as {
      id: string;
      properties: Properties;
    }[];
    if (!Array.isArray(inputs) || inputs.length > 100)
      return hubspotError(res, 400, 'VALIDATION_ERROR', 'inputs must be an array of at most 100 records');
    const definitions = new Map((await store.properties(type)).map((p) => [p.name, p]));
    for (const input of inputs) {
      for (const [name, value] of Object.entries(input.properties ?? {})) {
        const problem = invalidValue(definitions.get(name), name, value);
        if (problem) return hubspotError(res, 400, 'VALIDATION_ERROR', problem);
      }
    }
    // Our own writes are INTEGRATION changes and, as in HubSpot for this app, send no webhook.
    const written = await store.updateRecords(
      portalId,
      type,
      inputs.map((i) => ({ id: String(i.id), properties: i.properties ?? {} })),
      'INTEGRATION',
    );
    const byId = new Map(written.map((r) => [r.id, r]));
    const results = [...byId.values()].map((r) => ({
      id: r.id,
      properties: r.properties,
      updatedAt: r.updatedAt,
      archived: false,
    }));
    const missing = inputs.map((i) => String(i.id)).filter((id) => !byId.has(id));
    res.status(missing.length ? 207 : 200).json({
      status: 'COMPLETE',
      results,
      ...(missing.length ? { numErrors: 1, errors: [notFound(type, missing)] } : {}),
    });
  });

  app.get(`${BASE}/crm/v3/objects/:objectType/:id`, async (req, res) => {
    const portalId = await portalOfRequest(req, res);
    const type = portalId && objectTypeOf(req, res);
    if (!portalId || !type) return;
    const [record] = await store.records(portalId, type, [String(req.params.id)]);
    if (!record) return hubspotError(res, 404, 'OBJECT_NOT_FOUND', 'resource not found');
    res.json({
      id: record.id,
      properties: record.properties,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      archived: false,
    });
  });
}

function notFound(type: string, ids: string[]) {
  return {
    status: 'error',
    category: 'OBJECT_NOT_FOUND',
    message: `Could not get some ${type === 'contacts' ? 'CONTACT' : 'COMPANY'} objects, they may be deleted or not exist. Check that ids are valid.`,
    context: { ids },
  };
}

function invalidValue(p: SandboxProperty | undefined, name: string, value: unknown): string | undefined {
  if (!p) return `Property "${name}" does not exist`;
  if (p.readOnlyValue) return `Property "${name}" is read-only`;
  if (value !== null && typeof value !== 'string') return `Property "${name}" must be a string`;
  if (!value) return undefined;
  if (p.type === 'enumeration' && !(p.options ?? []).some((o) => o.value === value))
    return `${value} was not one of the allowed options for property "${name}"`;
  if (p.validationRule && p.validationRule !== 'EMAIL' && !new RegExp(p.validationRule).test(value))
    return `Property "${name}" does not match its validation rule`;
  return undefined;
}
