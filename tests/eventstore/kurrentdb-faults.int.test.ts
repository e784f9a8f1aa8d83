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

  it('stores a retried append once after a failover forgot the ids of recent writes', async () => {
    const stream = `faults-${randomUUID()}`;
    const events = [tick(0), tick(1)];
    await store.append(stream, events, { expected: 'any' });
    node.failover();
    for (const expected of ['any', 'stream_exists'] as const)
      expect(await store.append(stream, events, { expected })).toEqual({
        nextRevision: 1n,
        idempotent: true,
      });
    expect(await store.readStream(stream)).toHaveLength(2);
  });

  it('appends although the client clock is 15 s behind the node', async () => {
    const stream = `faults-${randomUUID()}`;
    node.writes.clockSkewMs = 15_000;
    try {
      expect(await store.append(stream, [tick(0)], { expected: 'no_stream' })).toEqual({
        nextRevision: 0n,
        idempotent: false,
      });
    } finally {
      node.writes.clockSkewMs = 0;
    }
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('stores concurrent copies of one append once, though the node drops the copy until the first is replicated', async () => {
    const stream = `faults-${randomUUID()}`;
    await store.append(stream, [tick(0)], { expected: 'no_stream' });
    const events = [tick(1), tick(2)];
    node.writes.replicationMs = 200;
    try {
      const results = await Promise.all([
        store.append(stream, events, { expected: 0n }),
        sleep(20).then(() => store.append(stream, events, { expected: 0n })),
      ]);
      expect(results.map((r) => r.nextRevision)).toEqual([2n, 2n]);
      expect(results.filter((r) => r.idempotent)).toHaveLength(1);
    } finally {
      node.writes.replicationMs = 0;
    }
    expect((await store.readStream(stream)).map((e) => e.data.n)).toEqual([0, 1, 2]);
  });

  it("reports a write over the node's size limits as refused for good, not as an outage", async () => {
    const stream = `faults-${randomUUID()}`;
    const big = { id: randomUUID(), type: 'Big', data: { text: 'x'.repeat(2_000) } };
    node.writes.maxAppendEventSize = 1_000;
    try {
      const refused = await store.append(stream, [big], { expected: 'any' }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(EventStoreRefusedError);
      expect((refused as Error).message).toContain('MaximumAppendEventSizeExceeded');
    } finally {
      node.writes.maxAppendEventSize = 16 * 1024 * 1024;
    }
    node.writes.maxAppendSize = 3_000;
    try {
      const two = [0, 1].map(() => ({ ...big, id: randomUUID() }));
      const refused = await store.append(stream, two, { expected: 'any' }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(EventStoreRefusedError);
    } finally {
      node.writes.maxAppendSize = 256 * 1024 * 1024;
    }
    expect(await store.readStream(stream)).toEqual([]);
  });

  it('reads from the leader, so a follower that lags never hides a write from a retry', async () => {
    // The client's bridge marks every read "requires-leader" under its default node preference;
    // a node serving reads from its own lagging copy would otherwise show a stale stream.
    const stream = `faults-${randomUUID()}`;
    const events = [tick(0), tick(1), tick(2)];
    await store.append(stream, events, { expected: 'no_stream' });
    node.lagAsFollower(2);
    try {
      expect((await store.readStream(stream)).map((e) => e.data.n)).toEqual([0, 1, 2]);
      for (const expected of [0n, 2n, 'any'] as const)
        expect(await store.append(stream, events, { expected })).toEqual({
          nextRevision: 2n,
          idempotent: true,
        });
      await store.append(stream, [tick(3)], { expected: 2n });
      const { events: all } = await store.readAll({ after: START, limit: 10_000 });
      expect(all.filter((e) => e.streamName === stream)).toHaveLength(4);
    } finally {
      node.lagAsFollower(0);
    }
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

  it('steps over an event another writer put in the log, counts it, and goes on', async () => {
    const table = freshName('applied');
    await createRecordingTable(database.db, table);
    const name = freshName('p');
    const runner = new ProjectionRunner({
      store,
      readModels: readModels(database.db),
      projections: [recordingProjection(name, table)],
      locks: database.locks,
      pollMs: 20,
    });
    runner.start();
    try {
      const ours = `faults-${randomUUID()}`;
      await store.append(ours, [tick(0)], { expected: 'no_stream' });
      node.log.append(
        `foreign-${randomUUID()}`,
        [
          {
            id: randomUUID(),
            type: 'Blob',
            contentType: 'application/octet-stream',
            data: new Uint8Array([0xff, 0]),
            customMetadata: new Uint8Array(),
          },
        ],
        'any',
      );
      await store.append(ours, [tick(1)], { expected: 0n });
      await runner.settled(10_000);
      const recorded = await countRecorded(database.db, table);
      expect(recorded.rows).toBeGreaterThanOrEqual(2);
      expect(runner.status().find((s) => s.name === name)).toMatchObject({ unreadable: 1, state: 'running' });
    } finally {
      await runner.stop();
    }
  });
});
