import type { EventStore } from '../domain/eventstore/types';
import { allProjections } from '../projections';
import { readCheckpoint } from '../projections/checkpoints';
import { pendingLookupCount } from '../projections/lookups/queries';
import type { Projection } from '../projections/projection';
import { ProjectionRunner } from '../projections/runner';
import { readModels, type ReadModelDb } from '../projections/schema';
import type { Clock } from './auth/sessions';
import type { Database } from './db/database';
import { operationalDb, type OperationalDb } from './db/operational';
import type { Stores } from './db/stores';
import { PostgresSnapshotStore, Snapshots } from './eventsourcing/snapshots';
import { eventsBehind } from './health/lag';
import { withSink, type Logger } from './logging/logger';
import { RequestLogWriter } from './logging/request-log-writer';
import { Metrics } from './metrics/metrics';
import { observeAppends } from './metrics/observed-store';
import { forgetLinesOfDeletedContacts } from './privacy/reactor';
import type { Settings } from './settings';

/** What every capability stands on: the stores, the logger and its request log, metrics, snapshots and the projections. */
export interface Foundation {
  database: Database;
  /** The event store, every stored event counted in the metrics. */
  store: EventStore;
  operational: OperationalDb;
  readModels: ReadModelDb;
  /** Logs to the base logger and, in the background, to request_logs. */
  logger: Logger;
  requestLogs: RequestLogWriter;
  snapshots: Snapshots;
  runner: ProjectionRunner;
  metrics: Metrics;
  start(): void;
  /** Stops the projections and the log writer and closes the event store (the database stays open). */
  stop(): Promise<void>;
}

export function composeFoundation(
  settings: Settings,
  baseLogger: Logger,
  opened: Stores,
  /** The service's one clock: the log purge's "30 days ago" is the same day the rest sees. */
  now: Clock,
  projections: readonly Projection[] = allProjections,
): Foundation {
  const { database } = opened;
  // Built before the stores are used so that every event stored is counted; what it reads at a
  // scrape (the runner, the log writer) exists by the time anyone can scrape.
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
    ...(database.busySeconds ? { databaseBusySeconds: database.busySeconds } : {}),
  });
  const store = observeAppends(opened.store, metrics.written);
  const operational = operationalDb(database);
  const requestLogs = new RequestLogWriter(operational, {
    capacity: settings.logQueueCapacity,
    retentionDays: settings.logRetentionDays,
    now,
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
    projections,
    locks: database.locks,
    batchSize: database.kind === 'pglite' ? 200 : 1000,
    commitTogether: database.kind === 'pglite',
    log: (level, message, fields) => logger[level](message, fields),
  });
  return {
    database,
    store,
    operational,
    readModels: rm,
    logger,
    requestLogs,
    snapshots,
    runner,
    metrics,
    start() {
      runner.start();
      requestLogs.start(database.locks);
    },
    async stop() {
      await runner.stop();
      await requestLogs.stop();
      await snapshots.settle();
      await store.close();
    },
  };
}
