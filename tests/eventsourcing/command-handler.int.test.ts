import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CommandHandler } from '../../api/eventsourcing/command-handler';
import type { Decider } from '../../domain/decider';
import { backends } from '../support/databases';

type Event = { type: 'Added'; data: { amount: number } };
type Command = { add: number; limit: number };
const counter: Decider<number, Command, Event> = {
  initialState: () => 0,
  evolve: (total, e) => total + e.data.amount,
  decide: (c, total) => {
    if (total + c.add > c.limit) throw new Error('limit reached');
    return [{ type: 'Added', data: { amount: c.add } }];
  },
};

for (const backend of backends) {
  describe(`command handler on ${backend.name}`, () => {
    let t: Awaited<ReturnType<typeof backend.open>>;
    beforeAll(async () => {
      t = await backend.open();
    });
    afterAll(async () => t?.close());

    it('lets 20 concurrent commands on one stream all succeed by retrying on conflicts', async () => {
      const handler = new CommandHandler(t.store, counter);
      const stream = `counter-${randomUUID()}`;
      await Promise.all(Array.from({ length: 20 }, () => handler.handle(stream, { add: 1, limit: 100 })));
      const events = await t.store.readStream(stream);
      expect(events).toHaveLength(20);
      expect((await handler.load(stream)).state).toBe(20);
    });

    it('never lets concurrent commands break a rule the decider enforces', async () => {
      const handlers = [new CommandHandler(t.store, counter), new CommandHandler(t.store, counter)];
      const stream = `counter-${randomUUID()}`;
      const results = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) => handlers[i % 2]!.handle(stream, { add: 1, limit: 10 })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
      expect((await new CommandHandler(t.store, counter).load(stream)).state).toBe(10);
    });

    it('writes a retried command once when it carries the same command id', async () => {
      const handler = new CommandHandler(t.store, counter);
      const stream = `counter-${randomUUID()}`;
      const commandId = randomUUID();
      await handler.handle(stream, { add: 5, limit: 100 }, { commandId });
      const otherProcess = new CommandHandler(t.store, counter);
      const retried = await otherProcess.handle(stream, { add: 5, limit: 100 }, { commandId });
      expect(retried.state).toBe(5);
      expect(await t.store.readStream(stream)).toHaveLength(1);
      const fresh = new CommandHandler(t.store, counter);
      const stale = new CommandHandler(t.store, counter);
      const s2 = `counter-${randomUUID()}`;
      await stale.load(s2);
      await fresh.handle(s2, { add: 5, limit: 100 }, { commandId });
      const again = await stale.handle(s2, { add: 5, limit: 100 }, { commandId });
      expect(again.state).toBe(5);
      expect(await t.store.readStream(s2)).toHaveLength(1);
    });

    it('decides on the state it holds without reading the stream first', async () => {
      const handler = new CommandHandler(t.store, counter);
      const stream = `counter-${randomUUID()}`;
      for (let i = 0; i < 5; i++) await handler.handle(stream, { add: 1, limit: 100 });
      const reads = vi.spyOn(t.store, 'readStreamPage');
      await handler.handle(stream, { add: 1, limit: 100 });
      await handler.handleEach(stream, [{ command: { add: 1, limit: 100 }, commandId: randomUUID() }]);
      expect(reads).not.toHaveBeenCalled();
      reads.mockRestore();
      expect((await new CommandHandler(t.store, counter).load(stream)).state).toBe(7);
    });

    it('decides again on what another writer appended when the state it held was stale, reading only the events after it', async () => {
      const handler = new CommandHandler(t.store, counter);
      const other = new CommandHandler(t.store, counter);
      const stream = `counter-${randomUUID()}`;
      for (let i = 0; i < 5; i++) await handler.handle(stream, { add: 1, limit: 100 });
      await other.handle(stream, { add: 10, limit: 100 });
      const reads = vi.spyOn(t.store, 'readStreamPage');
      // Held at 5, the rule sees 15 + 90 > 100: the refusal stands on the fresh state.
      await expect(handler.handle(stream, { add: 90, limit: 100 })).rejects.toThrow('limit reached');
      expect(reads).toHaveBeenCalledWith(stream, { fromRevision: 5n, limit: 1000 });
      reads.mockRestore();
      const batch = await handler.handleEach(stream, [
        { command: { add: 1, limit: 100 }, commandId: randomUUID() },
      ]);
      expect(batch.state).toBe(16);
      expect(await t.store.readStream(stream)).toHaveLength(7);
    });

    it('refuses nothing on a stale state: a limit another writer’s events made room under is honoured', async () => {
      const handler = new CommandHandler(t.store, counter);
      const other = new CommandHandler(t.store, counter);
      const stream = `counter-${randomUUID()}`;
      const batchStream = `counter-${randomUUID()}`;
      for (const s of [stream, batchStream]) {
        await handler.handle(s, { add: 10, limit: 10 });
        await other.handle(s, { add: -5, limit: 100 });
      }
      // Held at 10, adding 3 would pass the limit of 10; the stream stands at 5.
      expect((await handler.handle(stream, { add: 3, limit: 10 })).state).toBe(8);
      const batch = await handler.handleEach(batchStream, [
        { command: { add: 3, limit: 10 }, commandId: randomUUID() },
      ]);
      expect(batch.outcomes).toEqual([{ ok: true, events: [{ type: 'Added', data: { amount: 3 } }] }]);
      expect(batch.state).toBe(8);
    });

    it('appends the commands of several streams it holds in one write, each at its own revision', async () => {
      const handler = new CommandHandler(t.store, counter);
      const streams = [1, 2, 3].map(() => `counter-${randomUUID()}`);
      for (const [i, stream] of streams.entries()) await handler.handle(stream, { add: i + 1, limit: 100 });
      const appends = vi.spyOn(t.store, 'append');
      const together = vi.spyOn(t.store, 'appendEach');
      const results = await handler.handleEachAcross(
        new Map(streams.map((s) => [s, [{ command: { add: 10, limit: 100 }, commandId: randomUUID() }]])),
      );
      expect(together).toHaveBeenCalledTimes(1);
      expect(appends).not.toHaveBeenCalled();
      appends.mockRestore();
      together.mockRestore();
      expect(streams.map((s) => results.get(s)?.state)).toEqual([11, 12, 13]);
      for (const [i, stream] of streams.entries())
        expect((await new CommandHandler(t.store, counter).load(stream)).state).toBe(i + 11);
    });

    it('handles alone, as handleEach would, a stream it does not hold, one held stale, one it refuses and one retried', async () => {
      const handler = new CommandHandler(t.store, counter);
      const other = new CommandHandler(t.store, counter);
      const [fresh, stale, refused, retried, unknown] = [1, 2, 3, 4, 5].map(() => `counter-${randomUUID()}`);
      for (const stream of [fresh!, stale!, refused!, retried!])
        await handler.handle(stream, { add: 5, limit: 100 });
      await other.handle(stale!, { add: 1, limit: 100 });
      await other.handle(unknown!, { add: 2, limit: 100 });
      const retry = { command: { add: 1, limit: 100 }, commandId: randomUUID() };
      await other.handleEach(retried!, [retry]);
      const results = await handler.handleEachAcross(
        new Map([
          [fresh!, [{ command: { add: 1, limit: 100 }, commandId: randomUUID() }]],
          [stale!, [{ command: { add: 1, limit: 100 }, commandId: randomUUID() }]],
          [refused!, [{ command: { add: 99, limit: 100 }, commandId: randomUUID() }]],
          [retried!, [retry]],
          [unknown!, [{ command: { add: 1, limit: 100 }, commandId: randomUUID() }]],
        ]),
      );
      expect(results.get(fresh!)?.state).toBe(6);
      expect(results.get(stale!)?.state).toBe(7);
      expect(results.get(refused!)?.outcomes).toEqual([{ ok: false, error: new Error('limit reached') }]);
      expect(results.get(retried!)?.state).toBe(6);
      expect(results.get(unknown!)?.state).toBe(3);
      const lengths = await Promise.all(
        [fresh!, stale!, refused!, retried!, unknown!].map(async (s) => (await t.store.readStream(s)).length),
      );
      expect(lengths).toEqual([2, 3, 1, 2, 2]);
    });
  });
}
