import { portalStream, type PortalCommand, type PortalState } from '../../domain/portals/decider';
import type { PortalEvent } from '../../domain/portals/events';
import {
  connectedPortal,
  connectedPortalsOf,
  type PortalConnectionRow,
} from '../../projections/portals/queries';
import type { ReadModelDb } from '../../projections/schema';
import type { HubSpotClient } from '../adapters/hubspot/client';
import type { HubSpotOAuthClient } from '../adapters/hubspot/oauth';
import type { HubSpotTokens } from '../adapters/hubspot/tokens';
import type { CommandHandler } from '../eventsourcing/command-handler';
import type { HubSpotSettings } from '../settings';
import type { Logger } from '../logging/logger';
import type { SignedUserPass } from './secrets';

export type PortalHandler = CommandHandler<PortalState, PortalCommand, PortalEvent>;

/** The OAuth scopes the app asks for: read and write contacts and companies, read their schemas. */
export const HUBSPOT_SCOPES = [
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.objects.companies.read',
  'crm.objects.companies.write',
  'crm.schemas.contacts.read',
  'crm.schemas.companies.read',
  'oauth',
] as const;

export interface ConnectionDeps {
  hubspot: HubSpotSettings;
  publicUrl: string;
  portals: PortalHandler;
  readModels: ReadModelDb;
  oauth: HubSpotOAuthClient;
  tokens: HubSpotTokens;
  client: HubSpotClient;
  state: SignedUserPass;
  now: () => Date;
  logger: Logger;
}

export const callbackUrl = (publicUrl: string) => `${publicUrl}/api/hubspot/oauth/callback`;

/** The HubSpot authorize URL for this user, with a signed state that expires. */
export function installUrl(deps: ConnectionDeps, userId: string): string {
  const url = new URL(deps.hubspot.authorizeUrl);
  url.searchParams.set('client_id', deps.hubspot.clientId);
  url.searchParams.set('redirect_uri', callbackUrl(deps.publicUrl));
  url.searchParams.set('scope', HUBSPOT_SCOPES.join(' '));
  url.searchParams.set('state', deps.state.issue(userId, deps.now()));
  return url.toString();
}

/** Waits until the read model shows what was just recorded, so the next page load sees it. */
async function caughtUp(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Finishes a HubSpot consent: exchanges the code, learns the portal, keeps the tokens and
 * records the connection. Answers whether it was a reconnect of the same account.
 */
export async function completeConnection(
  deps: ConnectionDeps,
  userId: string,
  code: string,
): Promise<{ portalId: string; reconnected: boolean }> {
  const tokens = await deps.oauth.exchangeCode(code, callbackUrl(deps.publicUrl));
  const info = await deps.oauth.info(tokens.accessToken);
  await deps.tokens.save(info.hubId, tokens);
  const at = deps.now().toISOString();
  const { events } = await deps.portals.handle(portalStream(info.hubId), {
    type: 'ConnectPortal',
    portalId: info.hubId,
    userId,
    at,
    ...(info.hubDomain ? { hubDomain: info.hubDomain } : {}),
  });
  await caughtUp(async () => {
    const shown = await connectedPortal(deps.readModels, info.hubId);
    return shown?.userId === userId && shown.accessRevokedAt === null;
  });
  return { portalId: info.hubId, reconnected: events.some((e) => e.type === 'PortalReconnected') };
}

/** Deletes the user's connection: the event, then the tokens. Refused (404) for anyone else's portal. */
export async function deleteConnection(
  deps: ConnectionDeps,
  userId: string,
  portalId: string,
): Promise<void> {
  await deps.portals.handle(portalStream(portalId), {
    type: 'DisconnectPortal',
    portalId,
    userId,
    at: deps.now().toISOString(),
  });
  if (!(await deps.tokens.delete(portalId)))
    deps.logger.warn('HubSpot did not confirm revoking a deleted connection’s token', { portalId });
  await caughtUp(async () => (await connectedPortal(deps.readModels, portalId))?.userId !== userId);
}

export function connectionsOf(deps: ConnectionDeps, userId: string): Promise<PortalConnectionRow[]> {
  return connectedPortalsOf(deps.readModels, userId);
}

/**
 * The portal's state when this user holds it, connected or with its access revoked by HubSpot
 * (what deleting an account must disconnect); undefined otherwise.
 */
export async function heldPortal(
  deps: ConnectionDeps,
  userId: string,
  portalId: string,
): Promise<PortalState | undefined> {
  const { state } = await deps.portals.load(portalStream(portalId));
  return (state.status === 'connected' || state.status === 'revoked') && state.userId === userId
    ? state
    : undefined;
}

/** Disconnects the portal if this user holds it (connected or revoked); deleting an account does it for each. */
export async function disconnectHeldPortal(
  deps: ConnectionDeps,
  userId: string,
  portalId: string,
): Promise<void> {
  if ((await heldPortal(deps, userId, portalId)) !== undefined)
    await deleteConnection(deps, userId, portalId);
}

/** The portal's state when this user holds it now; undefined otherwise (answered as 404). */
export async function ownPortal(
  deps: ConnectionDeps,
  userId: string,
  portalId: string,
): Promise<PortalState | undefined> {
  const { state } = await deps.portals.load(portalStream(portalId));
  return state.status === 'connected' && state.userId === userId ? state : undefined;
}
