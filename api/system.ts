import { join } from 'node:path';
import type { Express } from 'express';
import type { EventStore } from '../domain/eventstore/types';
import { allProjections } from '../projections';
import type { Projection } from '../projections/projection';
import { ProjectionRunner } from '../projections/runner';
import { readModels, type ReadModelDb } from '../projections/schema';
import { composeAccounts } from './accounts/composition';
import { accountDeletionModule } from './accounts/deletion-routes';
import { composeCredits } from './credits/composition';
import { composeMail } from './mail/composition';
import { composeSupport } from './support/composition';
import type { AccountsDeps } from './accounts/services';
import type { ScryptParams } from './auth/passwords';
import type { RateLimitPolicy } from './auth/rate-limit';
import type { Clock } from './auth/sessions';
import { publicConfigModule, thirdPartySources } from './config/routes';
import { operationalDb } from './db/operational';
import type { Reactor } from './eventsourcing/reactor';
import { ping, type Database } from './db/database';
import { openStores } from './db/stores';
import { PostgresSnapshotStore, Snapshots } from './eventsourcing/snapshots';
import { healthModule } from './health/routes';
import { INSTALL_DIR } from './install-dir';
import { ZIP_DATA_ATTRIBUTION } from './zipdata/attribution';
import { zipDataModule } from './zipdata/routes';
import { composeLookups, type HubSpotSide } from './lookups/composition';
import type { LookupProcessor } from './lookups/processor';
import { composeBackfill } from './backfill/composition';
import type { BackfillRunner } from './backfill/runner';
import type { RetryPolicy } from './adapters/hubspot/client';
import { sandboxCrmModule } from './adapters/hubspot/sandbox/module';
import { requireUser } from './auth/middleware';
import { hubspotModule } from './portals/routes';
import { callbackUrl, createHubSpotServices, type HubSpotServices } from './portals/services';
import { composePortalNotices } from './portals/composition';
import { SignedUserPass, storedSecret } from './portals/secrets';
import { deleteConnection, heldPortal } from './portals/connections';
import { portalIdsHeldBy } from '../projections/portals/queries';
import { composePrivacyDeletions } from './privacy/composition';
import { forgetLinesOfDeletedContacts } from './privacy/reactor';
import { composePayments } from './payments/composition';
import type { PaymentsDeps } from './payments/services';
import { createApp, type HttpModule } from './http/app';
import { adminModule } from './admin/routes';
import { withSink, type Logger } from './logging/logger';
import { RequestLogWriter } from './logging/request-log-writer';
import { logForRequest, requestLogging, type RequestLogContext } from './logging/request-logging';
import { logsModule } from './log-viewer/routes';
import { SANDBOX_APP_ID, type Settings } from './settings';
import { Metrics } from './metrics/metrics';
import { metricsModule } from './metrics/routes';
import { observeAppends } from './metrics/observed-store';
import { eventsBehind } from './health/lag';
import { readCheckpoint } from '../projections/checkpoints';
import { pendingLookupCount } from '../projections/lookups/queries';
import { WORKFLOW_ACTION_PATH } from './workflow/definition';

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

/** Opens the stores, brings schemas up to date, starts the projections and builds the HTTP app. */
export async function createSystem(
  settings: Settings,
  baseLogger: Logger,
  overrides: SystemOverrides = {},
): Promise<System> {
  const opened = await openStores(settings, { database: overrides.database });
  const { database } = opened;
  try {
    // Built before the stores are used so that every event stored is counted; what it reads at
    // a scrape (the runner, the log writer) exists by the time anyone can scrape.
    const metrics: Metrics = new Metrics({
      projectionLag: () =>
        Promise.all(
          runner.status().map(async ({ name }) => ({
            projection: name,
            events: await eventsBehind(store, await readCheckpoint(rm, name)),
          })),
        ),
      unreadableEvents: () => runner.status().map((p) => ({ projection: p.name, events: p.unreadable })),
      queueDepth: () => pendingLookupCount(rm),
      droppedLogLines: () => {
        const { droppedQueueFull, droppedDatabaseError } = requestLogs.stats();
        return { queueFull: droppedQueueFull, databaseError: droppedDatabaseError };
      },
    });
    const store = observeAppends(opened.store, metrics.written);
    const operational = operationalDb(database);
    const requestLogs = new RequestLogWriter(operational, {
      capacity: settings.logQueueCapacity,
      retentionDays: settings.logRetentionDays,
      report: baseLogger,
      afterWrite: forgetLinesOfDeletedContacts,
    });
    const logger = withSink(baseLogger, settings.logLevel, requestLogs.sink);
    const snapshots = new Snapshots(new PostgresSnapshotStore(database.db), {
      onWriteFailed: (stream, error) =>
        logger.warn('A snapshot was not written; the stream loads from the one before', {
          stream,
          error: error instanceof Error ? error.message : String(error),
        }),
    });
    const rm = readModels(database.db);
    const runner = new ProjectionRunner({
      store,
      readModels: rm,
      projections: overrides.projections ?? allProjections,
      locks: database.locks,
      batchSize: database.kind === 'pglite' ? 200 : 1000,
      log: (level, message, fields) => logger[level](message, fields),
    });
    const now = overrides.now ?? (() => new Date());
    const mail = composeMail({ settings, logger, operational, locks: database.locks, now });
    const accounts = await composeAccounts({
      settings,
      logger,
      store,
      snapshots,
      operational,
      mailer: mail.mailer,
      now,
      passwordHashing: overrides.passwordHashing,
      rateLimits: overrides.rateLimits,
    });
    const support = composeSupport({
      settings,
      logger,
      mailer: mail.mailer,
      limiter: accounts.limiter,
      limits: accounts.limits,
    });
    const credits = composeCredits({
      accounts: accounts.deps,
      store,
      readModels: rm,
      operational,
      locks: database.locks,
      logger,
      publicUrl: settings.publicUrl,
      mailQueued: mail.queued,
    });
    const hubspot = await createHubSpotServices({
      hubspot: settings.hubspot,
      tokenEncryptionKey: settings.tokenEncryptionKey,
      publicUrl: settings.publicUrl,
      store,
      readModels: rm,
      operational,
      logger,
      now,
      gate: accounts.deps.gate,
      ...(overrides.sandboxWebhookUrl ? { sandboxWebhookUrl: overrides.sandboxWebhookUrl } : {}),
      ...(overrides.hubspotRetry ? { retry: overrides.hubspotRetry } : {}),
      ...(database.pool ? { pool: database.pool } : {}),
      metrics,
    });
    const portalNotices = composePortalNotices({
      store,
      readModels: rm,
      operational,
      locks: database.locks,
      logger,
      accounts: accounts.deps.accounts,
      now,
      publicUrl: settings.publicUrl,
      mailQueued: mail.queued,
    });
    const privacyDeletions = composePrivacyDeletions({
      store,
      readModels: rm,
      operational,
      locks: database.locks,
      logger,
      now,
      flushLogs: () => requestLogs.flush(),
    });
    const payments = await composePayments({
      settings,
      logger,
      store,
      operational,
      accounts: accounts.deps,
    });
    const hubspotSide: HubSpotSide = overrides.hubspot ?? {
      portals: hubspot.directory,
      crm: hubspot.client,
      webhookSecret: async () => hubspot.clientSecret,
    };
    const lookups = composeLookups({
      publicUrl: settings.publicUrl,
      logger,
      store,
      database,
      readModels: rm,
      runner,
      accounts: accounts.deps,
      hubspot: hubspotSide,
      now,
      metrics,
    });
    const backfill = composeBackfill({
      logger,
      store,
      database,
      readModels: rm,
      accounts: accounts.deps,
      hubspot: hubspotSide,
      now,
      ...overrides.backfill,
    });
    const standIns = () => ({
      hubspot: settings.hubspot.sandbox,
      stripe: payments.standIn,
      mail: mail.standIn,
      captcha: support.standIn,
    });
    const auth = { sessions: accounts.deps.sessions, accounts: accounts.deps.accounts };
    const mailReader =
      settings.publicDemo && mail.standIn
        ? {
            pass: new SignedUserPass(
              (await storedSecret(operational, 'dev_mail_pass_key', now())).value,
              8 * 3600_000,
              'dev-mail-pass',
            ),
            gate: accounts.deps.gate,
            requireUser: requireUser(auth),
            now,
            secureCookie: settings.publicUrl.startsWith('https:'),
          }
        : undefined;
    const modules: HttpModule[] = [
      healthModule({
        store,
        readModelStore: database.kind,
        runner,
        standIns,
        ping: () => ping(database),
        singletons: () => database.locks.heldNames(),
        requestLogs: () => requestLogs.stats(),
      }),
      ...payments.modules,
      ...accounts.modules,
      ...credits.modules,
      support.module,
      ...mail.modules(mailReader),
      publicConfigModule({
        settings,
        standIns,
        devMailUrl: mail.devMailUrl,
        zipAttribution: () => ZIP_DATA_ATTRIBUTION,
      }),
      zipDataModule(),
      hubspotModule({
        ...hubspot,
        auth,
        gate: accounts.deps.gate,
        logger,
      }),
      ...lookups.modules,
      ...backfill.modules,
      adminModule({ ...auth, store, readModels: rm, operational, now }),
      accountDeletionModule({
        accounts: accounts.deps,
        limiter: accounts.limiter,
        limits: accounts.limits,
        subscriptions: payments.deps.subscriptions,
        gateway: payments.deps.gateway,
        keys: opened.personalDataKeys,
        operational,
        portalsHeldBy: (userId) => portalIdsHeldBy(rm, userId),
        disconnectPortal: async (userId, portalId) => {
          if ((await heldPortal(hubspot, userId, portalId)) !== undefined)
            await deleteConnection(hubspot, userId, portalId);
        },
        eraseSandboxPortals: async (userId) => hubspot.sandbox?.store.erasePortalsOf(userId),
        flushLogs: () => requestLogs.flush(),
      }),
      metricsModule(metrics, settings.metricsToken),
      logsModule({ ...auth, operational, readModels: rm, now, lostLogLines: () => requestLogs.stats().lost }),
    ];
    if (hubspot.sandbox) {
      modules.push(
        sandboxCrmModule({
          store: hubspot.sandbox.store,
          webhooks: hubspot.sandbox.webhooks,
          clientId: settings.hubspot.clientId,
          clientSecret: hubspot.clientSecret,
          appId: settings.hubspot.appId ?? SANDBOX_APP_ID,
          callbackUrl: callbackUrl(settings.publicUrl),
          actionUrl: `${settings.publicUrl}${WORKFLOW_ACTION_PATH}`,
          userOfState: async (state) => {
            const userId = hubspot.state.verify(state, now());
            return userId && (await accounts.deps.gate.admit(userId))?.userId;
          },
          pass: hubspot.sandbox.pass,
          gate: accounts.deps.gate,
          now,
          requireUser: requireUser(auth),
          secureCookie: settings.publicUrl.startsWith('https:'),
        }),
      );
    }
    const app = createApp({
      logger,
      modules,
      security: { https: settings.publicUrl.startsWith('https:'), ...thirdPartySources(settings) },
      trustProxyHops: settings.trustProxyHops,
      webDir: WEB_DIST,
      requestLogging: requestLogging(logger),
      requestMetrics: metrics.requests,
    });
    runner.start();
    credits.start();
    portalNotices.start();
    privacyDeletions.start();
    mail.start();
    lookups.processor?.start();
    if (overrides.backfill?.startRunner !== false) backfill.runner?.start();
    requestLogs.start(database.locks);
    return {
      settings,
      logger,
      database,
      readModels: rm,
      store,
      runner,
      accounts: accounts.deps,
      payments: payments.deps,
      creditNotices: credits.notices,
      portalNotices,
      privacyDeletions,
      lookups: lookups.processor,
      backfill: backfill.runner,
      hubspot,
      requestLogs,
      logForRequest: (requestId, context) => logForRequest(logger, requestId, context),
      app,
      metrics,
      async close() {
        await backfill.runner?.stop();
        await lookups.processor?.stop();
        await credits.stop();
        await portalNotices.stop();
        await privacyDeletions.stop();
        await mail.stop();
        await runner.stop();
        await requestLogs.stop();
        await snapshots.settle();
        await store.close();
        if (!overrides.keepDatabaseOpen) await database.close();
      },
    };
  } catch (error) {
    if (!overrides.database) await database.close().catch(() => undefined);
    throw error;
  }
}
