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

    it('reads only the events after its cached state', async () => {
      const handler = new CommandHandler(t.store, counter);
      const stream = `counter-${randomUUID()}`;
      for (let i = 0; i < 5; i++) await handler.handle(stream, { add: 1, limit: 100 });
      const spy = vi.spyOn(t.store, 'readStreamPage');
      await handler.handle(stream, { add: 1, limit: 100 });
      expect(spy).toHaveBeenCalledWith(stream, { fromRevision: 5n, limit: 1000 });
      spy.mockRestore();
    });
  });
}
