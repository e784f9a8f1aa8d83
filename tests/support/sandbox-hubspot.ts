import { call, type RunningApp } from './app';

/** The dashboard address the OAuth callback sent the browser to, and the consent page it went through. */
export interface ConnectResult {
  dashboard: string;
  consentPage: string;
}

/**
 * Goes through the sandbox HubSpot connect as a browser would: the install URL, the consent
 * page ("Connect sandbox portal", choosing a portal), then the callback back to the dashboard.
 */
export async function connectSandboxPortal(
  baseUrl: string,
  token: string,
  portal: string = 'new',
): Promise<ConnectResult> {
  const { body } = await call(baseUrl, '/api/auth/hubspot-install-url', { token });
  const installUrl = new URL((body as { installUrl: string }).installUrl);
  const consent = await fetch(installUrl);
  const consentPage = await consent.text();
  if (consent.status !== 200) throw new Error(`Consent page answered ${consent.status}`);
  const form = new URLSearchParams({
    client_id: installUrl.searchParams.get('client_id') ?? '',
    redirect_uri: installUrl.searchParams.get('redirect_uri') ?? '',
    state: installUrl.searchParams.get('state') ?? '',
    portal,
  });
  const approved = await fetch(`${baseUrl}/sandbox/hubspot/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  const callback = approved.headers.get('location');
  if (approved.status !== 303 || !callback) throw new Error(`Consent answered ${approved.status}`);
  return { dashboard: await followCallback(callback), consentPage };
}

/** Calls the OAuth callback and answers where it redirects (the dashboard with its flags). */
export async function followCallback(callbackUrl: string): Promise<string> {
  const response = await fetch(callbackUrl, { redirect: 'manual' });
  await response.arrayBuffer();
  return response.headers.get('location') ?? `(no redirect, status ${response.status})`;
}

export interface Connection {
  id: string;
  portal_id: string;
  created_at: string;
}

export async function connectionsOf(baseUrl: string, token: string): Promise<Connection[]> {
  const { body } = await call(baseUrl, '/api/auth/hubspot-connections', { token });
  return (body as { connections: Connection[] }).connections;
}

/**
 * Connects a portal the sandbox's consent page would not offer this user (it belongs to another
 * ZipFill user there), as a HubSpot user with access to both portals would: a code for that
 * portal, and this user's state, through the real callback.
 */
export async function connectPortalOfAnotherUser(app: RunningApp, token: string, portalId: string) {
  const { body } = await call(app.baseUrl, '/api/auth/hubspot-install-url', { token });
  const state = new URL((body as { installUrl: string }).installUrl).searchParams.get('state') ?? '';
  const code = await app.system.sandboxCrm!.store.issueCode(portalId);
  const callback = new URL(`${app.baseUrl}/api/hubspot/oauth/callback`);
  callback.search = new URLSearchParams({ code, state }).toString();
  return followCallback(callback.toString());
}

/** The sandbox CRM's pass cookie for this user, as the dashboard obtains it (`name=value`). */
export async function sandboxPass(baseUrl: string, token: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sandbox-crm-pass`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 204) throw new Error(`Sandbox pass answered ${response.status}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

/**
 * Connects a new sandbox portal for the signed-in user and maps city, state and country for
 * contacts and companies, as the dashboard's first steps do. Answers the portal id.
 */
export async function connectMappedSandboxPortal(baseUrl: string, token: string): Promise<string> {
  await connectSandboxPortal(baseUrl, token);
  const portalId = (await connectionsOf(baseUrl, token)).at(-1)!.portal_id;
  const mapping = { city: 'city', state: 'state', county: '', country: 'country' };
  const saved = await call(baseUrl, `/api/hubspot/save-portal-config/${portalId}`, {
    token,
    body: { contact: { ...mapping, updateTimezone: false }, company: mapping },
  });
  if (saved.status !== 200) throw new Error(`Saving the mapping answered ${saved.status}`);
  return portalId;
}

/**
 * A user's first lookup through the sandbox, over HTTP as the browser would make it: signs in,
 * connects a new sandbox portal, maps city, state and country, and enters `zip` on a new contact
 * (the sandbox sends HubSpot's webhook). Answers the portal id; the lookup runs in the background.
 */
export async function lookUpInSandbox(
  baseUrl: string,
  email: string,
  password: string,
  zip: string,
): Promise<string> {
  const signedIn = await call(baseUrl, '/api/auth/login', { body: { email, password } });
  if (signedIn.status !== 200) throw new Error(`Sign-in answered ${signedIn.status}`);
  const token = (signedIn.body as { token: string }).token;
  const portalId = await connectMappedSandboxPortal(baseUrl, token);
  // The sandbox's pages know their user from the pass cookie the dashboard asks for.
  const cookie = await sandboxPass(baseUrl, token);
  const created = await fetch(`${baseUrl}/sandbox/hubspot/records`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ portalId, type: 'contacts', firstname: 'Ada', zip }),
    redirect: 'manual',
  });
  if (created.status !== 303) throw new Error(`Creating the sandbox contact answered ${created.status}`);
  return portalId;
}
