import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConnectionFailure, pgErrorCode } from '../adapters/eventstore/postgres/errors';
import { PGliteDialect, type PgliteSession } from './pglite-dialect';
import { PgliteThread } from './pglite-thread';

interface Tables {
  marks: { n: number };
}

const sessions: Record<string, () => Promise<PgliteSession>> = {
  'in this thread': () => PGlite.create(),
  'in a thread of its own': () => PgliteThread.open({ startParams: [] }),
};

/** Runs a transaction that writes `n` and then waits until `finish` is called to end it. */
function heldTransaction(db: Kysely<Tables>, n: number, outcome: 'commit' | 'roll back') {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let wrote!: () => void;
  const written = new Promise<void>((resolve) => (wrote = resolve));
  const done = db.transaction().execute(async (trx) => {
    await trx.insertInto('marks').values({ n }).execute();
    wrote();
    await finished;
    if (outcome === 'roll back') throw new Error('rolled back');
  });
  return { written, finish, done };
}

/** A session that notes each statement sent, with those still unanswered when it was. */
function watching(pglite: PgliteSession) {
  const inFlight: string[] = [];
  const sent: { text: string; unanswered: string[] }[] = [];
  const watched: PgliteSession = {
    get closed() {
      return pglite.closed;
    },
    close: () => pglite.close(),
    async query<R>(text: string, params?: unknown[]) {
      sent.push({ text, unanswered: [...inFlight] });
      inFlight.push(text);
      try {
        return await pglite.query<R>(text, params);
      } finally {
        inFlight.splice(inFlight.indexOf(text), 1);
      }
    },
  };
  return { watched, sent };
}

const marks = async (db: Kysely<Tables>) =>
  (await db.selectFrom('marks').select('n').orderBy('n').execute()).map((r) => r.n);

for (const [where, session] of Object.entries(sessions)) {
  describe(`Kysely over PGlite ${where}`, () => {
    // One database for the kind's tests (each a fresh in-memory initdb, seconds on a busy
    // machine); each test starts from an empty table.
    let shared: Kysely<Tables> | undefined;
    beforeAll(async () => {
      shared = new Kysely<Tables>({ dialect: new PGliteDialect({ pglite: await session() }) });
    });
    afterAll(async () => shared?.destroy());
    const open = async (): Promise<Kysely<Tables>> => {
      await sql`DROP TABLE IF EXISTS marks`.execute(shared!);
      await sql`CREATE TABLE marks (n int UNIQUE)`.execute(shared!);
      return shared!;
    };

    it('keeps a write made outside an open transaction out of it, so a rollback cannot undo it', async () => {
      const db = await open();
      const tx = heldTransaction(db, 1, 'roll back');
      await tx.written;
      const outside = db.insertInto('marks').values({ n: 2 }).execute();
      // Give the outside write every chance to slip into the open transaction before it ends.
      await new Promise((resolve) => setTimeout(resolve, 50));
      tx.finish();
      await expect(tx.done).rejects.toThrow('rolled back');
      await outside;
      expect(await marks(db)).toEqual([2]);
    });

    it('commits a transaction and reports the rows a statement changed', async () => {
      const db = await open();
      const tx = heldTransaction(db, 1, 'commit');
      await tx.written;
      tx.finish();
      await tx.done;
      const [updated] = await db.updateTable('marks').set({ n: 3 }).execute();
      expect(updated?.numUpdatedRows).toBe(1n);
      expect(await marks(db)).toEqual([3]);
    });

    it("refuses a statement with PostgreSQL's own error code, and goes on serving", async () => {
      const db = await open();
      await db.insertInto('marks').values({ n: 1 }).execute();
      const refusal = await db
        .insertInto('marks')
        .values({ n: 1 })
        .execute()
        .catch((e: unknown) => e);
      expect(pgErrorCode(refusal)).toBe('23505');
      expect(isConnectionFailure(refusal)).toBe(false);
      await db.insertInto('marks').values({ n: 2 }).execute();
      expect(await marks(db)).toEqual([1, 2]);
    });

    it('sends the statements of many callers one behind the other without waiting for answers, each answered its own', async () => {
      const pglite = await session();
      let inFlight = 0;
      let most = 0;
      const counting: PgliteSession = {
        get closed() {
          return pglite.closed;
        },
        close: () => pglite.close(),
        async query<R>(text: string, params?: unknown[]) {
          most = Math.max(most, ++inFlight);
          try {
            return await pglite.query<R>(text, params);
          } finally {
            inFlight--;
          }
        },
      };
      const db = new Kysely<Tables>({ dialect: new PGliteDialect({ pglite: counting }) });
      try {
        await sql`CREATE TABLE marks (n int UNIQUE)`.execute(db);
        const answers = await Promise.all(
          Array.from({ length: 20 }, async (_, i) => {
            if (i === 7) {
              // One refused among them: the statements behind it are answered all the same.
              const refused = await sql`SELECT 1 / 0`.execute(db).catch((e: unknown) => e);
              return pgErrorCode(refused);
            }
            await db.insertInto('marks').values({ n: i }).execute();
            return (await sql<{ i: number }>`SELECT ${i}::int AS i`.execute(db)).rows[0]!.i;
          }),
        );
        expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => (i === 7 ? '22012' : i)));
        expect(most).toBeGreaterThan(1);
        expect(await marks(db)).toEqual(Array.from({ length: 20 }, (_, i) => i).filter((i) => i !== 7));
      } finally {
        await db.destroy();
      }
    });

    it("lets the next caller's statement go once a transaction's COMMIT or ROLLBACK is sent, to run after it", async () => {
      const { watched, sent } = watching(await session());
      const db = new Kysely<Tables>({ dialect: new PGliteDialect({ pglite: watched }) });
      try {
        await sql`CREATE TABLE marks (n int UNIQUE)`.execute(db);
        for (const [outcome, end, seen] of [
          ['commit', 'COMMIT', [1]],
          ['roll back', 'ROLLBACK', [1]],
        ] as const) {
          const tx = heldTransaction(db, outcome === 'commit' ? 1 : 2, outcome);
          await tx.written;
          const next = marks(db);
          tx.finish();
          await tx.done.catch(() => undefined);

          expect(await next).toEqual(seen);
          const read = sent.findLast((s) => s.text.startsWith('select'));
          expect(read?.unanswered).toContain(end);
        }
      } finally {
        await db.destroy();
      }
    });

    it('answers a statement after it was closed as a lost connection', async () => {
      const pglite = await session();
      await pglite.close();
      const refusal = await pglite.query('SELECT 1').catch((e: unknown) => e);
      expect(isConnectionFailure(refusal)).toBe(true);
    });
  });
}

describe("PGlite's thread", () => {
  it('counts the seconds it spent running statements, failed ones too, never more than it has been open', async () => {
    const opened = performance.now();
    const pglite = await PgliteThread.open({ startParams: [] });
    try {
      expect(pglite.busySeconds).toBe(0);
      await pglite.query('SELECT pg_sleep(0.2)');
      const afterSleep = pglite.busySeconds;
      expect(afterSleep).toBeGreaterThanOrEqual(0.2);
      await pglite.query('SELECT pg_sleep(0.1), 1 / 0').catch(() => undefined);
      expect(pglite.busySeconds).toBeGreaterThan(afterSleep);
      expect(pglite.busySeconds).toBeLessThanOrEqual((performance.now() - opened) / 1000);
    } finally {
      await pglite.close();
    }
  });

  it("sends a transaction's first statement without waiting for its BEGIN to be answered, and runs it inside", async () => {
    const { watched, sent } = watching(await PgliteThread.open({ startParams: [] }));
    const db = new Kysely<Tables>({ dialect: new PGliteDialect({ pglite: watched }) });
    try {
      await sql`CREATE TABLE marks (n int UNIQUE)`.execute(db);
      const tx = heldTransaction(db, 1, 'roll back');
      await tx.written;
      tx.finish();
      await expect(tx.done).rejects.toThrow('rolled back');

      expect(sent.find((s) => s.text.startsWith('insert'))?.unanswered).toContain('BEGIN');
      expect(await marks(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
