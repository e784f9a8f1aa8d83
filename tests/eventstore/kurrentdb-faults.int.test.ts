import { randomUUID } from 'node:crypto';
import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KurrentEventStore } from '../../api/adapters/eventstore/kurrentdb/store';
import { openPglite, type Database } from '../../api/db/database';
import { migrateOperational } from '../../api/db/operational';
import {
  EventStoreRefusedError,
  EventStoreUnavailableError,
  START,
  type EventStore,
  type ExpectedStreamState,
  type NewEvent,
} from '../../domain/eventstore/types';
import { ProjectionRunner } from '../../projections/runner';
import { migrateReadModels, readModels } from '../../projections/schema';
import { freshName } from '../support/databases';
import { KurrentDbStandIn } from '../support/kurrentdb/server';
import { countRecorded, createRecordingTable, recordingProjection } from '../support/test-projection';

/** How long the adapter waits for an answer here; production takes the connection string's (10 s by default). */
const DEADLINE_MS = 500;

const tick = (n: number): NewEvent => ({ id: randomUUID(), type: 'Tick', data: { n } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a command handler does with an unavailable store: the same append again, same ids, until it lands. */
async function appendUntilStored(
  store: EventStore,
  stream: string,
  events: NewEvent[],
  expected: ExpectedStreamState,
) {
  for (;;) {
    try {
      return await store.append(stream, events, { expected });
    } catch (error) {
      if (!(error instanceof EventStoreUnavailableError)) throw error;
      await sleep(50);
    }
  }
}

describe('the KurrentDB event store when the node misbehaves', () => {
  let node: KurrentDbStandIn;
  let store: KurrentEventStore;
  beforeAll(async () => {
    node = await KurrentDbStandIn.start();
    store = new KurrentEventStore(KurrentDBClient.connectionString(node.url), DEADLINE_MS);
  });
  afterAll(async () => {
    await store?.close();
    await node?.close();
  });

  it('reports a node that is not ready as unavailable, for appends and reads alike', async () => {
    const stream = `faults-${randomUUID()}`;
    node.notReady(true);
    try {
      await expect(store.append(stream, [tick(0)], { expected: 'no_stream' })).rejects.toBeInstanceOf(
        EventStoreUnavailableError,
      );
      await expect(store.readStream(stream)).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await expect(store.readAll({ after: START, limit: 10 })).rejects.toBeInstanceOf(
        EventStoreUnavailableError,
      );
    } finally {
      node.notReady(false);
    }
    await appendUntilStored(store, stream, [tick(0)], 'no_stream');
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('reports "not leader" as unavailable, and the retry writes the events once', async () => {
    const stream = `faults-${randomUUID()}`;
    const events = [tick(0), tick(1)];
    node.answerNotLeader(1);
    await expect(store.append(stream, events, { expected: 'no_stream' })).rejects.toBeInstanceOf(
      EventStoreUnavailableError,
    );
    expect(await appendUntilStored(store, stream, events, 'no_stream')).toEqual({
      nextRevision: 1n,
      idempotent: false,
    });
    expect((await store.readStream(stream)).map((e) => e.data.n)).toEqual([0, 1]);
  });

  it('gives up on a stalled node within its deadline, and a retry after it resumes finds the one copy', async () => {
    const stream = `faults-${randomUUID()}`;
    const events = [tick(0)];
    node.stall();
    const started = Date.now();
    try {
      await expect(store.append(stream, events, { expected: 'no_stream' })).rejects.toBeInstanceOf(
        EventStoreUnavailableError,
      );
      await expect(store.readAll({ after: START, limit: 10 })).rejects.toBeInstanceOf(
        EventStoreUnavailableError,
      );
    } finally {
      node.resume();
    }
    expect(Date.now() - started).toBeLessThan(10 * DEADLINE_MS);
    // The stalled append was taken and lands once the node resumes: the retry is recognised.
    const retried = await appendUntilStored(store, stream, events, 'no_stream');
    expect(retried.nextRevision).toBe(0n);
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('reports a connection dropped mid-append as unavailable, and the next call reconnects', async () => {
    const stream = `faults-${randomUUID()}`;
    const events = [tick(0), tick(1), tick(2)];
    node.stall();
    const inFlight = store.append(stream, events, { expected: 'no_stream' }).catch((e: unknown) => e);
    await sleep(100);
    node.dropConnections();
    node.resume();
    const outcome = await inFlight;
    if (outcome instanceof Error) expect(outcome).toBeInstanceOf(EventStoreUnavailableError);
    await appendUntilStored(store, stream, events, 'no_stream');
    expect((await store.readStream(stream)).map((e) => e.data.n)).toEqual([0, 1, 2]);
  });

  it('tells a refusal from an outage: access denied and a deleted stream are final, not "unavailable"', async () => {
    const stream = `faults-${randomUUID()}`;
    await store.append(stream, [tick(0)], { expected: 'no_stream' });
    node.denyAccess(true);
    try {
      const denied = await store.append(stream, [tick(1)], { expected: 0n }).catch((e: unknown) => e);
      expect(denied).toBeInstanceOf(EventStoreRefusedError);
      expect((denied as Error).message).toContain('AccessDenied');
    } finally {
      node.denyAccess(false);
    }
    node.tombstone(stream);
    const deleted = await store.append(stream, [tick(1)], { expected: 0n }).catch((e: unknown) => e);
    expect(deleted).toBeInstanceOf(EventStoreRefusedError);
    expect((deleted as Error).message).toContain(stream);
  });
});

describe('the projection runner on KurrentDB through faults', () => {
  let node: KurrentDbStandIn;
  let store: KurrentEventStore;
  let database: Database;
  beforeAll(async () => {
    node = await KurrentDbStandIn.start();
    store = new KurrentEventStore(KurrentDBClient.connectionString(node.url), DEADLINE_MS);
    database = await openPglite(undefined);
    await migrateReadModels(database.db, database.schema);
    await migrateOperational(database);
  });
  afterAll(async () => {
    await store?.close();
    await database?.close();
    await node?.close();
  });

  it('backs off while the node drops, refuses or stalls, and resumes from its checkpoint: each event applied once', async () => {
    const table = freshName('applied');
    await createRecordingTable(database.db, table);
    const runner = new ProjectionRunner({
      store,
      readModels: readModels(database.db),
      projections: [recordingProjection(freshName('p'), table)],
      locks: database.locks,
      batchSize: 10,
      pollMs: 20,
    });
    const seen = new Set<string>();
    const seenWhileStalled = new Set<string>();
    let stalled = false;
    const watch = setInterval(() => {
      for (const s of runner.status()) (stalled ? seenWhileStalled : seen).add(s.state);
    }, 10);
    runner.start();
    const streams = Array.from({ length: 4 }, () => `faults-${randomUUID()}`);
    const perStream = 60;
    const writing = Promise.all(
      streams.map(async (stream) => {
        for (let n = 0; n < perStream; n += 5) {
          const batch = Array.from({ length: 5 }, (_, i) => tick(n + i));
          await appendUntilStored(store, stream, batch, n === 0 ? 'no_stream' : BigInt(n - 1));
        }
      }),
    );
    try {
      await sleep(150);
      node.dropConnections();
      await sleep(150);
      node.answerNotLeader(3);
      await sleep(150);
      node.stall();
      stalled = true;
      await sleep(3 * DEADLINE_MS);
      stalled = false;
      node.resume();
      await sleep(150);
      node.notReady(true);
      await sleep(2 * DEADLINE_MS);
      node.notReady(false);
      await writing;
      await runner.settled(30_000);
    } finally {
      clearInterval(watch);
      node.resume();
      node.notReady(false);
      await runner.stop();
    }
    expect(seen).toContain('retrying');
    // A stalled node is noticed too: the read gives up at its deadline and the runner backs off.
    expect(seenWhileStalled).toContain('retrying');
    expect(await countRecorded(database.db, table)).toEqual({
      rows: streams.length * perStream,
      distinct: streams.length * perStream,
    });
    for (const stream of streams) {
      expect((await store.readStream(stream)).map((e) => e.data.n)).toEqual(
        Array.from({ length: perStream }, (_, n) => n),
      );
    }
  }, 60_000);
});
