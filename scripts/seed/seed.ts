import { operationalDb } from '../../api/db/operational';
import type { Database } from '../../api/db/database';
import { RequestLogWriter } from '../../api/logging/request-log-writer';
import type { EventStore, NewEvent } from '../../domain/eventstore/types';
import { allProjections } from '../../projections';
import { ProjectionRunner } from '../../projections/runner';
import { readModels } from '../../projections/schema';
import { generateUser, lookupsPerUser, rng } from './generate';

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

const APPEND_CHUNK = 2000;

async function appendAll(store: EventStore, name: string, events: NewEvent[]) {
  let expected: 'no_stream' | bigint = 'no_stream';
  for (let i = 0; i < events.length; i += APPEND_CHUNK) {
    const result = await store.append(name, events.slice(i, i + APPEND_CHUNK), { expected });
    expected = result.nextRevision;
  }
}

/**
 * Writes a realistic history through the domain: each user's events as the deciders decide
 * them, appended in batches, request log lines through the background writer, then runs the
 * projections until every read model has caught up.
 */
export async function seedDemo(database: Database, store: EventStore, options: SeedOptions) {
  const r = rng(options.seed ?? 42);
  const now = (options.now ?? new Date()).getTime();
  const perUser = lookupsPerUser(r, options.users, options.lookups);
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
      const user = generateUser(r, {
        index,
        lookups: perUser[index]!,
        now,
        historyDays: options.historyDays ?? 180,
        logLinesPerLookup,
      });
      for (const stream of user.streams) {
        await appendAll(store, stream.name, stream.events);
        events += stream.events.length;
      }
      for (const line of user.logLines) writer.sink(line);
      if (writer.stats().queued >= 20_000) await writer.flush();
      lookupsDone += user.lookups;
      options.onProgress?.('events', lookupsDone, options.lookups);
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
