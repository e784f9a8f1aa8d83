import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  FORWARDS,
  jsonEvent,
  KurrentDBClient,
  NotLeaderError,
  START,
  STREAM_EXISTS,
  StreamDeletedError,
  StreamNotFoundError,
  AccessDeniedError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  type Position,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KurrentDbStandIn } from '../support/kurrentdb/server';

/**
 * The stand-in answers the client as KurrentDB documents it. These talk to it through
 * `@kurrent/kurrentdb-client` itself (its gRPC calls and its Rust reader), not through the adapter.
 */

const tick = (n: number, type = 'Tick') => jsonEvent({ id: randomUUID(), type, data: { n } });

async function all<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

const positionOf = (e: ResolvedEvent) => e.event!.position as Position;
const after = (a: Position, b: Position) =>
  a.commit > b.commit || (a.commit === b.commit && a.prepare > b.prepare);

describe('the KurrentDB stand-in, through the client', () => {
  let node: KurrentDbStandIn;
  let client: KurrentDBClient;
  beforeAll(async () => {
    node = await KurrentDbStandIn.start();
    client = KurrentDBClient.connectionString(node.url);
  });
  afterAll(async () => {
    await client?.dispose();
    await node?.close();
  });

  it('gives each event a position past the last one, and $all holds every event once in commit order', async () => {
    const streams = [`a-${randomUUID()}`, `b-${randomUUID()}`];
    await Promise.all(
      streams.map(async (s) => {
        for (let n = 0; n < 20; n++) await client.appendToStream(s, tick(n));
      }),
    );
    const log = (await all(client.readAll({ fromPosition: START, maxCount: 10_000 }))).filter((e) =>
      streams.includes(e.event!.streamId),
    );
    expect(log).toHaveLength(40);
    expect(new Set(log.map((e) => e.event!.id)).size).toBe(40);
    for (let i = 1; i < log.length; i++)
      expect(after(positionOf(log[i]!), positionOf(log[i - 1]!))).toBe(true);
    for (const s of streams) {
      expect(log.filter((e) => e.event!.streamId === s).map((e) => e.event!.revision)).toEqual(
        Array.from({ length: 20 }, (_, i) => BigInt(i)),
      );
    }
  });

  it('reads $all forwards from a position including it, and backwards from it excluding it', async () => {
    const s = `c-${randomUUID()}`;
    await client.appendToStream(s, [tick(0), tick(1), tick(2)]);
    const ours = (await all(client.readAll({ fromPosition: START, maxCount: 10_000 }))).filter(
      (e) => e.event!.streamId === s,
    );
    const middle = positionOf(ours[1]!);
    const forwards = await all(client.readAll({ fromPosition: middle, direction: FORWARDS, maxCount: 2 }));
    expect(forwards.map((e) => e.event!.data)).toEqual([{ n: 1 }, { n: 2 }]);
    const backwards = await all(client.readAll({ fromPosition: middle, direction: BACKWARDS, maxCount: 1 }));
    expect(backwards.map((e) => e.event!.data)).toEqual([{ n: 0 }]);
    const last = await all(client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 }));
    expect(last[0]!.event!.data).toEqual({ n: 2 });
  });

  it('reads a stream both ways and reports a missing one as not found', async () => {
    const s = `d-${randomUUID()}`;
    await client.appendToStream(s, [tick(0), tick(1), tick(2)]);
    const back = await all(client.readStream(s, { fromRevision: 1n, direction: BACKWARDS }));
    expect(back.map((e) => e.event!.revision)).toEqual([1n, 0n]);
    await expect(all(client.readStream(`missing-${randomUUID()}`))).rejects.toBeInstanceOf(
      StreamNotFoundError,
    );
  });

  it('recognises a retry by event ids under stream_exists, and refuses stream_exists on a missing stream', async () => {
    const s = `e-${randomUUID()}`;
    await client.appendToStream(s, tick(0));
    const events = [tick(1), tick(2)];
    const first = await client.appendToStream(s, events, { streamState: STREAM_EXISTS });
    const retry = await client.appendToStream(s, events, { streamState: STREAM_EXISTS });
    expect([first.nextExpectedRevision, retry.nextExpectedRevision]).toEqual([2n, 2n]);
    expect(await all(client.readStream(s))).toHaveLength(3);
    const missing = await client
      .appendToStream(`f-${randomUUID()}`, tick(0), { streamState: STREAM_EXISTS })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(WrongExpectedVersionError);
    expect((missing as WrongExpectedVersionError).actualState).toBe('no_stream');
  });

  it('starts a subscription after its position, signals caught up, then follows live without skipping or repeating', async () => {
    const s = `g-${randomUUID()}`;
    await client.appendToStream(s, [tick(0), tick(1)]);
    const ours = (await all(client.readAll({ fromPosition: START, maxCount: 10_000 }))).filter(
      (e) => e.event!.streamId === s,
    );
    const subscription = client.subscribeToAll({
      fromPosition: positionOf(ours[0]!),
      filter: excludeSystemEvents(),
    });
    const seen: number[] = [];
    let caughtUpAt = -1;
    subscription.on('caughtUp', () => (caughtUpAt = seen.length));
    subscription.on('data', (e: ResolvedEvent) => {
      if (e.event?.streamId === s) seen.push((e.event.data as { n: number }).n);
    });
    try {
      await expect.poll(() => caughtUpAt, { timeout: 5_000 }).toBe(1);
      // Concurrent appends while live: each one arrives once, in stream order.
      await Promise.all(Array.from({ length: 8 }, (_, i) => client.appendToStream(s, tick(i + 2))));
      await expect.poll(() => seen.length, { timeout: 5_000 }).toBe(9);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect([...seen].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    } finally {
      await subscription.unsubscribe();
    }
  });

  it('sends checkpoints from a filtered subscription while skipping what the filter leaves out', async () => {
    const s = `h-${randomUUID()}`;
    await client.appendToStream(
      s,
      Array.from({ length: 70 }, (_, n) => tick(n, n % 10 === 0 ? 'Wanted' : 'Other')),
    );
    const checkpoints: Position[] = [];
    const subscription = client.subscribeToAll({
      fromPosition: START,
      filter: eventTypeFilter({
        prefixes: ['Wanted'],
        checkpointInterval: 1,
        checkpointReached: (_sub, position) => void checkpoints.push(position),
      }),
    });
    const wanted: number[] = [];
    subscription.on('data', (e: ResolvedEvent) => {
      if (e.event?.streamId === s) wanted.push((e.event.data as { n: number }).n);
    });
    try {
      await expect.poll(() => wanted.length, { timeout: 5_000 }).toBe(7);
      expect(wanted).toEqual([0, 10, 20, 30, 40, 50, 60]);
      expect(checkpoints.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < checkpoints.length; i++)
        expect(after(checkpoints[i]!, checkpoints[i - 1]!)).toBe(true);
    } finally {
      await subscription.unsubscribe();
    }
  });

  it('answers with the errors KurrentDB documents: not leader naming the leader, stream deleted, access denied', async () => {
    node.answerNotLeader(1);
    const notLeader = await client.appendToStream(`i-${randomUUID()}`, tick(0)).catch((e: unknown) => e);
    expect(notLeader).toBeInstanceOf(NotLeaderError);
    expect((notLeader as NotLeaderError).leader).toEqual({ address: '127.0.0.1', port: node.port });

    const s = `j-${randomUUID()}`;
    await client.appendToStream(s, tick(0));
    node.tombstone(s);
    await expect(client.appendToStream(s, tick(1))).rejects.toBeInstanceOf(StreamDeletedError);
    await expect(all(client.readStream(s))).rejects.toBeInstanceOf(StreamDeletedError);

    node.denyAccess(true);
    try {
      await expect(client.appendToStream(`k-${randomUUID()}`, tick(0))).rejects.toBeInstanceOf(
        AccessDeniedError,
      );
      await expect(all(client.readAll({ maxCount: 1 }))).rejects.toBeInstanceOf(AccessDeniedError);
    } finally {
      node.denyAccess(false);
    }
  });
});
