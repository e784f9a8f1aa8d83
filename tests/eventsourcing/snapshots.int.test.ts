import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectKurrent, type KurrentEventStore } from '../../api/adapters/eventstore/kurrentdb/store';
import { CommandHandler } from '../../api/eventsourcing/command-handler';
import { PostgresSnapshotStore, Snapshots, snapshotVersion } from '../../api/eventsourcing/snapshots';
import { migrateOperational } from '../../api/db/operational';
import { creditHistory, type HistoryEvent } from '../../domain/admin/credit-history';
import { creditsDecider, creditsStream, type CreditsCommand } from '../../domain/credits/decider';
import type { CreditsEvent } from '../../domain/credits/events';
import type { Decider } from '../../domain/decider';
import type { EventStore, StreamPage } from '../../domain/eventstore/types';
import { appendCreditHistory } from '../support/credit-history';
import { backends, openForSuite, pgliteBackend, type Backend, type TestDatabase } from '../support/databases';
import { KurrentDbStandIn } from '../support/kurrentdb/server';

const at = '2026-11-25T09:00:00.000Z';
/**
 * Lookups in the long history: its 5,000 events take five pages to fold and cross ten snapshot
 * intervals, which is what the tests below need (40,000 events proved nothing more, in 30 s).
 */
const LONG_HISTORY = 2_500;
/** The revision of the long history's last event: each lookup is two events. */
const LAST_REVISION = BigInt(2 * LONG_HISTORY);
const charge = (lookupId: string): CreditsCommand => ({
  type: 'ChargeLookup',
  lookup: { lookupId, portalId: '1001', objectType: 'contact', objectId: '1', zip: '10001', requestedAt: at },
  at,
});

/** Credits an admin adds: how these tests give a stream a balance to charge. */
const addCredits = (credits: number): CreditsCommand => ({
  type: 'AddCredits',
  credits,
  source: { kind: 'admin_adjustment', adminUserId: 'test', note: 'credits' },
  at,
});

/** Every event of the stream folded from its start, page by page: what a snapshot must equal. */
async function foldFromStart(store: EventStore, stream: string) {
  let state = creditsDecider.initialState();
  for (let from: bigint | null = 0n; from !== null;) {
    const page = await store.readStreamPage(stream, { fromRevision: from, limit: 1000 });
    for (const e of page.events)
      state = creditsDecider.evolve(state, { type: e.type, data: e.data } as CreditsEvent);
    from = page.next;
  }
  return state;
}

/** `backend` opened for the suite with the operational tables, where snapshots are kept, migrated. */
function snapshotsForSuite(
  backend: Backend,
  opened: (value: { t: TestDatabase; snapshotStore: PostgresSnapshotStore }) => void,
): void {
  openForSuite(backend, async (t) => {
    await migrateOperational(t.database);
    opened({ t, snapshotStore: new PostgresSnapshotStore(t.database.db) });
  });
}

for (const backend of backends) {
  describe(`snapshots on ${backend.name}`, () => {
    let t: TestDatabase;
    let snapshotStore: PostgresSnapshotStore;
    snapshotsForSuite(backend, (opened) => ({ t, snapshotStore } = opened));

    /** A handler as a freshly started process has it: nothing cached. */
    const coldCredits = (every = 200) => {
      const snapshots = new Snapshots(snapshotStore, { every });
      return { snapshots, handler: new CommandHandler(t.store, creditsDecider, { snapshots }) };
    };

    it('charges a user with a long history correctly from a cold handler, then reads only what follows the snapshot', async () => {
      const userId = randomUUID();
      const history = await appendCreditHistory(t.store, userId, { lookups: LONG_HISTORY, creditsLeft: 7 });
      expect(history.revision).toBe(LAST_REVISION);
      expect(history.state.balance).toBe(7);

      const first = coldCredits();
      const read = vi.spyOn(t.store, 'readStreamPage');
      const whole = vi.spyOn(t.store, 'readStream');
      const charged = await first.handler.handle(history.stream, charge('after-restart-1'));
      expect(charged.events.map((e) => e.type)).toEqual(['LookupCharged']);
      expect(charged.state.balance).toBe(6);
      expect(whole).not.toHaveBeenCalled();
      // The first load after the history was written folds all of it, a page at a time.
      const pages = await Promise.all(read.mock.results.map((r) => r.value as Promise<StreamPage>));
      expect(pages.reduce((n, p) => n + p.events.length, 0)).toBe(Number(LAST_REVISION) + 1);
      expect(Math.max(...pages.map((p) => p.events.length))).toBeLessThanOrEqual(1000);
      await first.snapshots.settle();
      const version = snapshotVersion(creditsDecider, creditsDecider.snapshot!);
      expect((await snapshotStore.read(history.stream, version))?.revision).toBe(LAST_REVISION);

      read.mockClear();
      const second = coldCredits();
      const again = await second.handler.handle(history.stream, charge('after-restart-2'));
      expect(again.state.balance).toBe(5);
      const tail = await Promise.all(read.mock.results.map((r) => r.value as Promise<StreamPage>));
      // The snapshot's own event, to prove it is still there, and the one charge after it.
      expect(read.mock.calls[0]![1]).toEqual({ fromRevision: LAST_REVISION, limit: 1000 });
      expect(tail.reduce((n, p) => n + p.events.length, 0)).toBe(2);
      read.mockRestore();
      whole.mockRestore();

      expect(again.state).toEqual(await foldFromStart(t.store, history.stream));
      // The audit trail still lists every change with the balance after it.
      const entries: HistoryEvent[] = [];
      for (let from: bigint | null = 0n; from !== null;) {
        const page = await t.store.readStreamPage(history.stream, { fromRevision: from, limit: 5000 });
        entries.push(...page.events.map((e) => ({ event: { type: e.type, data: e.data } as CreditsEvent })));
        from = page.next;
      }
      const changes = creditHistory(entries);
      expect(changes).toHaveLength(1 + LONG_HISTORY + LONG_HISTORY / 10 + 2);
      expect(changes.at(-1)).toMatchObject({ kind: 'lookup_charge', balanceAfter: 5 });
      expect(
        changes.every((c, i) => i === 0 || c.balanceAfter === changes[i - 1]!.balanceAfter + c.change),
      ).toBe(true);
    }, 180_000);

    it('crosses snapshot boundaries under concurrency without a lost or a double charge', async () => {
      const userId = randomUUID();
      const stream = creditsStream(userId);
      const setup = coldCredits();
      await setup.handler.handle(stream, addCredits(100));
      // Two processes, each taking a snapshot every 5 events, and cold ones starting in between.
      const processes = [coldCredits(5), coldCredits(5)];
      const lookup = async (i: number) => {
        const lookupId = `lookup-${i}`;
        const commandId = `charge-${i}`;
        const process = i % 7 === 0 ? coldCredits(5) : processes[i % 2]!;
        const once = await process.handler.handle(stream, charge(lookupId), { commandId });
        // The same charge delivered again, to the other process: recognised, not charged twice.
        const retried = await processes[(i + 1) % 2]!.handler.handle(stream, charge(lookupId), { commandId });
        return { once, retried };
      };
      const results = [];
      // Ten lookups at a time, as many as a busy user's webhooks bring at once.
      for (let wave = 0; wave < 12; wave++) {
        results.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => lookup(wave * 10 + i)))));
      }
      await Promise.all([...processes.map((p) => p.snapshots.settle()), setup.snapshots.settle()]);
      const events = await t.store.readStream(stream);
      const charges = events.filter((e) => e.type === 'LookupCharged').map((e) => e.data.lookupId);
      const refused = events.filter((e) => e.type === 'LookupFailed').map((e) => e.data.lookupId);
      expect(charges).toHaveLength(100);
      expect(new Set(charges).size).toBe(100);
      expect(refused).toHaveLength(20);
      expect(new Set([...charges, ...refused]).size).toBe(120);
      expect(results.every((r) => r.retried.events.length <= 1)).toBe(true);
      const balances = events.map((e) => e.data.balanceAfter as number);
      expect(Math.min(...balances)).toBe(0);
      const fromSnapshot = await coldCredits(5).handler.load(stream);
      expect(fromSnapshot.revision).toBe(BigInt(events.length - 1));
      expect(fromSnapshot.state).toEqual(await foldFromStart(t.store, stream));
      expect(fromSnapshot.state.balance).toBe(0);
    }, 120_000);

    it('ignores a snapshot whose event is no longer in the stream, or that cannot be read back', async () => {
      const stream = creditsStream(randomUUID());
      const setup = coldCredits();
      await setup.handler.handle(stream, addCredits(3));
      await setup.handler.handle(stream, charge('one'));
      const version = snapshotVersion(creditsDecider, creditsDecider.snapshot!);
      const lying = { balance: 1000, appliedSources: [], inFlight: [] };
      await snapshotStore.write({ stream, version, revision: 1n, eventId: randomUUID(), state: lying });
      expect((await coldCredits().handler.load(stream)).state.balance).toBe(2);
      const events = await t.store.readStream(stream);
      await snapshotStore.write({
        stream,
        version,
        revision: 1n,
        eventId: events[1]!.id,
        state: { balance: 'a lot' },
      });
      expect((await coldCredits().handler.load(stream)).state.balance).toBe(2);
    });
  });

  describe(`a changed evolve on ${backend.name}`, () => {
    let t: TestDatabase;
    let snapshotStore: PostgresSnapshotStore;
    snapshotsForSuite(backend, (opened) => ({ t, snapshotStore } = opened));

    type Added = { type: 'Added'; data: { amount: number } };
    const codec = (version: number) => ({
      version,
      encode: (total: number) => ({ total }),
      decode: (data: unknown) => (data as { total: number }).total,
    });
    const adding = (version: number): Decider<number, number, Added> => ({
      initialState: () => 0,
      evolve: (total, e) => total + e.data.amount,
      decide: (amount) => [{ type: 'Added', data: { amount } }],
      snapshot: codec(version),
    });
    // The same events mean twice as much to this evolve: a snapshot of the first must not be used.
    const doubling: Decider<number, number, Added> = {
      initialState: () => 0,
      evolve: (total, e) => total + 2 * e.data.amount,
      decide: (amount) => [{ type: 'Added', data: { amount } }],
      snapshot: codec(1),
    };
    const handler = <S, C>(decider: Decider<S, C, Added>, snapshots: Snapshots) =>
      new CommandHandler(t.store, decider, { snapshots });

    it('folds the stream again instead of reading a snapshot another version of evolve wrote', async () => {
      const stream = `counter-${randomUUID()}`;
      const writer = new Snapshots(snapshotStore, { every: 3 });
      const v1 = handler(adding(1), writer);
      for (let i = 1; i <= 10; i++) await v1.handle(stream, i);
      await writer.settle();
      expect(await snapshotStore.read(stream, snapshotVersion(adding(1), codec(1)))).toMatchObject({
        revision: 8n,
      });

      const read = vi.spyOn(t.store, 'readStreamPage');
      const reader = new Snapshots(snapshotStore, { every: 1000 });
      expect((await handler(doubling, reader).load(stream)).state).toBe(110);
      expect(read.mock.calls.map((c) => c[1].fromRevision)).toEqual([0n]);
      read.mockClear();
      // The same evolve under a raised version: the old snapshot is not used either.
      expect((await handler(adding(2), reader).load(stream)).state).toBe(55);
      expect(read.mock.calls.map((c) => c[1].fromRevision)).toEqual([0n]);
      read.mockClear();
      // The first version still finds its own snapshot and reads from it.
      expect((await handler(adding(1), reader).load(stream)).state).toBe(55);
      expect(read.mock.calls.map((c) => c[1].fromRevision)).toEqual([8n]);
      read.mockRestore();
    });
  });
}

describe('snapshots with the events in KurrentDB (the stand-in) and the snapshots in the database', () => {
  let node: KurrentDbStandIn;
  let store: KurrentEventStore;
  let t: TestDatabase;
  beforeAll(async () => {
    node = await KurrentDbStandIn.start();
    store = await connectKurrent(node.url);
    t = await pgliteBackend.open();
    await migrateOperational(t.database);
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await node?.close();
    await t?.close();
  });

  it('charges a long history from a cold handler, then reads only what follows the snapshot', async () => {
    const history = await appendCreditHistory(store, randomUUID(), {
      lookups: 2_000,
      creditsLeft: 1,
      batch: 1000,
    });
    const snapshotStore = new PostgresSnapshotStore(t.database.db);
    const cold = () => {
      const snapshots = new Snapshots(snapshotStore);
      return { snapshots, handler: new CommandHandler(store, creditsDecider, { snapshots }) };
    };
    const first = cold();
    expect((await first.handler.handle(history.stream, charge('k-1'))).state.balance).toBe(0);
    await first.snapshots.settle();
    const read = vi.spyOn(store, 'readStreamPage');
    const second = await cold().handler.handle(history.stream, charge('k-2'));
    expect(second.events).toMatchObject([{ type: 'LookupFailed', data: { reason: 'insufficient_credits' } }]);
    expect(read.mock.calls.map((c) => c[1].fromRevision)).toEqual([4_000n]);
    read.mockRestore();
    expect(second.state).toEqual(await foldFromStart(store, history.stream));
  }, 120_000);
});
