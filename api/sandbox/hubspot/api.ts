import type { Express, Request, Response } from 'express';
import { HUBSPOT_API_VERSION, HUBSPOT_PATHS, NUMBERED_API_PATH } from '../../adapters/hubspot/api-version';
import { flagsOf, type SandboxProperty } from './default-properties';
import { sandboxOAuthRoutes } from './oauth';
import { refusalMessage, refusalsOf } from './validation-rules';
import { refusalBody, SANDBOX_RATE_LIMITS } from './rate-limits';
import { sandboxSearchRoutes } from './search';
import { isObjectType, type Properties, type SandboxObjectType } from './records';
import { tokenHash, type SandboxCrmStore } from './store';

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

/** A route parameter (the paths are built from HUBSPOT_PATHS, so Express cannot type them). */
const param = (req: Request, name: string) => String((req.params as Record<string, string>)[name] ?? '');

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

/**
 * The HubSpot API the sandbox CRM speaks, as HubSpot's of 2027 does: the date-based forms
 * (HUBSPOT_API_VERSION) of OAuth, properties, validations, search, batch read and update, one
 * record; the numbered forms are retired.
 */
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
    const type = param(req, 'objectType');
    if (isObjectType(type)) return type;
    hubspotError(res, 400, 'VALIDATION_ERROR', `Unable to infer object type from: ${type}`);
    return undefined;
  };
  // The numbered APIs (`/<api>/v<n>/…`) are unsupported from 2027: a product that still
  // calls one gets what a retired API answers (https://developers.hubspot.com/docs/api-reference/legacy/migration-guide).
  app.use((req, res, next) => {
    if (!req.path.startsWith(`${BASE}/`) || !NUMBERED_API_PATH.test(req.path.slice(BASE.length)))
      return next();
    hubspotError(
      res,
      404,
      'OBJECT_NOT_FOUND',
      `${req.method} ${req.path.slice(BASE.length)} is a retired API version: use the date-based API (${HUBSPOT_API_VERSION})`,
    );
  });
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

  sandboxOAuthRoutes(app, BASE, deps);

  app.get(`${BASE}${HUBSPOT_PATHS.properties(':objectType')}`, async (req, res) => {
    if (!(await portalOfRequest(req, res))) return;
    const type = objectTypeOf(req, res);
    if (!type) return;
    res.json({ results: (await store.properties(type)).map(asHubSpotProperty) });
  });

  app.get(`${BASE}${HUBSPOT_PATHS.property(':objectType', ':propertyName')}`, async (req, res) => {
    if (!(await portalOfRequest(req, res))) return;
    const type = objectTypeOf(req, res);
    if (!type) return;
    const property = (await store.properties(type)).find((p) => p.name === param(req, 'propertyName'));
    if (!property) return hubspotError(res, 404, 'OBJECT_NOT_FOUND', 'Unable to find property');
    res.json(asHubSpotProperty(property));
  });

  app.get(`${BASE}${HUBSPOT_PATHS.propertyValidations(':objectTypeId')}`, async (req, res) => {
    const portalId = await portalOfRequest(req, res);
    if (!portalId) return;
    const type = OBJECT_TYPE_IDS.get(param(req, 'objectTypeId'));
    if (!type) return hubspotError(res, 400, 'VALIDATION_ERROR', 'Unknown object type id');
    const portalRules = await store.validationRules.of(portalId, type);
    const byProperty = new Map<string, { ruleType: string; ruleArguments: string[] }[]>();
    for (const p of (await store.properties(type)).filter((p) => p.validationRule))
      byProperty.set(p.name, [{ ruleType: 'REGEX', ruleArguments: [p.validationRule!] }]);
    for (const r of portalRules)
      byProperty.set(r.propertyName, [
        ...(byProperty.get(r.propertyName) ?? []),
        { ruleType: r.ruleType, ruleArguments: [...r.ruleArguments] },
      ]);
    res.json({
      results: [...byProperty].map(([propertyName, rules]) => ({
        propertyName,
        propertyValidationRules: rules,
      })),
    });
  });

  app.post(`${BASE}${HUBSPOT_PATHS.batchRead(':objectType')}`, async (req, res) => {
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

  app.post(`${BASE}${HUBSPOT_PATHS.batchUpdate(':objectType')}`, async (req, res) => {
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
    // The portal's validation rules hold on API writes: one refused value refuses the whole
    // batch, and the message names the properties, not the records.
    const rules = await store.validationRules.of(portalId, type);
    if (rules.length > 0) {
      const before = new Map(
        (
          await store.records(
            portalId,
            type,
            inputs.map((i) => String(i.id)),
          )
        ).map((r) => [r.id, r.properties]),
      );
      const labelOf = (name: string) => definitions.get(name)?.label ?? name;
      const refusals = inputs.flatMap((i) =>
        refusalsOf(rules, before.get(String(i.id)) ?? {}, i.properties ?? {}, labelOf),
      );
      if (refusals.length > 0) return hubspotError(res, 400, 'VALIDATION_ERROR', refusalMessage(refusals));
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

  app.get(`${BASE}${HUBSPOT_PATHS.record(':objectType', ':id')}`, async (req, res) => {
    const portalId = await portalOfRequest(req, res);
    const type = portalId && objectTypeOf(req, res);
    if (!portalId || !type) return;
    const [record] = await store.records(portalId, type, [param(req, 'id')]);
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
