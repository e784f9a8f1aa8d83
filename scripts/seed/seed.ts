import { operationalDb } from '../../api/db/operational';
import type { Database } from '../../api/db/database';
import { RequestLogWriter } from '../../api/logging/request-log-writer';
import type { EventStore, StreamAppend } from '../../domain/eventstore/types';
import { allProjections } from '../../projections';
import { ProjectionRunner } from '../../projections/runner';
import { readModels } from '../../projections/schema';
import { lookupsPerUser, rng, userHistory } from './generate';

export interface SeedOptions {
  users: number;
  lookups: number;
  /** Request log lines to write, at most 3 per lookup. */
  logLines?: number;
  historyDays?: number;
  seed?: number;
  now?: Date;
  /** Parallel appends; PostgreSQL takes several, PGlite one at a time. */
  concurrency?: number;
  onProgress?: (stage: 'events' | 'logs' | 'projections', done: number, total: number) => void;
}

/** Events per append: a user's history is generated, and appended with others', this much at a time. */
const APPEND_CHUNK = 2000;

/**
 * Writes a realistic history through the domain: each user's events as the deciders decide
 * them, appended in batches, request log lines through the service's log writer, then runs the
 * projections until every read model has caught up.
 */
export async function seedDemo(database: Database, store: EventStore, options: SeedOptions) {
  const seed = options.seed ?? 42;
  const now = (options.now ?? new Date()).getTime();
  const perUser = lookupsPerUser(rng(seed), options.users, options.lookups);
  const logLinesPerLookup =
    options.lookups > 0 ? Math.min(3, (options.logLines ?? options.lookups * 2.5) / options.lookups) : 0;
  const concurrency = options.concurrency ?? (database.kind === 'postgres' ? 6 : 1);
  let events = 0;
  let lookupsDone = 0;
  const started = performance.now();
  // Each lane appends its users' parts in order, many streams to one statement and one commit:
  // appended one part at a time, 100,000 users' small streams took 400,000 round trips.
  // Each lane writes its own request log lines: one writer sends one batch at a time, and its
  // lines took four fifths of the seed's appends (500,000 lines 38 s, 440,000 events 8 s).
  const writers = Array.from(
    { length: concurrency },
    () => new RequestLogWriter(operationalDb(database), { capacity: 1_000_000, batchSize: 2000 }),
  );
  const lane = async (first: number) => {
    const writer = writers[first]!;
    let batch: StreamAppend[] = [];
    let batchEvents = 0;
    let batchLookups = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const outcomes = await store.appendEach(batch);
      const refused = outcomes.find((o) => !o.ok);
      if (refused && !refused.ok) throw refused.error;
      events += batchEvents;
      lookupsDone += batchLookups;
      options.onProgress?.('events', lookupsDone, options.lookups);
      batch = [];
      batchEvents = 0;
      batchLookups = 0;
      if (writer.stats().queued >= 20_000) await writer.flush();
    };
    for (let index = first; index < options.users; index += concurrency) {
      const history = userHistory(
        {
          seed,
          index,
          lookups: perUser[index]!,
          now,
          historyDays: options.historyDays ?? 180,
          logLinesPerLookup,
        },
        APPEND_CHUNK,
      );
      // A user's parts stay in this lane, in order: each expects the revision the one before left.
      for (const { stream, events: partEvents, expected, logLines, lookups } of history) {
        batch.push({ stream, events: partEvents, expected });
        batchEvents += partEvents.length;
        batchLookups += lookups;
        for (const line of logLines) writer.sink(line);
        if (batchEvents >= APPEND_CHUNK) await flush();
      }
    }
    await flush();
  };
  await Promise.all(Array.from({ length: concurrency }, (_, first) => lane(first)));
  for (const writer of writers) while (writer.stats().queued > 0) await writer.flush();
  const seededAt = performance.now();
  const runner = new ProjectionRunner({
    store,
    readModels: readModels(database.db),
    projections: allProjections,
    locks: database.locks,
    batchSize: database.kind === 'pglite' ? 500 : 2000,
  });
  runner.start();
  const total = events * allProjections.length;
  const timer = setInterval(() => {
    const applied = runner.status().reduce((n, s) => n + s.applied, 0);
    options.onProgress?.('projections', Math.min(applied, total), total);
  }, 500);
  try {
    // Watch the runner's own status rather than polling the store: the catch-up keeps the machine.
    while (!runner.status().every((s) => s.state === 'running' && s.caughtUp))
      await new Promise((r) => setTimeout(r, 500));
    await runner.settled(24 * 3_600_000);
  } finally {
    clearInterval(timer);
    await runner.stop();
  }
  return {
    events,
    logLines: writers.reduce((n, w) => n + w.stats().written, 0),
    lostLogLines: writers.reduce((n, w) => n + w.stats().lost, 0),
    appendSeconds: (seededAt - started) / 1000,
    projectionSeconds: (performance.now() - seededAt) / 1000,
  };
}
