import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateEventStore } from '../../api/adapters/eventstore/postgres/schema';
import { PostgresEventStore } from '../../api/adapters/eventstore/postgres/store';
import { connectPostgres, openPglite, type Database } from '../../api/db/database';
import { migrateDatabase } from '../../api/db/migrate';
import type { EventStore } from '../../domain/eventstore/types';
import { readCheckpoint } from '../../projections/checkpoints';
import { ProjectionRunner } from '../../projections/runner';
import { readModels } from '../../projections/schema';
import { backends, createSchema, dropSchema, freshName, testDatabaseUrl } from '../support/databases';
import { TcpProxy } from '../support/tcp-proxy';
import { countRecorded, createRecordingTable, recordingProjection } from '../support/test-projection';
import { programArgs } from '../support/child-programs';

async function appendTicks(store: EventStore, streams: number, perStream: number) {
  await Promise.all(
    Array.from({ length: streams }, async () => {
      const s = `tick-${randomUUID()}`;
      for (let n = 0; n < perStream; n += 10) {
        const batch = Array.from({ length: Math.min(10, perStream - n) }, (_, i) => ({
          id: randomUUID(),
          type: 'Tick',
          data: { n: n + i },
        }));
        await store.append(s, batch, { expected: n === 0 ? 'no_stream' : BigInt(n - 1) });
      }
    }),
  );
}

function runner(database: Database, store: EventStore, name: string, table: string, batchSize = 50) {
  return new ProjectionRunner({
    store,
    readModels: readModels(database.db),
    projections: [recordingProjection(name, table)],
    locks: database.locks,
    batchSize,
    pollMs: 20,
    standbyMs: 50,
  });
}

for (const backend of backends) {
  describe(`projection runner on ${backend.name}`, () => {
    let t: Awaited<ReturnType<typeof backend.open>>;
    beforeAll(async () => {
      t = await backend.open();
    });
    afterAll(async () => t?.close());

    it('catches up from the start, then applies live appends, each event exactly once', async () => {
      const table = freshName('applied');
      await createRecordingTable(t.database.db, table);
      await appendTicks(t.store, 4, 100);
      const r = runner(t.database, t.store, freshName('p'), table);
      r.start();
      await r.settled();
      await appendTicks(t.store, 3, 50);
      await r.settled();
      await r.stop();
      const counted = await countRecorded(t.database.db, table);
      // Other suites share the store; this projection sees their Ticks too, so compare rows with distinct ids.
      expect(counted.rows).toBe(counted.distinct);
      expect(counted.rows).toBeGreaterThanOrEqual(550);
    });

    it('reads on at once, without a failure, from a checkpoint another writer moved (a replay switching in)', async () => {
      const table = freshName('applied');
      const name = freshName('p');
      await createRecordingTable(t.database.db, table);
      const recording = recordingProjection(name, table);
      let moved = false;
      const warnings: string[] = [];
      const r = new ProjectionRunner({
        store: t.store,
        readModels: readModels(t.database.db),
        projections: [
          {
            ...recording,
            async apply(trx, events) {
              await recording.apply(trx, events);
              if (moved) return;
              // As a switch does under its lock: the checkpoint row now names another position,
              // so this batch's transaction must roll back and the runner read from there.
              const moves = await trx
                .updateTable('projection_checkpoints')
                .set({ checkpoint: `moved-${randomUUID()}` })
                .where('name', '=', name)
                .returning('name')
                .execute();
              moved = moves.length > 0;
            },
          },
        ],
        locks: t.database.locks,
        batchSize: 50,
        pollMs: 20,
        standbyMs: 50,
        log: (level, message) => void (level === 'warn' && warnings.push(message)),
      });
      await appendTicks(t.store, 2, 60);
      r.start();
      await r.settled();
      await r.stop();
      expect(moved).toBe(true);
      expect(warnings).toEqual([]);
      const counted = await countRecorded(t.database.db, table);
      expect(counted.rows).toBe(counted.distinct);
    });

    it('never lets two runners of one projection both apply an event', async () => {
      const table = freshName('applied');
      const name = freshName('p');
      await createRecordingTable(t.database.db, table);
      const a = runner(t.database, t.store, name, table, 7);
      const b = runner(t.database, t.store, name, table, 7);
      a.start();
      b.start();
      await appendTicks(t.store, 8, 40);
      await a.settled();
      await Promise.all([a.stop(), b.stop()]);
      const counted = await countRecorded(t.database.db, table);
      expect(counted.rows).toBe(counted.distinct);
      expect(counted.rows).toBeGreaterThanOrEqual(320);
    });

    it("tells from a process on standby how far the projection stands, as the lock's holder committed it", async () => {
      const table = freshName('applied');
      const name = freshName('p');
      await createRecordingTable(t.database.db, table);
      const holder = runner(t.database, t.store, name, table);
      holder.start();
      await holder.settled();
      const standby = runner(t.database, t.store, name, table);
      standby.start();
      await appendTicks(t.store, 2, 30);
      await holder.settled();
      const [seen] = await standby.storedStatus();
      const [held] = holder.status();
      expect(seen).toMatchObject({ state: 'standby', checkpoint: held!.checkpoint });
      await Promise.all([holder.stop(), standby.stop()]);
    });

    it('keeps exactly-once through the checkpoint even when the lock is not held', async () => {
      const table = freshName('applied');
      const name = freshName('p');
      await createRecordingTable(t.database.db, table);
      const noLocks = {
        acquire: async () => ({ signal: new AbortController().signal, release: async () => undefined }),
      };
      const make = () =>
        new ProjectionRunner({
          store: t.store,
          readModels: readModels(t.database.db),
          projections: [recordingProjection(name, table)],
          locks: noLocks,
          batchSize: 5,
          pollMs: 5,
        });
      const runners = [make(), make(), make()];
      runners.forEach((r) => r.start());
      await appendTicks(t.store, 6, 30);
      await runners[0]!.settled();
      await Promise.all(runners.map((r) => r.stop()));
      const counted = await countRecorded(t.database.db, table);
      expect(counted.rows).toBe(counted.distinct);
    });
  });
}

/** Starts the projection child and resolves once it prints `until` (started, or caught up with the log). */
function startChild(
  env: Record<string, string>,
  until: 'started' | 'caught-up' = 'started',
): Promise<ChildProcess> {
  const child = spawn(process.execPath, programArgs('projectionChild'), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes(until)) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`child exited early with ${code}:\n${stderr}`)));
  });
}

async function killAfter(child: ChildProcess, ms: number) {
  await new Promise((r) => setTimeout(r, ms));
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

describe('a projection process killed mid-batch', () => {
  it('applies nothing twice and misses nothing after restarts (PGlite data folder)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zipfill-crash-'));
    const table = freshName('crash');
    try {
      const seed = await openPglite(dir);
      await migrateEventStore(seed.db);
      await appendTicks(new PostgresEventStore(seed.db, 'pglite'), 10, 60);
      await seed.close();
      for (const ms of [700, 900, 1100]) {
        await killAfter(await startChild({ CHILD_DATA_DIR: dir, CHILD_TABLE: table }), ms);
      }
      await killAfter(await startChild({ CHILD_DATA_DIR: dir, CHILD_TABLE: table }, 'caught-up'), 0);
      // The child's two projections commit each batch in one transaction, as the service's do.
      const check = await openPglite(dir);
      const tables = [table, `${table}_2`];
      const counted = await Promise.all(tables.map((t) => countRecorded(check.db, t)));
      const checkpoints = await Promise.all(
        tables.map((t) => readCheckpoint(readModels(check.db), `crash_${t}`)),
      );
      await check.close();
      expect(counted).toEqual(tables.map(() => ({ rows: 600, distinct: 600 })));
      expect(checkpoints).not.toContain('start');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it.runIf(testDatabaseUrl)(
    'applies nothing twice and misses nothing while writers keep appending (PostgreSQL)',
    async () => {
      const schema = await createSchema(testDatabaseUrl!);
      const table = freshName('crash');
      const database = await connectPostgres({ url: testDatabaseUrl!, schema });
      try {
        await migrateDatabase(database, { events: true });
        await createRecordingTable(database.db, table);
        const store = new PostgresEventStore(database.db, 'postgres');
        const env = { CHILD_DATABASE_URL: testDatabaseUrl!, CHILD_SCHEMA: schema, CHILD_TABLE: table };
        const writing = appendTicks(store, 8, 100);
        for (const ms of [400, 600, 800]) await killAfter(await startChild(env), ms);
        await writing;
        const last = await startChild(env);
        const deadline = Date.now() + 20_000;
        while ((await countRecorded(database.db, table)).distinct < 800 && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 100));
        }
        await killAfter(last, 0);
        expect(await countRecorded(database.db, table)).toEqual({ rows: 800, distinct: 800 });
      } finally {
        await database.close();
        await dropSchema(testDatabaseUrl!, schema);
      }
    },
    60_000,
  );
});

describe.runIf(testDatabaseUrl)('the database going away mid-run', () => {
  it('fails appends with a clear error, and the runner resumes from its checkpoint when it returns', async () => {
    const target = new URL(testDatabaseUrl!);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.start();
    const viaProxy = new URL(testDatabaseUrl!);
    viaProxy.port = String(port);
    const schema = await createSchema(testDatabaseUrl!);
    const database = await connectPostgres({ url: viaProxy.toString(), schema, poolSize: 4 });
    const table = freshName('outage');
    try {
      await migrateDatabase(database, { events: true });
      await createRecordingTable(database.db, table);
      const store = new PostgresEventStore(database.db, 'postgres');
      const r = runner(database, store, freshName('p'), table, 10);
      r.start();
      await appendTicks(store, 2, 50);
      await r.settled();
      await proxy.cut();
      const failure = await store
        .append(`tick-${randomUUID()}`, [{ id: randomUUID(), type: 'Tick', data: { n: 0 } }], {
          expected: 'no_stream',
        })
        .catch((e: unknown) => e);
      expect((failure as Error).name).toBe('EventStoreUnavailableError');
      expect((failure as Error).message).toMatch(/cannot be reached/);
      await new Promise((res) => setTimeout(res, 600));
      expect(r.status()[0]!.state).toBe('retrying');
      await proxy.restore();
      await appendTicks(store, 2, 50);
      await r.settled(20_000);
      expect(r.status()[0]!.state).toBe('running');
      await r.stop();
      expect(await countRecorded(database.db, table)).toEqual({ rows: 200, distinct: 200 });
    } finally {
      await database.close();
      await proxy.cut();
      await dropSchema(testDatabaseUrl!, schema);
    }
  }, 60_000);
});
