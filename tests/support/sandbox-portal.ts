import { sql } from 'kysely';
import type { Database } from '../../api/db/database';
import { call, signUp, type RunningApp } from './app';
import { connectionsOf, connectSandboxPortal, sandboxPass } from './sandbox-hubspot';

/** A user's sandbox portal, connected and mapped, with the pass its pages know them by. */
export interface SandboxPortal {
  portalId: string;
  /** The sandbox pages' cookie (`name=value`). */
  pass: string;
}

/** City and state mapped to HubSpot's own properties; county and country not written. */
export const MAPPING = { city: 'city', state: 'state', county: '', country: '' };

export const CITY_AND_STATE = {
  contact: { ...MAPPING, updateTimezone: false },
  company: MAPPING,
};

/**
 * Connects a new sandbox portal for the user and saves its mapping (city and state on both object
 * types unless given); answers the portal's id.
 */
export async function connectMappedPortal(
  baseUrl: string,
  token: string,
  mapping: Record<'contact' | 'company', Record<string, unknown>> = CITY_AND_STATE,
): Promise<string> {
  const { dashboard } = await connectSandboxPortal(baseUrl, token);
  if (!dashboard.includes('hubspot_connected=true')) throw new Error(`Connecting answered ${dashboard}`);
  // The callback waits a moment for the read model; on a loaded machine the list may lag behind it.
  let connections = await connectionsOf(baseUrl, token);
  for (let waited = 0; connections.length === 0 && waited < 10_000; waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
    connections = await connectionsOf(baseUrl, token);
  }
  const portalId = connections.at(-1)!.portal_id;
  const saved = await call(baseUrl, `/api/hubspot/save-portal-config/${portalId}`, { token, body: mapping });
  if (saved.status !== 200)
    throw new Error(`Saving the mapping answered ${saved.status}: ${JSON.stringify(saved.body)}`);
  return portalId;
}

/** Connects and maps a new sandbox portal for the user (see connectMappedPortal), with the user's pass. */
export async function mappedSandboxPortal(
  baseUrl: string,
  token: string,
  mapping?: Record<'contact' | 'company', Record<string, unknown>>,
): Promise<SandboxPortal> {
  const portalId = await connectMappedPortal(baseUrl, token, mapping);
  return { portalId, pass: await sandboxPass(baseUrl, token) };
}

/** A signed-in user with a new sandbox portal whose contacts' and companies' city and state are mapped (or as given). */
export async function userWithPortal(
  app: RunningApp,
  mapping: Record<string, unknown> = {},
  companyMapping: Record<string, unknown> = {},
) {
  const user = await signUp(app.baseUrl);
  const portalId = await connectMappedPortal(app.baseUrl, user.token, {
    contact: { ...CITY_AND_STATE.contact, ...mapping },
    company: { ...MAPPING, ...companyMapping },
  });
  return { ...user, portalId };
}

/** Puts contacts into a sandbox portal in one statement, in id order; answers their ids. */
export function seedContacts(
  database: Database,
  portalId: string,
  contacts: readonly Record<string, string | null>[],
): Promise<string[]> {
  return seedRecords(database, portalId, 'contacts', contacts);
}

/** Puts records of one object type into a sandbox portal in one statement, in id order; answers their ids. */
export async function seedRecords(
  database: Database,
  portalId: string,
  objectType: 'contacts' | 'companies',
  records: readonly Record<string, string | null>[],
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO sandbox_records (portal_id, object_type, id, properties, last_change_source, created_at, updated_at)
    SELECT ${portalId}, ${objectType}, r.id,
           r.props || jsonb_build_object('hs_object_id', r.id, 'createdate', now()), 'CRM_UI', now(), now()
      FROM (SELECT nextval('sandbox_record_ids')::text AS id, value AS props, ordinality
              FROM jsonb_array_elements(${JSON.stringify(records)}::jsonb) WITH ORDINALITY
             ORDER BY ordinality) AS r
    RETURNING id`.execute(database.db);
  return rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b));
}

/** A contact's properties as the sandbox CRM holds them. */
export async function contactOf(database: Database, portalId: string, id: string) {
  const { rows } = await sql<{ properties: Record<string, string | null> | string }>`
    SELECT properties FROM sandbox_records WHERE portal_id = ${portalId} AND object_type = 'contacts' AND id = ${id}`.execute(
    database.db,
  );
  const p = rows[0]?.properties;
  return typeof p === 'string' ? (JSON.parse(p) as Record<string, string | null>) : p;
}

/** Posts one of the sandbox pages' forms as the pass holder's browser; answers where it leads. */
export async function postSandboxForm(
  baseUrl: string,
  path: string,
  portal: SandboxPortal,
  fields: Record<string, string>,
): Promise<URL> {
  const response = await fetch(`${baseUrl}/sandbox/hubspot/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: portal.pass },
    body: new URLSearchParams({ portalId: portal.portalId, ...fields }),
    redirect: 'manual',
  });
  await response.arrayBuffer();
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) throw new Error(`${path} answered ${response.status}`);
  return new URL(location, baseUrl);
}

/** Creates a contact on the records page (its ZIP sends the webhook); answers the contact's id. */
export async function createSandboxContact(
  baseUrl: string,
  portal: SandboxPortal,
  fields: Record<string, string>,
): Promise<string> {
  const back = await postSandboxForm(baseUrl, 'records', portal, { type: 'contacts', ...fields });
  return back.searchParams.get('saved')!.split(':')[1]!;
}
