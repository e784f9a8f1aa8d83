import { operationalDb } from '../../api/db/operational';
import type { Database } from '../../api/db/database';
import { RequestLogWriter } from '../../api/logging/request-log-writer';
import type { EventStore, ExpectedStreamState } from '../../domain/eventstore/types';
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

/** Credits events per append: a user's history is generated and appended this much at a time. */
const APPEND_CHUNK = 2000;

/**
 * Writes a realistic history through the domain: each user's events as the deciders decide
 * them, appended in batches, request log lines through the background writer, then runs the
 * projections until every read model has caught up.
 */
export async function seedDemo(database: Database, store: EventStore, options: SeedOptions) {
  const seed = options.seed ?? 42;
  const now = (options.now ?? new Date()).getTime();
  const perUser = lookupsPerUser(rng(seed), options.users, options.lookups);
  const logLinesPerLookup =
    options.lookups > 0 ? Math.min(3, (options.logLines ?? options.lookups * 2.5) / options.lookups) : 0;
  const writer = new RequestLogWriter(operationalDb(database), { capacity: 1_000_000, batchSize: 2000 });
  const concurrency = options.concurrency ?? (database.kind === 'postgres' ? 6 : 1);
  let events = 0;
  let lookupsDone = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= options.users) return;
      const revisions = new Map<string, ExpectedStreamState>();
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
      for (const part of history) {
        const { nextRevision } = await store.append(part.stream, part.events, {
          expected: revisions.get(part.stream) ?? 'no_stream',
        });
        revisions.set(part.stream, nextRevision);
        events += part.events.length;
        for (const line of part.logLines) writer.sink(line);
        if (writer.stats().queued >= 20_000) await writer.flush();
        lookupsDone += part.lookups;
        options.onProgress?.('events', lookupsDone, options.lookups);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  while (writer.stats().queued > 0) await writer.flush();
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
    logLines: writer.stats().written,
    lostLogLines: writer.stats().lost,
    appendSeconds: (seededAt - started) / 1000,
    projectionSeconds: (performance.now() - seededAt) / 1000,
  };
}
