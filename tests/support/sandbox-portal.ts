import { call } from './app';
import { connectionsOf, connectSandboxPortal, sandboxPass } from './sandbox-hubspot';

/** A user's sandbox portal, connected and mapped, with the pass its pages know them by. */
export interface SandboxPortal {
  portalId: string;
  /** The sandbox pages' cookie (`name=value`). */
  pass: string;
}

export const CITY_AND_STATE = {
  contact: { city: 'city', state: 'state', county: '', country: '', updateTimezone: false },
  company: { city: 'city', state: 'state', county: '', country: '' },
};

/** Connects a new sandbox portal for the user and maps city and state on both object types. */
export async function mappedSandboxPortal(baseUrl: string, token: string): Promise<SandboxPortal> {
  const { dashboard } = await connectSandboxPortal(baseUrl, token);
  if (!dashboard.includes('hubspot_connected=true')) throw new Error(`Connecting answered ${dashboard}`);
  // The callback waits a moment for the read model; on a loaded machine the list may lag behind it.
  let connections = await connectionsOf(baseUrl, token);
  for (let waited = 0; connections.length === 0 && waited < 10_000; waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
    connections = await connectionsOf(baseUrl, token);
  }
  const portalId = connections.at(-1)!.portal_id;
  const saved = await call(baseUrl, `/api/hubspot/save-portal-config/${portalId}`, {
    token,
    body: CITY_AND_STATE,
  });
  if (saved.status !== 200) throw new Error(`Saving the mapping answered ${saved.status}`);
  return { portalId, pass: await sandboxPass(baseUrl, token) };
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
