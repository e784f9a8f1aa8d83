import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bumpEpoch,
  copyEventRows,
  copyEvents,
  CopyTargetNotEmptyError,
} from '../../api/adapters/eventstore/postgres/copy';
import { parseCheckpoint } from '../../api/adapters/eventstore/postgres/checkpoint';
import { operationalDb } from '../../api/db/operational';
import { PostgresPersonalDataKeys } from '../../api/personal-data/keys';
import { PersonalDataProtectingStore } from '../../api/personal-data/protected-store';
import { personalData } from '../../domain/personal-data';
import { START, type Checkpoint, type EventStore, type RecordedEvent } from '../../domain/eventstore/types';
import {
  pgliteBackend,
  postgresBackend,
  testDatabaseUrl,
  type Backend,
  type TestDatabase,
} from '../support/databases';

/** Everything committed so far after a checkpoint, once it is all readable by catch-up. */
async function readEverything(store: EventStore, after: Checkpoint = START): Promise<RecordedEvent[]> {
  await store.awaitVisible();
  const all: RecordedEvent[] = [];
  for (;;) {
    const { events, next } = await store.readAll({ after, limit: 100 });
    if (events.length === 0) return all;
    all.push(...events);
    after = next;
  }
}

/** Several writers at once, so that on PostgreSQL commit order and position order differ. */
async function writeHistory(store: EventStore): Promise<string[]> {
  const streams = Array.from({ length: 8 }, () => `account-${randomUUID()}`);
  await Promise.all(
    streams.map(async (stream) => {
      for (let i = 0; i < 20; i++) {
        const events = [{ id: randomUUID(), type: 'CreditsGranted', data: { i, credits: 10 } }];
        await store.append(stream, events, { expected: i === 0 ? 'no_stream' : BigInt(i - 1) });
      }
    }),
  );
  return streams;
}

async function currentXid(db: Kysely<unknown>): Promise<bigint> {
  const { rows } = await sql<{ xid: string }>`SELECT pg_current_xact_id()::text AS xid`.execute(db);
  return BigInt(rows[0]!.xid);
}

/** A fresh PGlite starts its transaction counter low; spending ids puts a source above a fresh target. */
async function spendTransactionIds(db: Kysely<unknown>, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await currentXid(db);
}

const lowestTx = (events: RecordedEvent[]) =>
  events.map((e) => BigInt(parseCheckpoint(e.position).tx)).reduce((a, b) => (a < b ? a : b));

const pairs: Array<[Backend, Backend]> = [[pgliteBackend, pgliteBackend]];
if (testDatabaseUrl) pairs.push([postgresBackend, pgliteBackend], [pgliteBackend, postgresBackend]);

for (const [sourceBackend, targetBackend] of pairs) {
  describe(`copying the event store from ${sourceBackend.name} to ${targetBackend.name}`, () => {
    let source: TestDatabase;
    let target: TestDatabase;
    let streams: string[];
    let history: RecordedEvent[];
    let targetXidBeforeCopy: bigint;

    beforeAll(async () => {
      source = await sourceBackend.open();
      // A fresh server (a new CI machine) may not yet be above a fresh PGlite target either.
      await spendTransactionIds(source.database.db, 2_000);
      streams = await writeHistory(source.store);
      history = await readEverything(source.store);
      target = await targetBackend.open();
      targetXidBeforeCopy = await currentXid(target.database.db);
      await copyEvents(source.database.db, target.database.db);
    }, 120_000);
    afterAll(async () => {
      await source?.close();
      await target?.close();
    });

    it('catch-up from the start reads every copied event, in the source order, at the same positions', async () => {
      expect(history).toHaveLength(160);
      const read = await readEverything(target.store);
      expect(read.map((e) => [e.id, e.position, e.streamName, e.revision])).toEqual(
        history.map((e) => [e.id, e.position, e.streamName, e.revision]),
      );
      expect(read.map((e) => e.data)).toEqual(history.map((e) => e.data));
      expect(read.map((e) => e.recordedAt)).toEqual(history.map((e) => e.recordedAt));
    });

    if (targetBackend.name === 'pglite') {
      it('reads them even though the source wrote them with transaction ids above the target counter', () => {
        // Without the epoch, this is the case where catch-up delivers none of the copied events.
        expect(lowestTx(history)).toBeGreaterThan(targetXidBeforeCopy);
      });
    }

    it('continues a checkpoint taken in the source at the next event', async () => {
      const checkpoint = history[59]!.position;
      const rest = await readEverything(target.store, checkpoint);
      expect(rest.map((e) => e.id)).toEqual(history.slice(60).map((e) => e.id));
    });

    it('reads events appended after the copy after every copied one, from the start and from the end of the copy', async () => {
      const stream = streams[0]!;
      const appended = [{ id: randomUUID(), type: 'CreditsUsed', data: { credits: 1 } }];
      // The copied stream keeps its revision, so the next append states it.
      await target.store.append(stream, appended, { expected: 19n });
      await target.store.append(`account-${randomUUID()}`, [{ id: randomUUID(), type: 'A', data: {} }], {
        expected: 'no_stream',
      });
      const fromEnd = await readEverything(target.store, history.at(-1)!.position);
      expect(fromEnd.map((e) => e.type)).toEqual(['CreditsUsed', 'A']);
      expect(fromEnd[0]!.revision).toBe(20n);
      const fromStart = await readEverything(target.store);
      expect(fromStart.map((e) => e.id)).toEqual([...history, ...fromEnd].map((e) => e.id));
    });

    it('refuses to copy into an event store that already holds events', async () => {
      await expect(copyEvents(source.database.db, target.database.db)).rejects.toThrow(
        CopyTargetNotEmptyError,
      );
    });
  });
}

describe('restoring event rows from another cluster (as pg_dump/restore does)', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  beforeAll(async () => {
    source = await pgliteBackend.open();
    target = await pgliteBackend.open();
  }, 120_000);
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('hides the restored events from catch-up until bumpEpoch, then reads them all and new ones after', async () => {
    await spendTransactionIds(source.database.db, 2_000);
    await writeHistory(source.store);
    const history = await readEverything(source.store);
    await copyEventRows(source.database.db, target.database.db);
    expect(await readEverything(target.store)).toEqual([]);

    await bumpEpoch(target.database.db);
    const appended = { id: randomUUID(), type: 'CreditsGranted', data: { credits: 5 } };
    await target.store.append(`account-${randomUUID()}`, [appended], { expected: 'no_stream' });
    const read = await readEverything(target.store);
    expect(read.map((e) => e.id)).toEqual([...history.map((e) => e.id), appended.id]);
  });
});

describe('copying an event store with personal fields', () => {
  it('copies the keys with the events, so the copy reads the personal fields the source reads', async () => {
    const source = await pgliteBackend.open();
    const target = await pgliteBackend.open();
    try {
      const protect = (t: TestDatabase) =>
        new PersonalDataProtectingStore(
          t.store,
          new PostgresPersonalDataKeys(operationalDb(t.database)),
          personalData,
        );
      const userId = randomUUID();
      const registered = {
        id: randomUUID(),
        type: 'AccountRegistered',
        data: { userId, email: 'kept@example.com', passwordHash: 'h', partner: null, registeredAt: 'then' },
      };
      await protect(source).append(`account-${userId}`, [registered], { expected: 'no_stream' });

      const result = await copyEvents(source.database.db, target.database.db);

      expect(result.keys).toBe(1);
      const [copied] = await protect(target).readStream(`account-${userId}`);
      expect(copied?.data.email).toBe('kept@example.com');
    } finally {
      await source.close();
      await target.close();
    }
  }, 120_000);
});
