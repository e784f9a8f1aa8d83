import { join } from 'node:path';
import type { Express } from 'express';
import type { EventStore } from '../domain/eventstore/types';
import { portalIdsHeldBy } from '../projections/portals/queries';
import type { Projection } from '../projections/projection';
import type { ProjectionRunner } from '../projections/runner';
import type { ReadModelDb } from '../projections/schema';
import { composeAccounts } from './accounts/composition';
import { accountDeletionModule } from './accounts/deletion-routes';
import type { AccountsDeps } from './accounts/services';
import type { RetryPolicy } from './adapters/hubspot/client';
import type { ScryptParams } from './auth/passwords';
import type { RateLimitPolicy } from './auth/rate-limit';
import type { Clock } from './auth/sessions';
import { composeBackfill } from './backfill/composition';
import { composeRecordHistory } from './record-history/composition';
import type { BackfillRunner } from './backfill/runner';
import { composeCredits } from './credits/composition';
import type { Database } from './db/database';
import { openStores } from './db/stores';
import type { Reactor } from './eventsourcing/reactor';
import { composeFoundation } from './foundation';
import { httpAppOf, operationsModules } from './operations';
import type { HttpModule } from './http/app';
import { INSTALL_DIR } from './install-dir';
import type { Logger } from './logging/logger';
import type { RequestLogWriter } from './logging/request-log-writer';
import { logForRequest, type RequestLogContext } from './logging/request-logging';
import { composeLookups } from './lookups/composition';
import type { LookupProcessor } from './lookups/processor';
import { composeMail, mailboxReaderOf } from './mail/composition';
import type { Metrics } from './metrics/metrics';
import { composePayments } from './payments/composition';
import type { PaymentsDeps } from './payments/services';
import { composePortalNotices } from './portals/composition';
import { disconnectHeldPortal } from './portals/connections';
import { hubspotModule } from './portals/routes';
import { createHubSpotServices, hubSpotSideOf, type HubSpotServices } from './portals/services';
import type { HubSpotSide } from './portals/types';
import { composePrivacyDeletions } from './privacy/composition';
import { composeHubSpotStandIn, composeStripeStandIn, type SandboxCrm } from './sandbox/composition';
import type { Settings } from './settings';
import { composeSupport } from './support/composition';

export interface System {
  settings: Settings;
  logger: Logger;
  database: Database;
  readModels: ReadModelDb;
  store: EventStore;
  runner: ProjectionRunner;
  accounts: AccountsDeps;
  payments: PaymentsDeps;
  /** Follows balances and sends credit notices. */
  creditNotices: Reactor;
  /** Mails a portal's owner when HubSpot revoked ZipFill's access. */
  portalNotices: Reactor;
  /** Forgets contacts deleted for privacy in the request logs. */
  privacyDeletions: Reactor;
  /** Takes lookup requests to their outcomes. */
  lookups: LookupProcessor | undefined;
  /** Takes backfill jobs forward a page at a time. */
  backfill: BackfillRunner | undefined;
  hubspot: HubSpotServices;
  /** The HubSpot stand-in's CRM, when no HubSpot app is configured. */
  sandboxCrm: SandboxCrm | undefined;
  /** Writes log lines to request_logs in the background; its counters show lost lines. */
  requestLogs: RequestLogWriter;
  /** Logs into a request's timeline from outside the request (the lookup processor). */
  logForRequest(requestId: string, context?: RequestLogContext): Logger;
  app: Express;
  /** What GET /metrics reports. */
  metrics: Metrics;
  close(): Promise<void>;
}

export interface SystemOverrides {
  /** An already open database (tests share one per file). */
  database?: Database;
  projections?: readonly Projection[];
  /** Leave the database open on close (its owner closes it). */
  keepDatabaseOpen?: boolean;
  /** The time as the services see it (tests move it forward). */
  now?: Clock;
  /** Lower scrypt cost for tests that register many accounts; production keeps OWASP's. */
  passwordHashing?: ScryptParams;
  /** Different limits (tests that sign up many users from one address raise the per-IP ones). */
  rateLimits?: Partial<RateLimitPolicy>;
  /** The portal directory, CRM client and webhook secret the lookup pipeline uses (tests bring stand-ins). */
  hubspot?: HubSpotSide;
  /** Where the sandbox CRM delivers its webhooks, instead of the app's own endpoint. */
  sandboxWebhookUrl?: string;
  /** Retry timing of the HubSpot client (tests shorten the backoff). */
  hubspotRetry?: Partial<RetryPolicy>;
  /**
   * The backfill runner's page size and jobs at once (tests and the benchmark set them);
   * `startRunner: false` leaves the runner to be started later (the crash test steers a job first);
   * `dryRunSample`, the records a dry run reads before it estimates (tests read fewer).
   */
  backfill?: { pageSize?: number; concurrency?: number; startRunner?: boolean; dryRunSample?: number };
}

export const WEB_DIST = join(INSTALL_DIR, 'web', 'dist');

/**
 * The composition root: opens the stores, then composes each capability in the order they need
 * each other, builds the HTTP app from their routes and starts their workers. Each capability's
 * details live in its own composition.
 */
export async function createSystem(
  settings: Settings,
  baseLogger: Logger,
  overrides: SystemOverrides = {},
): Promise<System> {
  const opened = await openStores(settings, { database: overrides.database });
  const { database } = opened;
  try {
    const now = overrides.now ?? (() => new Date());
    const base = composeFoundation(settings, baseLogger, opened, now, overrides.projections);
    const { store, operational, logger, readModels: rm, runner, metrics, requestLogs } = base;
    const { locks } = database;
    const { publicUrl } = settings;
    const mail = composeMail({ settings, logger, operational, locks, now });
    const accounts = await composeAccounts({
      ...{ settings, logger, store, snapshots: base.snapshots, operational, mailer: mail.mailer, now },
      ...{ passwordHashing: overrides.passwordHashing, rateLimits: overrides.rateLimits },
    });
    const { gate } = accounts.deps;
    const auth = { sessions: accounts.deps.sessions, accounts: accounts.deps.accounts };
    const support = composeSupport({ settings, logger, mailer: mail.mailer, ...accounts });
    const reactorDeps = { store, readModels: rm, operational, locks, logger, now };
    const credits = composeCredits({
      ...reactorDeps,
      accounts: accounts.deps,
      publicUrl,
      mailQueued: mail.queued,
    });
    const hubspot = await createHubSpotServices({
      ...{ hubspot: settings.hubspot, tokenEncryptionKey: settings.tokenEncryptionKey, publicUrl },
      ...{ store, readModels: rm, operational, logger, now, gate, metrics, pool: database.pool },
      retry: overrides.hubspotRetry,
    });
    const hubspotStandIn = settings.hubspot.sandbox
      ? await composeHubSpotStandIn({
          ...{ settings, operational, hubspot, accounts: accounts.deps, now },
          webhookUrl: overrides.sandboxWebhookUrl,
        })
      : undefined;
    const portalNotices = composePortalNotices({
      ...{ ...reactorDeps, accounts: accounts.deps.accounts, publicUrl, mailQueued: mail.queued },
    });
    const privacyDeletions = composePrivacyDeletions({
      ...reactorDeps,
      flushLogs: () => requestLogs.flush(),
    });
    const payments = await composePayments({
      ...{ settings, logger, store, accounts: accounts.deps },
      standIn: () => composeStripeStandIn({ settings, operational, logger, now }),
    });
    const hubspotSide = overrides.hubspot ?? hubSpotSideOf(hubspot);
    const pipeline = {
      logger,
      store,
      database,
      readModels: rm,
      accounts: accounts.deps,
      hubspot: hubspotSide,
      now,
    };
    const lookups = composeLookups({ ...pipeline, publicUrl, runner, metrics });
    const backfill = composeBackfill({ ...pipeline, ...overrides.backfill });
    const standIns = () => ({
      ...{ hubspot: settings.hubspot.sandbox, stripe: payments.standIn },
      ...{ mail: mail.standIn, captcha: support.standIn },
    });
    const modules: HttpModule[] = [
      ...operationsModules(base, { settings, auth, now, standIns, devMailUrl: mail.devMailUrl }),
      ...payments.modules,
      ...accounts.modules,
      ...credits.modules,
      support.module,
      ...mail.modules(await mailboxReaderOf(settings, mail.standIn, { operational, gate, auth, now })),
      hubspotModule({ ...hubspot, auth, gate, logger }),
      ...lookups.modules,
      ...backfill.modules,
      ...composeRecordHistory(pipeline),
      accountDeletionModule({
        ...{ accounts: accounts.deps, limiter: accounts.limiter, limits: accounts.limits, operational },
        ...{
          subscriptions: payments.deps.subscriptions,
          gateway: payments.deps.gateway,
          keys: opened.personalDataKeys,
        },
        flushLogs: () => requestLogs.flush(),
        portalsHeldBy: (userId) => portalIdsHeldBy(rm, userId),
        disconnectPortal: (userId, portalId) => disconnectHeldPortal(hubspot, userId, portalId),
        eraseSandboxPortals: async (userId) => hubspotStandIn?.crm.store.erasePortalsOf(userId),
      }),
      ...(hubspotStandIn?.modules ?? []),
    ];
    const app = httpAppOf(settings, base, modules, WEB_DIST);
    const reactors = [credits, portalNotices, privacyDeletions, mail];
    base.start();
    for (const worker of [...reactors, lookups.processor]) worker?.start();
    if (overrides.backfill?.startRunner !== false) backfill.runner?.start();
    return {
      ...{ settings, logger, database, readModels: rm, store, runner, hubspot, requestLogs, app, metrics },
      accounts: accounts.deps,
      payments: payments.deps,
      creditNotices: credits.notices,
      portalNotices,
      privacyDeletions,
      lookups: lookups.processor,
      backfill: backfill.runner,
      sandboxCrm: hubspotStandIn?.crm,
      logForRequest: (requestId, context) => logForRequest(logger, requestId, context),
      async close() {
        await backfill.runner?.stop();
        for (const worker of [lookups.processor, ...reactors]) await worker?.stop();
        await base.stop();
        if (!overrides.keepDatabaseOpen) await database.close();
      },
    };
  } catch (error) {
    if (!overrides.database) await database.close().catch(() => undefined);
    throw error;
  }
}
