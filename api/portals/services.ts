import { portalDecider, portalStream } from '../../domain/portals/decider';
import type { EventStore } from '../../domain/eventstore/types';
import type { ReadModelDb } from '../../projections/schema';
import { HubSpotClient, type RetryPolicy } from '../adapters/hubspot/client';
import { HubSpotOAuthClient } from '../adapters/hubspot/oauth';
import { HubSpotTokens } from '../adapters/hubspot/tokens';
import type { OperationalDb } from '../db/operational';
import { CommandHandler } from '../eventsourcing/command-handler';
import type { Logger } from '../logging/logger';
import type { HubSpotSettings } from '../settings';
import { callbackUrl, type ConnectionDeps, type PortalHandler } from './connections';
import { PortalStreamDirectory } from './portal-directory';
import type { AccountGate } from '../auth/gate';
import { SignedUserPass, storedSecret, TokenCipher } from './secrets';
import { HubSpotTimezones } from './timezones';
import type { HubSpotMetrics } from '../metrics/metrics';
import type { HubSpotSide } from './types';
import type pg from 'pg';
import { portalRateLimiter } from '../adapters/hubspot/limiter';

/** Everything HubSpot-facing the process holds, built once at start. */
export interface HubSpotServices extends ConnectionDeps {
  /** The client secret webhooks are signed with (generated and stored in sandbox mode). */
  clientSecret: string;
  /** Seals the tokens at rest (tests read the table through it). */
  tokenCipher: TokenCipher;
  directory: PortalStreamDirectory;
  /** IANA zone -> the portal's hs_timezone option value. */
  timezones: HubSpotTimezones;
}

export interface HubSpotServiceOptions {
  hubspot: HubSpotSettings;
  tokenEncryptionKey: string | undefined;
  publicUrl: string;
  store: EventStore;
  readModels: ReadModelDb;
  operational: OperationalDb;
  logger: Logger;
  now: () => Date;
  retry?: Partial<RetryPolicy>;
  /** Counts HubSpot's answers (GET /metrics). */
  metrics?: HubSpotMetrics;
  /**
   * The PostgreSQL pool the fleet shares: the rate budget and token refreshes hold across every
   * process through it. Absent (PGlite), this process is the only one and both stay in memory.
   */
  pool?: pg.Pool;
  /** Whether a portal's owner still admits requests in their name. */
  gate: AccountGate;
}

export async function createHubSpotServices(o: HubSpotServiceOptions): Promise<HubSpotServices> {
  let tokenKey = o.tokenEncryptionKey;
  if (!tokenKey) {
    tokenKey = (await storedSecret(o.operational, 'token_encryption_key', o.now())).value;
    o.logger.warn(
      'TOKEN_ENCRYPTION_KEY is not set: HubSpot tokens are encrypted with a key generated and kept in the database. Set TOKEN_ENCRYPTION_KEY (32+ characters) before connecting real portals.',
    );
  }
  const clientSecret =
    o.hubspot.clientSecret ?? (await storedSecret(o.operational, 'sandbox_client_secret', o.now())).value;
  if (o.hubspot.sandbox) {
    o.logger.warn(
      `HubSpot is not configured (HUBSPOT_CLIENT_ID unset): using the sandbox CRM at ${o.publicUrl}/sandbox/hubspot/records`,
    );
  }
  const oauth = new HubSpotOAuthClient({
    apiBase: o.hubspot.apiBase,
    clientId: o.hubspot.clientId,
    clientSecret,
  });
  const tokenCipher = new TokenCipher(tokenKey);
  const portals = new CommandHandler(o.store, portalDecider, { cacheSize: 5000 }) as PortalHandler;
  const tokens = new HubSpotTokens(
    o.operational,
    tokenCipher,
    oauth,
    o.now,
    o.pool !== undefined,
    (portalId) => recordAccessRevoked(portals, o.logger, portalId, o.now()),
  );
  const client = new HubSpotClient({
    apiBase: o.hubspot.apiBase,
    tokens,
    retry: o.retry,
    limiter: portalRateLimiter(o.pool),
    ...(o.metrics ? { metrics: o.metrics } : {}),
  });
  return {
    hubspot: o.hubspot,
    publicUrl: o.publicUrl,
    portals,
    readModels: o.readModels,
    oauth,
    tokens,
    client,
    state: new SignedUserPass(tokenKey),
    now: o.now,
    logger: o.logger,
    clientSecret,
    tokenCipher,
    directory: new PortalStreamDirectory(portals, o.gate),
    timezones: new HubSpotTimezones(client, o.now),
  };
}

/**
 * HubSpot refused the portal's refresh token: the portal is marked as having lost access (once,
 * whichever process or refresh saw it first), which fails its lookups fast, shows it on the
 * dashboard with a Reconnect button and mails its owner once (api/portals/notices.ts).
 */
async function recordAccessRevoked(portals: PortalHandler, logger: Logger, portalId: string, at: Date) {
  const { events } = await portals.handle(portalStream(portalId), {
    type: 'RecordAccessRevoked',
    portalId,
    at: at.toISOString(),
  });
  if (events.length > 0)
    logger.warn('HubSpot refused the portal’s refresh token: access revoked (app uninstalled)', { portalId });
}

/** The HubSpot side the lookup pipeline and backfill runner use: the portal directory, the CRM client and the webhook secret. */
export function hubSpotSideOf(services: HubSpotServices): HubSpotSide {
  return {
    portals: services.directory,
    crm: services.client,
    webhookSecret: async () => services.clientSecret,
  };
}

export { callbackUrl };
