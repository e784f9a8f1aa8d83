import { randomUUID } from 'node:crypto';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Reactor } from '../../api/eventsourcing/reactor';
import { silentLogger } from '../../api/logging/logger';
import { readModels, type ReadModelDb } from '../../projections/schema';
import type { ReadAllOptions, RecordedEvent } from '../../domain/eventstore/types';
import { backends, freshName, type TestDatabase } from '../support/databases';

/** Counts the statements that write a checkpoint row. */
class CheckpointWrites implements KyselyPlugin {
  count = 0;

  transformQuery({ node }: PluginTransformQueryArgs) {
    const table = JSON.stringify(node);
    if (
      (node.kind === 'UpdateQueryNode' || node.kind === 'InsertQueryNode') &&
      table.includes('projection_checkpoints')
    )
      this.count++;
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs) {
    return Promise.resolve(result);
  }
}

/** Waits until `done` holds or `timeoutMs` has passed; the test's assertion tells which. */
async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !done() && Date.now() < deadline;)
    await new Promise((r) => setTimeout(r, 5));
}

/**
 * Waits until the reactor has caught up and then read nothing for 100 ms: settled() wakes it while
 * it waits, and the step that wake began must end before the test counts reads.
 */
async function settledAndQuiet(reacting: Reactor, reads: { count: number }): Promise<void> {
  await reacting.settled();
  for (let last = -1; last !== reads.count;) {
    last = reads.count;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const events = (type: string, n: number) =>
  Array.from({ length: n }, () => ({ id: randomUUID(), type, data: {} }));

for (const backend of backends) {
  describe(`a reactor on ${backend.name}`, () => {
    let t: TestDatabase;
    let rm: ReadModelDb;
    beforeAll(async () => {
      t = await backend.open();
      rm = readModels(t.database.db);
    });
    afterAll(async () => t?.close());

    /**
     * A reactor to `handled` events, with the checkpoint writes its read models make counted, and
     * the events the log hands it.
     */
    function reactor(handled: string, seen: RecordedEvent[], name = freshName('reaction'), pollMs?: number) {
      const writes = new CheckpointWrites();
      const delivered: RecordedEvent[] = [];
      /** Reads made, and which of them last handed it events. */
      const reads = { count: 0, lastWithEvents: 0 };
      const store = new Proxy(t.store, {
        get(target, key) {
          if (key === 'readAll')
            return async (options: ReadAllOptions) => {
              reads.count++;
              const page = await target.readAll(options);
              delivered.push(...page.events);
              if (page.events.length > 0) reads.lastWithEvents = reads.count;
              return page;
            };
          const value: unknown = Reflect.get(target, key);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const reacting = new Reactor({
        store,
        readModels: rm.withPlugin(writes),
        locks: t.database.locks,
        logger: silentLogger,
        reaction: { name, handlers: { [handled]: async (e) => void seen.push(e) } },
        ...(pollMs ? { pollMs } : {}),
      });
      return { reacting, writes, delivered, reads };
    }

    it('is handed only the events it reacts to, however many others the log holds', async () => {
      const handled = freshName('Handled');
      const seen: RecordedEvent[] = [];
      const { reacting, delivered } = reactor(handled, seen);
      reacting.start();
      try {
        await t.store.append(freshName('other'), events('Other', 50), { expected: 'any' });
        await t.store.append(freshName('mine'), events(handled, 2), { expected: 'any' });
        await t.store.append(freshName('other'), events('Other', 50), { expected: 'any' });
        await reacting.settled();
        expect(seen.map((e) => e.type)).toEqual([handled, handled]);
        expect(new Set(delivered.map((e) => e.type))).toEqual(new Set([handled]));
      } finally {
        await reacting.stop();
      }
    });

    it('reacts to each event of its types once, and writes its checkpoint at most once a second past events that are not its own', async () => {
      const handled = freshName('Handled');
      const seen: RecordedEvent[] = [];
      const { reacting, writes } = reactor(handled, seen);
      reacting.start();
      try {
        await reacting.settled();
        const before = writes.count;
        const started = Date.now();
        // Thirty appends, each read as a batch of its own: each batch cost a checkpoint write before.
        for (let i = 0; i < 30; i++) {
          await t.store.append(freshName('other'), events('Other', 10), { expected: 'any' });
          await reacting.settled();
        }
        const seconds = (Date.now() - started) / 1000;
        expect(writes.count - before).toBeLessThanOrEqual(Math.ceil(seconds) + 1);

        await t.store.append(freshName('mine'), events(handled, 3), { expected: 'any' });
        await reacting.settled();
        expect(seen.map((e) => e.type)).toEqual([handled, handled, handled]);
      } finally {
        await reacting.stop();
      }
    });

    it('reads nothing while only events it does not react to are appended, and is woken at once by one of its own', async () => {
      const handled = freshName('Handled');
      const seen: RecordedEvent[] = [];
      // No poll within the test: whatever it reads, an append woke it to.
      const { reacting, reads } = reactor(handled, seen, freshName('reaction'), 600_000);
      reacting.start();
      try {
        await settledAndQuiet(reacting, reads);
        const before = reads.count;
        for (let i = 0; i < 30; i++)
          await t.store.append(freshName('other'), events('Other', 2), { expected: 'any' });
        await new Promise((r) => setTimeout(r, 50));
        expect(reads.count - before).toBe(0);

        await t.store.append(freshName('mine'), events(handled, 1), { expected: 'any' });
        // Woken at once by its own event. (On PostgreSQL that read may come before the event is
        // past the catch-up horizon; the next poll would then find it.)
        await until(() => reads.count > before, 10_000);
        expect(reads.count).toBeGreaterThan(before);
        await reacting.settled();
        expect(seen.map((e) => e.type)).toEqual([handled]);
      } finally {
        await reacting.stop();
      }
    });

    it('reads no more after a page that reached the end of the log, until its own events wake it or it polls', async () => {
      const handled = freshName('Handled');
      const seen: RecordedEvent[] = [];
      // A poll long enough to fall outside the quiet spell below, short enough to find an event
      // that PostgreSQL's horizon kept from the read its append woke.
      const { reacting, reads } = reactor(handled, seen, freshName('reaction'), 5_000);
      reacting.start();
      try {
        await settledAndQuiet(reacting, reads);
        await t.store.append(freshName('mine'), events(handled, 5), { expected: 'any' });
        await until(() => seen.length === 5, 15_000);
        expect(seen).toHaveLength(5);
        await new Promise((r) => setTimeout(r, 300));
        expect(reads.count - reads.lastWithEvents).toBe(0);
      } finally {
        await reacting.stop();
      }
    });

    it('starts again from its checkpoint after a stop: what it reacted to is not reacted to again, and nothing is missed', async () => {
      const handled = freshName('Handled');
      const seen: RecordedEvent[] = [];
      const name = freshName('stream');
      const reaction = freshName('reaction');
      const first = reactor(handled, seen, reaction);
      first.reacting.start();
      await t.store.append(name, events(handled, 2), { expected: 'any' });
      await first.reacting.settled();
      // Events not its own, passed in memory only, and then the stop.
      await t.store.append(freshName('other'), events('Other', 5), { expected: 'any' });
      await first.reacting.settled();
      await first.reacting.stop();

      await t.store.append(name, events(handled, 1), { expected: 'any' });
      const second = reactor(handled, seen, reaction);
      second.reacting.start();
      try {
        await second.reacting.settled();
        expect(seen).toHaveLength(3);
        expect(new Set(seen.map((e) => e.id)).size).toBe(3);
      } finally {
        await second.reacting.stop();
      }
    });
  });
}
