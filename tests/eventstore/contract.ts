import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeToAll } from '../support/subscribe';
import {
  InvalidEventError,
  MAX_EVENT_BYTES,
  MAX_STREAM_PAGE,
  START,
  WrongExpectedVersionError,
  type Checkpoint,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  type StreamPage,
} from '../../domain/eventstore/types';

export interface ContractSubject {
  store: EventStore;
  close(): Promise<void>;
}

const event = (type = 'Something', data: Record<string, unknown> = { n: 1 }): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { correlationId: 'c-1', requestId: 'r-1' },
});

const stream = () => `contract-${randomUUID()}`;

/** The events of the given streams committed after `from`, once catch-up can read all of them. */
async function readOurs(
  store: EventStore,
  streams: Set<string>,
  from: Checkpoint = START,
): Promise<RecordedEvent[]> {
  await store.awaitVisible();
  const seen: RecordedEvent[] = [];
  for (let after = from; ;) {
    const { events, next } = await store.readAll({ after, limit: 1000 });
    if (events.length === 0) return seen;
    seen.push(...events.filter((e) => streams.has(e.streamName)));
    after = next;
  }
}

/**
 * What every event-store adapter promises. Streams get fresh names, so a suite can share its
 * store with other suites and still assert exactly.
 */
export function eventStoreContract(
  name: string,
  open: () => Promise<ContractSubject>,
  torture = { writers: 16, events: 10_000 },
) {
  describe(`event store contract: ${name}`, () => {
    let subject: ContractSubject;
    let store: EventStore;
    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    }, 60_000);
    afterAll(async () => subject?.close());

    it('appends to a new stream with no_stream and reads it back in order with its metadata', async () => {
      const s = stream();
      const events = [event('A', { a: 1 }), event('B', { b: [1, 2] })];
      const result = await store.append(s, events, { expected: 'no_stream' });
      expect(result).toEqual({ nextRevision: 1n, idempotent: false });
      const read = await store.readStream(s);
      expect(read.map((e) => [e.type, e.data, e.revision, e.id])).toEqual([
        ['A', { a: 1 }, 0n, events[0]!.id],
        ['B', { b: [1, 2] }, 1n, events[1]!.id],
      ]);
      expect(read[0]!.metadata).toMatchObject({ correlationId: 'c-1', requestId: 'r-1' });
      expect(read[0]!.streamName).toBe(s);
      expect(Number.isNaN(Date.parse(read[0]!.recordedAt))).toBe(false);
    });

    it('reads every event back exactly as appended, from its stream, from the log and from a typed read alike', async () => {
      const s = stream();
      const awkward = {
        text: 'Zürich – 東京 😀 "quoted" \\ back\\slash',
        nested: { list: [1, 2.5, -3, null, true, 'x'], empty: {}, none: [] },
        big: 9007199254740991,
        blank: '',
      };
      const before = Date.now();
      const events = [event('ContractAwkward', awkward), event('ContractPlain', { n: 2 })];
      await store.append(s, events, { expected: 'no_stream' });
      const fromStream = await store.readStream(s);
      const fromLog = await readOurs(store, new Set([s]));
      const typed: RecordedEvent[] = [];
      for (let after: Checkpoint = START; ;) {
        const page = await store.readAll({ after, limit: 1000, types: ['ContractAwkward'] });
        typed.push(...page.events.filter((e) => e.streamName === s));
        if (page.atEnd) break;
        after = page.next;
      }
      expect(fromStream[0]!.data).toEqual(awkward);
      expect(fromStream[0]!.metadata).toMatchObject(events[0]!.metadata!);
      expect(fromLog).toEqual(fromStream);
      expect(typed).toEqual([fromStream[0]]);
      const recordedAt = Date.parse(fromStream[0]!.recordedAt);
      expect(recordedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(recordedAt).toBeLessThanOrEqual(Date.now() + 1000);
      expect(fromStream[0]!.recordedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    it('reads a missing stream as empty and a stream from a given revision', async () => {
      const s = stream();
      expect(await store.readStream(s)).toEqual([]);
      await store.append(s, [event('A'), event('B'), event('C')], { expected: 'no_stream' });
      const tail = await store.readStream(s, { fromRevision: 1n });
      expect(tail.map((e) => e.type)).toEqual(['B', 'C']);
      expect((await store.readStream(s, { fromRevision: 0n, maxCount: 2 })).map((e) => e.type)).toEqual([
        'A',
        'B',
      ]);
    });

    it('reads a stream in bounded pages that join up to exactly the stream', async () => {
      const s = stream();
      await store.append(
        s,
        Array.from({ length: 12 }, (_, i) => event('P', { i })),
        { expected: 'no_stream' },
      );
      await store.append(
        s,
        Array.from({ length: 13 }, (_, i) => event('P', { i: 12 + i })),
        { expected: 11n },
      );
      const pages: StreamPage[] = [];
      for (let from: bigint | null = 0n; from !== null;) {
        const page = await store.readStreamPage(s, { fromRevision: from, limit: 10 });
        pages.push(page);
        from = page.next;
      }
      expect(pages.map((p) => [p.events.length, p.next])).toEqual([
        [10, 10n],
        [10, 20n],
        [5, null],
      ]);
      const joined = pages.flatMap((p) => p.events);
      expect(joined.map((e) => e.data.i)).toEqual(Array.from({ length: 25 }, (_, i) => i));
      expect(joined).toEqual(await store.readStream(s));
      const middle = await store.readStreamPage(s, { fromRevision: 7n, limit: 3 });
      expect(middle.events.map((e) => e.revision)).toEqual([7n, 8n, 9n]);
      expect(middle.next).toBe(10n);
      // A page that ends exactly at the stream's end cannot know it: the next one is empty and last.
      expect(await store.readStreamPage(s, { fromRevision: 20n, limit: 5 })).toMatchObject({ next: 25n });
      expect(await store.readStreamPage(s, { fromRevision: 25n, limit: 5 })).toEqual({
        events: [],
        next: null,
      });
      expect(await store.readStreamPage(stream(), { fromRevision: 0n, limit: 5 })).toEqual({
        events: [],
        next: null,
      });
    });

    it('refuses a page without bounds', async () => {
      const s = stream();
      await store.append(s, [event()], { expected: 'no_stream' });
      for (const limit of [0, -1, 1.5, MAX_STREAM_PAGE + 1, Number.NaN]) {
        await expect(store.readStreamPage(s, { fromRevision: 0n, limit })).rejects.toBeInstanceOf(RangeError);
      }
      await expect(store.readStreamPage(s, { fromRevision: -1n, limit: 1 })).rejects.toBeInstanceOf(
        RangeError,
      );
      expect(
        (await store.readStreamPage(s, { fromRevision: 0n, limit: MAX_STREAM_PAGE })).events,
      ).toHaveLength(1);
    });

    it('pages through a stream while a writer appends to it, missing and repeating nothing', async () => {
      const s = stream();
      const total = 150;
      const writing = (async () => {
        for (let i = 0; i < total; i++) {
          await store.append(s, [event('Tick', { i })], { expected: i === 0 ? 'no_stream' : BigInt(i - 1) });
        }
      })();
      const seen: RecordedEvent[] = [];
      for (let from = 0n; seen.length < total;) {
        const page = await store.readStreamPage(s, { fromRevision: from, limit: 7 });
        seen.push(...page.events);
        from = page.next ?? from + BigInt(page.events.length);
        if (page.next === null) await new Promise((r) => setTimeout(r, 1));
      }
      await writing;
      expect(seen.map((e) => e.revision)).toEqual(Array.from({ length: total }, (_, i) => BigInt(i)));
      expect(seen.map((e) => e.data.i)).toEqual(Array.from({ length: total }, (_, i) => i));
    });

    it('refuses no_stream on an existing stream with a typed concurrency error and writes nothing', async () => {
      const s = stream();
      await store.append(s, [event()], { expected: 'no_stream' });
      const error = await store.append(s, [event()], { expected: 'no_stream' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect((error as WrongExpectedVersionError).actual).toBe(0n);
      expect(await store.readStream(s)).toHaveLength(1);
    });

    it('refuses stream_exists on a missing stream', async () => {
      const s = stream();
      const error = await store.append(s, [event()], { expected: 'stream_exists' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect((error as WrongExpectedVersionError).actual).toBe('no_stream');
      await store.append(s, [event()], { expected: 'no_stream' });
      expect((await store.append(s, [event()], { expected: 'stream_exists' })).nextRevision).toBe(1n);
    });

    it('appends at an exact revision and refuses a stale one without a partial write', async () => {
      const s = stream();
      await store.append(s, [event(), event()], { expected: 'no_stream' });
      expect((await store.append(s, [event()], { expected: 1n })).nextRevision).toBe(2n);
      const stale = await store
        .append(s, [event('X'), event('Y')], { expected: 1n })
        .catch((e: unknown) => e);
      expect(stale).toBeInstanceOf(WrongExpectedVersionError);
      expect((stale as WrongExpectedVersionError).actual).toBe(2n);
      expect((await store.readStream(s)).map((e) => e.type)).not.toContain('X');
      const missing = await store.append(stream(), [event()], { expected: 0n }).catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(WrongExpectedVersionError);
    });

    it('appends with any whether or not the stream exists', async () => {
      const s = stream();
      expect((await store.append(s, [event()], { expected: 'any' })).nextRevision).toBe(0n);
      expect((await store.append(s, [event(), event()], { expected: 'any' })).nextRevision).toBe(2n);
    });

    it('recognises a retried append with the same event ids and writes nothing, in every mode', async () => {
      for (const mode of ['no_stream', 'any'] as const) {
        const s = stream();
        const events = [event('A'), event('B')];
        await store.append(s, events, { expected: mode });
        const retry = await store.append(s, events, { expected: mode });
        expect(retry).toEqual({ nextRevision: 1n, idempotent: true });
        expect(await store.readStream(s)).toHaveLength(2);
      }
      const s = stream();
      await store.append(s, [event()], { expected: 'no_stream' });
      const second = [event('B')];
      await store.append(s, second, { expected: 0n });
      expect(await store.append(s, second, { expected: 0n })).toEqual({ nextRevision: 1n, idempotent: true });
      expect(await store.readStream(s)).toHaveLength(2);
    });

    it('stores the same events once when a retry carries the revision the first write left', async () => {
      // A command whose append landed but whose answer was lost reloads the stream and appends
      // the same events (same ids) at the revision it now reads: the stream's current one.
      const s = stream();
      await store.append(s, [event('Opened')], { expected: 'no_stream' });
      const events = [event('A'), event('B')];
      expect(await store.append(s, events, { expected: 0n })).toEqual({
        nextRevision: 2n,
        idempotent: false,
      });
      expect(await store.append(s, events, { expected: 2n })).toEqual({ nextRevision: 2n, idempotent: true });
      for (const expected of ['any', 'stream_exists'] as const)
        expect(await store.append(s, events, { expected })).toEqual({ nextRevision: 2n, idempotent: true });
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['Opened', 'A', 'B']);
      const outcomes = await store.appendEach([{ stream: s, events, expected: 2n }]);
      expect(outcomes).toEqual([{ ok: true, result: { nextRevision: 2n, idempotent: true } }]);
      expect(await store.readStream(s)).toHaveLength(3);
    });

    it('refuses an event over the size limit before sending it, naming the event and its stream', async () => {
      const s = stream();
      const huge = event('Huge', { text: 'x'.repeat(MAX_EVENT_BYTES) });
      const refused = await store.append(s, [event(), huge], { expected: 'any' }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(InvalidEventError);
      expect((refused as Error).message).toContain(`Event 1 of ${s} (Huge, id ${huge.id})`);
      expect(await store.readStream(s)).toEqual([]);
    });

    it('treats concurrent copies of the same append as one write', async () => {
      const s = stream();
      const events = [event('Once')];
      const results = await Promise.all(
        Array.from({ length: 10 }, () => store.append(s, events, { expected: 'no_stream' })),
      );
      expect(results.filter((r) => !r.idempotent)).toHaveLength(1);
      expect(await store.readStream(s)).toHaveLength(1);
    });

    it('appends to several streams at once, each on its own terms as a single append would', async () => {
      const [fresh1, fresh2, existing, retried] = [stream(), stream(), stream(), stream()];
      await store.append(existing, [event('Old')], { expected: 'no_stream' });
      const again = [event('Once')];
      await store.append(retried, again, { expected: 'no_stream' });
      const outcomes = await store.appendEach([
        { stream: fresh1, events: [event('A'), event('B')], expected: 'no_stream' },
        { stream: existing, events: [event('Clash')], expected: 'no_stream' },
        { stream: retried, events: again, expected: 'no_stream' },
        { stream: fresh2, events: [event('C')], expected: 'any' },
      ]);
      expect(outcomes.map((o) => (o.ok ? o.result : o.error.name))).toEqual([
        { nextRevision: 1n, idempotent: false },
        'WrongExpectedVersionError',
        { nextRevision: 0n, idempotent: true },
        { nextRevision: 0n, idempotent: false },
      ]);
      expect((await store.readStream(fresh1)).map((e) => e.type)).toEqual(['A', 'B']);
      expect((await store.readStream(existing)).map((e) => e.type)).toEqual(['Old']);
      expect((await store.readStream(retried)).map((e) => e.type)).toEqual(['Once']);
      expect((await store.readStream(fresh2)).map((e) => e.type)).toEqual(['C']);
    });

    it('writes a whole batch of new streams and recognises the same batch delivered again', async () => {
      const batch = Array.from({ length: 50 }, (_, i) => ({
        stream: stream(),
        events: [event('Requested', { i })],
        expected: 'no_stream' as const,
      }));
      const first = await store.appendEach(batch);
      expect(first.every((o) => o.ok && !o.result.idempotent && o.result.nextRevision === 0n)).toBe(true);
      const second = await store.appendEach(batch);
      expect(second.every((o) => o.ok && o.result.idempotent)).toBe(true);
      for (const { stream: s } of batch.slice(0, 5)) expect(await store.readStream(s)).toHaveLength(1);
      const ours = new Set(batch.map((b) => b.stream));
      const read = await readOurs(store, ours);
      expect(read.map((e) => e.data.i)).toEqual(expect.arrayContaining(batch.map((_, i) => i)));
      expect(read).toHaveLength(50);
    });

    it('appends to streams that exist at once, at a revision, to any state or to an existing stream', async () => {
      const [atOne, anyOld, exists, anyNew] = [stream(), stream(), stream(), stream()];
      await store.append(atOne, [event('A0'), event('A1')], { expected: 'no_stream' });
      await store.append(anyOld, [event('B0')], { expected: 'no_stream' });
      await store.append(exists, [event('C0'), event('C1'), event('C2')], { expected: 'no_stream' });
      const outcomes = await store.appendEach([
        { stream: atOne, events: [event('A2'), event('A3')], expected: 1n },
        { stream: anyOld, events: [event('B1')], expected: 'any' },
        { stream: exists, events: [event('C3')], expected: 'stream_exists' },
        { stream: anyNew, events: [event('D0'), event('D1')], expected: 'any' },
      ]);
      expect(outcomes.map((o) => (o.ok ? o.result : o.error.name))).toEqual([
        { nextRevision: 3n, idempotent: false },
        { nextRevision: 1n, idempotent: false },
        { nextRevision: 3n, idempotent: false },
        { nextRevision: 1n, idempotent: false },
      ]);
      const revisions = async (s: string) =>
        (await store.readStream(s)).map((e) => `${e.type}@${e.revision}`);
      expect(await revisions(atOne)).toEqual(['A0@0', 'A1@1', 'A2@2', 'A3@3']);
      expect(await revisions(anyOld)).toEqual(['B0@0', 'B1@1']);
      expect(await revisions(exists)).toEqual(['C0@0', 'C1@1', 'C2@2', 'C3@3']);
      expect(await revisions(anyNew)).toEqual(['D0@0', 'D1@1']);
    });

    it('refuses only the append of a batch whose stream has moved on, or does not exist, and writes the others', async () => {
      const [moved, onTime, missing] = [stream(), stream(), stream()];
      await store.append(moved, [event('M0'), event('M1')], { expected: 'no_stream' });
      await store.append(onTime, [event('T0')], { expected: 'no_stream' });
      const outcomes = await store.appendEach([
        { stream: moved, events: [event('Late')], expected: 0n },
        { stream: onTime, events: [event('T1')], expected: 0n },
        { stream: missing, events: [event('X')], expected: 'stream_exists' },
      ]);
      expect(outcomes.map((o) => (o.ok ? o.result.nextRevision : o.error.name))).toEqual([
        'WrongExpectedVersionError',
        1n,
        'WrongExpectedVersionError',
      ]);
      expect((await store.readStream(moved)).map((e) => e.type)).toEqual(['M0', 'M1']);
      expect((await store.readStream(onTime)).map((e) => e.type)).toEqual(['T0', 'T1']);
      expect(await store.readStream(missing)).toEqual([]);
    });

    it('lands two batches over the same streams at once, whatever order each names them in', async () => {
      const streams = Array.from({ length: 10 }, stream);
      const batch = (tag: string, names: string[]) =>
        store.appendEach(names.map((s) => ({ stream: s, events: [event(tag)], expected: 'any' as const })));
      const [first, second] = await Promise.all([
        batch('First', streams),
        batch('Second', [...streams].reverse()),
      ]);
      expect([...first, ...second].every((o) => o.ok)).toBe(true);
      for (const s of streams)
        expect((await store.readStream(s)).map((e) => e.type).sort()).toEqual(['First', 'Second']);
    });

    it('appends a batch that names a stream twice as the two appends one after the other', async () => {
      const s = stream();
      const outcomes = await store.appendEach([
        { stream: s, events: [event('One')], expected: 'any' },
        { stream: s, events: [event('Two')], expected: 'any' },
      ]);
      expect(outcomes.map((o) => o.ok && o.result.nextRevision).sort()).toEqual([0n, 1n]);
      expect((await store.readStream(s)).map((e) => e.type).sort()).toEqual(['One', 'Two']);
    });

    it('refuses a malformed event before it reaches storage', async () => {
      const s = stream();
      const bad: unknown[] = [
        { id: randomUUID(), type: '', data: {} },
        { id: randomUUID(), data: {} },
        { id: randomUUID(), type: 'T', data: [1] },
        { id: randomUUID(), type: 'T', data: 'text' },
        { id: randomUUID(), type: 'T', data: null },
        { id: 'not-a-uuid', type: 'T', data: {} },
      ];
      for (const b of bad) {
        await expect(store.append(s, [event(), b as NewEvent], { expected: 'any' })).rejects.toBeInstanceOf(
          InvalidEventError,
        );
      }
      await expect(store.append(s, [], { expected: 'any' })).rejects.toBeInstanceOf(InvalidEventError);
      expect(await store.readStream(s)).toEqual([]);
    });

    it('reads all events after a checkpoint, continuing exactly where the last read stopped', async () => {
      const start = (await store.readAll({ after: START, limit: 1_000_000 })).next;
      const s1 = stream();
      const s2 = stream();
      await store.append(s1, [event('A'), event('B')], { expected: 'no_stream' });
      await store.append(s2, [event('C')], { expected: 'no_stream' });
      await store.append(s1, [event('D')], { expected: 1n });
      const ours = new Set([s1, s2]);
      const all = await readOurs(store, ours, start);
      expect(all.map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
      // Reading on from the middle continues exactly after the event it names.
      const fromSecond = await readOurs(store, ours, all[1]!.position);
      expect(fromSecond.map((e) => e.type)).toEqual(['C', 'D']);
      const again = await store.readAll({ after: all.at(-1)!.position, limit: 10 });
      expect(again.events.filter((e) => e.streamName === s1 || e.streamName === s2)).toEqual([]);
    });

    it('reads only the events of the types asked for among the next `limit`, and continues past the others', async () => {
      const start = (await store.readAll({ after: START, limit: 1_000_000 })).next;
      const wanted = `Wanted-${randomUUID()}`;
      const other = `Other-${randomUUID()}`;
      const s1 = stream();
      const s2 = stream();
      await store.append(s1, [event(other), event(wanted, { n: 1 }), event(other)], {
        expected: 'no_stream',
      });
      await store.append(s2, [event(wanted, { n: 2 }), event(other), event(other)], {
        expected: 'no_stream',
      });
      await store.awaitVisible();
      const ours = (events: readonly RecordedEvent[]) =>
        events.filter((e) => e.streamName === s1 || e.streamName === s2);

      // The first three events of ours are s1's: one of them is of the type asked for.
      const window = await store.readAll({ after: start, limit: 3, types: [wanted] });
      expect(ours(window.events).map((e) => e.data)).toEqual([{ n: 1 }]);
      const afterWindow = await store.readAll({ after: window.next, limit: 10 });
      expect(ours(afterWindow.events)[0]?.streamName).toBe(s2);

      // Read on until `next` stops moving: every event of the type, in order, and nothing after.
      const seen: RecordedEvent[] = [];
      let after = start;
      for (;;) {
        const page = await store.readAll({ after, limit: 2, types: [wanted] });
        expect(page.events.every((e) => e.type === wanted)).toBe(true);
        seen.push(...page.events);
        if (page.next === after) break;
        after = page.next;
      }
      expect(ours(seen).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
      expect(ours((await store.readAll({ after, limit: 10 })).events)).toEqual([]);
    });

    it('tells a reader whether a page reached the end of the log, typed or not, so it rests instead of reading again', async () => {
      const start = (await store.readAll({ after: START, limit: 1_000_000 })).next;
      const wanted = `Wanted-${randomUUID()}`;
      await store.append(stream(), [event('Other'), event(wanted), event('Other')], {
        expected: 'no_stream',
      });
      await store.awaitVisible();

      const full = await store.readAll({ after: start, limit: 2 });
      expect(full.atEnd).toBe(false);
      const rest = await store.readAll({ after: full.next, limit: 2 });
      expect(rest.events).toHaveLength(1);
      expect(rest.atEnd).toBe(true);
      expect((await store.readAll({ after: rest.next, limit: 2 })).atEnd).toBe(true);

      // A typed page counts the events it looked at, not those it sends.
      const typedFull = await store.readAll({ after: start, limit: 2, types: [wanted] });
      expect(typedFull.events.map((e) => e.type)).toEqual([wanted]);
      expect(typedFull.atEnd).toBe(false);
      const typedRest = await store.readAll({ after: typedFull.next, limit: 2, types: [wanted] });
      expect(typedRest.events).toEqual([]);
      expect(typedRest.atEnd).toBe(true);
      expect((await store.readAll({ after: start, limit: 3, types: [wanted] })).atEnd).toBe(false);
      expect((await store.readAll({ after: start, limit: 4, types: [wanted] })).atEnd).toBe(true);
    });

    it('subscribes to all: catches up on what exists, then follows new appends live, in order', async () => {
      const s = stream();
      await store.append(s, [event('Before', { n: 0 }), event('Before', { n: 1 })], {
        expected: 'no_stream',
      });
      const seen: RecordedEvent[] = [];
      const controller = new AbortController();
      let caughtUp = false;
      const running = subscribeToAll(store, {
        after: START,
        signal: controller.signal,
        batchSize: 500,
        pollMs: 100,
        onCaughtUp: () => (caughtUp = true),
        onEvents: (events) => void seen.push(...events.filter((e) => e.streamName === s)),
      });
      try {
        await expect.poll(() => seen.length, { timeout: 30_000, interval: 10 }).toBe(2);
        expect(caughtUp).toBe(true);
        await store.append(s, [event('Live', { n: 2 })], { expected: 1n });
        await expect.poll(() => seen.length, { timeout: 30_000, interval: 10 }).toBe(3);
        expect(seen.map((e) => [e.type, e.data.n])).toEqual([
          ['Before', 0],
          ['Before', 1],
          ['Live', 2],
        ]);
      } finally {
        controller.abort();
        await running;
      }
    });

    it('wakes listeners after an append with the types appended', async () => {
      const heard: string[] = [];
      const off = store.onAppended((types) => heard.push(...types));
      await store.append(stream(), [event('Appended')], { expected: 'no_stream' });
      await store.appendEach([{ stream: stream(), events: [event('AppendedEach')], expected: 'no_stream' }]);
      off();
      await new Promise((r) => setTimeout(r, 50));
      expect(heard).toEqual(expect.arrayContaining(['Appended', 'AppendedEach']));
    });

    it(`delivers every event exactly once to a live reader while ${torture.writers} writers append ${torture.events}`, async () => {
      const streams = Array.from({ length: torture.writers }, () => stream());
      const wanted = new Set(streams);
      let after = (await store.readAll({ after: START, limit: 1_000_000 })).next;
      const perWriter = torture.events / torture.writers;
      let writing = true;
      let giveUpAt = Infinity;
      const seen: RecordedEvent[] = [];
      const reader = (async () => {
        for (;;) {
          const { events, next } = await store.readAll({ after, limit: 5 });
          seen.push(...events.filter((e) => wanted.has(e.streamName)));
          after = next;
          if (events.length === 0) {
            // Once the writers are done, read on until every event is visible (bounded): the
            // horizon may still hide the last commits behind another transaction on the server.
            if (!writing && (seen.length >= torture.events || Date.now() > giveUpAt)) return;
            await new Promise((r) => setTimeout(r, 1));
          }
        }
      })();
      await Promise.all(
        streams.map(async (s) => {
          for (let i = 0; i < perWriter; i++) {
            await store.append(s, [event('Tick', { i })], {
              expected: i === 0 ? 'no_stream' : BigInt(i - 1),
            });
          }
        }),
      );
      giveUpAt = Date.now() + 60_000;
      writing = false;
      await reader;
      expect(seen).toHaveLength(torture.events);
      expect(new Set(seen.map((e) => e.id)).size).toBe(torture.events);
      for (const s of streams) {
        const order = seen.filter((e) => e.streamName === s).map((e) => e.data.i);
        expect(order).toEqual(Array.from({ length: perWriter }, (_, i) => i));
      }
    }, 180_000);
  });
}
