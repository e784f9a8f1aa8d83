import { sql } from 'kysely';
import { START, type Checkpoint } from '../domain/eventstore/types';
import type { ReadModelTransaction } from './projection';
import type { ReadModelDb } from './schema';

export async function readCheckpoint(
  db: ReadModelDb | ReadModelTransaction,
  name: string,
): Promise<Checkpoint> {
  const row = await db
    .selectFrom('projection_checkpoints')
    .select('checkpoint')
    .where('name', '=', name)
    .executeTakeFirst();
  return (row?.checkpoint ?? START) as Checkpoint;
}

/**
 * Moves a projection's checkpoint from `from` to `to`, only if it still stands at `from`.
 * Returns false when another writer moved it first: the caller's transaction must then roll back.
 * One statement: alone, it needs no transaction of its own.
 */
export async function advanceCheckpoint(
  trx: ReadModelDb | ReadModelTransaction,
  name: string,
  from: Checkpoint,
  to: Checkpoint,
): Promise<boolean> {
  if (from === START) {
    const inserted = await trx
      .insertInto('projection_checkpoints')
      .values({ name, checkpoint: to, updated_at: sql<Date>`now()` })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ checkpoint: to, updated_at: sql<Date>`now()` })
          .where('projection_checkpoints.checkpoint', '=', START),
      )
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await trx
    .updateTable('projection_checkpoints')
    .set({ checkpoint: to, updated_at: sql<Date>`now()` })
    .where('name', '=', name)
    .where('checkpoint', '=', from)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Moves the checkpoints of `names` from `from` to `to` in one statement, each only if it still
 * stands at `from` (none at the start: a first checkpoint is inserted by advanceCheckpoint).
 * Answers the names it moved; the others were moved by another writer.
 */
export async function advanceCheckpoints(
  db: ReadModelDb | ReadModelTransaction,
  names: readonly string[],
  from: Checkpoint,
  to: Checkpoint,
): Promise<Set<string>> {
  const moved = await db
    .updateTable('projection_checkpoints')
    .set({ checkpoint: to, updated_at: sql<Date>`now()` })
    .where('name', 'in', names)
    .where('checkpoint', '=', from)
    .returning('name')
    .execute();
  return new Set(moved.map((r) => r.name));
}
