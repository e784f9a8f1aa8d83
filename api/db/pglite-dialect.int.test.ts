import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { PGliteDialect } from './pglite-dialect';

interface Tables {
  marks: { n: number };
}

let db: Kysely<Tables> | undefined;
afterEach(async () => db?.destroy());

async function open(): Promise<Kysely<Tables>> {
  db = new Kysely<Tables>({ dialect: new PGliteDialect({ pglite: await PGlite.create() }) });
  await sql`CREATE TABLE marks (n int)`.execute(db);
  return db;
}

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

const marks = async (db: Kysely<Tables>) =>
  (await db.selectFrom('marks').select('n').orderBy('n').execute()).map((r) => r.n);

describe('Kysely over PGlite', () => {
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
});
