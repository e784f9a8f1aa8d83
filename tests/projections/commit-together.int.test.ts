import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkpoint, EventStore } from '../../domain/eventstore/types';
import type { Projection } from '../../projections/projection';
import { ProjectionRunner } from '../../projections/runner';
import { readModels } from '../../projections/schema';
import { backends, freshName } from '../support/databases';
import { countRecorded, createRecordingTable } from '../support/test-projection';

/** Ticks in streams of their own, `perStream` to a stream, ten to an append. */
async function appendTicks(store: EventStore, streams: number, perStream: number) {
  for (let s = 0; s < streams; s++) {
    const stream = `tick-${randomUUID()}`;
    for (let n = 0; n < perStream; n += 10)
      await store.append(
        stream,
        Array.from({ length: 10 }, (_, i) => ({ id: randomUUID(), type: 'Tick', data: { n: n + i } })),
        { expected: n === 0 ? 'no_stream' : BigInt(n - 1) },
      );
  }
}

/** Records each Tick with the transaction that applied it (in the `stream` column). */
const txRecording = (name: string, table: string, failWhile: () => boolean = () => false): Projection => ({
  name,
  tables: [],
  eventTypes: ['Tick'],
  async apply(trx, events) {
    if (failWhile()) throw new Error(`${name} cannot apply for now`);
    await sql`INSERT INTO ${sql.table(table)} (event_id, stream, n)
      SELECT id, txid_current()::text, 0 FROM unnest(${events.map((e) => e.id)}::text[]) AS id`.execute(trx);
  },
});

async function eventually(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

for (const backend of backends) {
  describe(`projections committed together on ${backend.name}`, () => {
    let t: Awaited<ReturnType<typeof backend.open>>;
    beforeAll(async () => {
      t = await backend.open();
    });
    afterAll(async () => t?.close());

    it('applies a batch to every projection in one transaction, each event exactly once', async () => {
      const tables = [freshName('together'), freshName('together')];
      for (const table of tables) await createRecordingTable(t.database.db, table);
      const runner = new ProjectionRunner({
        store: t.store,
        readModels: readModels(t.database.db),
        projections: tables.map((table) => txRecording(freshName('p'), table)),
        locks: t.database.locks,
        batchSize: 40,
        pollMs: 20,
        commitTogether: true,
      });
      // A projection's first checkpoint is inserted in a transaction of its own: the batches
      // after it are the ones committed together.
      runner.start();
      await appendTicks(t.store, 1, 10);
      await runner.settled();
      const before = await countRecorded(t.database.db, tables[0]!);
      const first = await sql<{ event_id: string }>`SELECT event_id FROM ${sql.table(tables[0]!)}`.execute(
        t.database.db,
      );
      await appendTicks(t.store, 3, 50);
      await runner.settled();
      await runner.stop();

      const [a, b] = await Promise.all(
        tables.map(async (table) => {
          const { rows } = await sql<{ event_id: string; stream: string }>`
            SELECT event_id, stream FROM ${sql.table(table)}`.execute(t.database.db);
          return new Map(rows.map((r) => [r.event_id, r.stream]));
        }),
      );
      for (const table of tables) {
        const counted = await countRecorded(t.database.db, table);
        expect(counted.rows).toBe(counted.distinct);
        expect(counted.rows).toBe(before.rows + 150);
      }
      expect([...a!.keys()].sort()).toEqual([...b!.keys()].sort());
      const earlier = new Set(first.rows.map((r) => r.event_id));
      for (const [id, tx] of a!) if (!earlier.has(id)) expect(b!.get(id), `event ${id}`).toBe(tx);
    });

    it('lets the others go on while one projection fails, and that one catches up once it can', async () => {
      const [healthy, failing] = [freshName('together'), freshName('together')];
      for (const table of [healthy, failing]) await createRecordingTable(t.database.db, table);
      let broken = true;
      const warnings: string[] = [];
      const runner = new ProjectionRunner({
        store: t.store,
        readModels: readModels(t.database.db),
        projections: [
          txRecording(freshName('p'), healthy),
          txRecording(freshName('p'), failing, () => broken),
        ],
        locks: t.database.locks,
        batchSize: 40,
        pollMs: 20,
        commitTogether: true,
        log: (level, message) => void (level === 'warn' && warnings.push(message)),
      });
      runner.start();
      try {
        await appendTicks(t.store, 2, 50);
        await eventually(
          async () => (await countRecorded(t.database.db, healthy)).distinct >= 100,
          'the healthy projection to apply every tick',
        );
        expect((await countRecorded(t.database.db, failing)).rows).toBe(0);
        expect(warnings.some((w) => w.includes('failed; retrying'))).toBe(true);
        expect(runner.status().find((s) => s.state === 'retrying')).toBeDefined();

        broken = false;
        await runner.settled();
      } finally {
        await runner.stop();
      }
      const [h, f] = [
        await countRecorded(t.database.db, healthy),
        await countRecorded(t.database.db, failing),
      ];
      expect(h.rows).toBe(h.distinct);
      expect(f).toEqual(h);
    });

    it('keeps nothing of a batch for a projection whose checkpoint another writer moved, and the others apply it once', async () => {
      const [kept, moved] = [freshName('together'), freshName('together')];
      for (const table of [kept, moved]) await createRecordingTable(t.database.db, table);
      const [keptName, movedName] = [freshName('p'), freshName('p')];
      // The next batch's read waits until the other writer has moved the checkpoint.
      let heldRead: Promise<void> | undefined;
      const store: EventStore = Object.create(t.store) as EventStore;
      store.readAll = async (options) => {
        const read = t.store.readAll(options);
        await heldRead;
        return read;
      };
      const runner = new ProjectionRunner({
        store,
        readModels: readModels(t.database.db),
        projections: [txRecording(keptName, kept), txRecording(movedName, moved)],
        locks: t.database.locks,
        batchSize: 1000,
        pollMs: 20,
        commitTogether: true,
      });
      runner.start();
      try {
        await appendTicks(t.store, 1, 10);
        await runner.settled();
        const before = await countRecorded(t.database.db, moved);
        const { rows } = await sql<{ checkpoint: string }>`
          SELECT checkpoint FROM projection_checkpoints WHERE name = ${movedName}`.execute(t.database.db);
        let release!: () => void;
        heldRead = new Promise((resolve) => (release = resolve));
        await appendTicks(t.store, 1, 20);
        // On PostgreSQL a committed event may stay behind the catch-up horizon for a moment.
        await t.store.awaitVisible();
        const { next: head, events: ticks } = await t.store.readAll({
          after: rows[0]!.checkpoint as Checkpoint,
          limit: 1000,
        });
        expect(ticks).toHaveLength(20);
        await sql`UPDATE projection_checkpoints SET checkpoint = ${head} WHERE name = ${movedName}`.execute(
          t.database.db,
        );
        release();
        await runner.settled();

        expect(await countRecorded(t.database.db, moved)).toEqual(before);
        const counted = await countRecorded(t.database.db, kept);
        expect(counted.rows).toBe(counted.distinct);
        expect(counted.rows).toBe(before.rows + 20);
      } finally {
        await runner.stop();
      }
    });
  });
}
