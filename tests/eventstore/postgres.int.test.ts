import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { InvalidEventError, START } from '../../domain/eventstore/types';
import { backends, postgresBackend, testDatabaseUrl, type TestDatabase } from '../support/databases';
import { parseCheckpoint } from '../../api/adapters/eventstore/postgres/checkpoint';
import { eventStoreContract } from './contract';

for (const backend of backends) {
  eventStoreContract(backend.name, async () => {
    const t = await backend.open();
    return { store: t.store, close: t.close };
  });

  describe(`event ids on ${backend.name}`, () => {
    let t: Awaited<ReturnType<typeof backend.open>>;
    beforeAll(async () => {
      t = await backend.open();
    });
    afterAll(async () => t?.close());

    it('refuses an event id that another stream already holds, writing nothing', async () => {
      const taken = { id: randomUUID(), type: 'T', data: {} };
      await t.store.append(`a-${randomUUID()}`, [taken], { expected: 'no_stream' });
      const other = `b-${randomUUID()}`;
      await expect(t.store.append(other, [taken], { expected: 'any' })).rejects.toBeInstanceOf(
        InvalidEventError,
      );
      expect(await t.store.readStream(other)).toEqual([]);
    });

    it('writes a batch of appends in one commit, in the order of its stream names', async () => {
      const run = randomUUID();
      const names = ['c', 'a', 'b'].map((s) => `batch-${run}-${s}`);
      await t.store.append(names[2]!, [{ id: randomUUID(), type: 'Before', data: {} }], {
        expected: 'no_stream',
      });
      const outcomes = await t.store.appendEach([
        { stream: names[0]!, events: [{ id: randomUUID(), type: 'C', data: {} }], expected: 'no_stream' },
        { stream: names[1]!, events: [{ id: randomUUID(), type: 'A', data: {} }], expected: 'any' },
        { stream: names[2]!, events: [{ id: randomUUID(), type: 'B', data: {} }], expected: 0n },
      ]);
      expect(outcomes.every((o) => o.ok)).toBe(true);
      const written = await Promise.all(names.map(async (s) => (await t.store.readStream(s)).at(-1)!));
      const commits = new Set(written.map((e) => parseCheckpoint(e.position).tx));
      expect(commits.size).toBe(1);
      const at = (e: (typeof written)[number]) => Number(parseCheckpoint(e.position).position);
      const inLog = [...written].sort((x, y) => at(x) - at(y));
      expect(inLog.map((e) => e.type)).toEqual(['A', 'B', 'C']);
    });
  });
}

if (testDatabaseUrl) {
  describe('the catch-up horizon on postgres', () => {
    let t: TestDatabase;
    let older: pg.Client;
    beforeAll(async () => {
      t = await postgresBackend.open();
      older = new pg.Client({ connectionString: testDatabaseUrl });
      await older.connect();
    });
    afterAll(async () => {
      await older?.end();
      await t?.close();
    });

    it('holds an event behind an older open transaction, and awaitVisible waits until it is readable', async () => {
      const { next: end } = await t.store.readAll({ after: START, limit: 1_000_000 });
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      const s = `horizon-${randomUUID()}`;
      await t.store.append(s, [{ id: randomUUID(), type: 'Hidden', data: {} }], { expected: 'no_stream' });
      const hidden = await t.store.readAll({ after: end, limit: 100 });
      expect(hidden.events.filter((e) => e.streamName === s)).toEqual([]);

      let visible = false;
      const waiting = t.store.awaitVisible().then(() => (visible = true));
      await new Promise((r) => setTimeout(r, 200));
      expect(visible).toBe(false);
      await older.query('COMMIT');
      await waiting;
      const read = await t.store.readAll({ after: end, limit: 100 });
      expect(read.events.filter((e) => e.streamName === s).map((e) => e.type)).toEqual(['Hidden']);
    });
  });
}
