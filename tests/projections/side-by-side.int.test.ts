import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readModels, type ReadModelDb } from '../../projections/schema';
import { sideBySide } from '../../projections/side-by-side';
import { backends, openForSuite } from '../support/databases';

const record = (objectId: string) => ({
  portal_id: 'side-by-side',
  object_type: 'contact',
  object_id: objectId,
  filled: { city: 'New York' },
});

// A projection's statements that do not depend on each other go out together, without waiting for
// each other's answers: what the read model holds afterwards must be what one after another left.
for (const backend of backends) {
  describe(`statements side by side in one transaction, on ${backend.name}`, () => {
    let db: ReadModelDb;
    openForSuite(backend, (test) => {
      db = readModels(test.database.db);
    });
    const written = async () =>
      (
        await db
          .selectFrom('written_values')
          .select('object_id')
          .where('portal_id', '=', 'side-by-side')
          .orderBy('object_id')
          .execute()
      ).map((r) => r.object_id);

    it('answers each statement in the order given, and commits them all', async () => {
      const answers = await db
        .transaction()
        .execute((trx) =>
          sideBySide(
            trx.insertInto('written_values').values(record('1')).returning('object_id').execute(),
            sql<{ two: number }>`SELECT 2 AS two`.execute(trx),
            undefined,
            trx.insertInto('written_values').values(record('3')).returning('object_id').execute(),
          ),
        );

      expect(answers[0].map((r) => r.object_id)).toEqual(['1']);
      expect(answers[1].rows).toEqual([{ two: 2 }]);
      expect(answers[2]).toBeUndefined();
      expect(answers[3].map((r) => r.object_id)).toEqual(['3']);
      expect(await written()).toEqual(['1', '3']);
    });

    it('writes nothing when one of them fails, and answers with the failure that caused it', async () => {
      const attempt = db.transaction().execute((trx) =>
        sideBySide(
          (async () => {
            await trx.insertInto('written_values').values(record('4')).execute();
            await trx.insertInto('written_values').values(record('5')).execute();
          })(),
          sql`SELECT 1 / 0`.execute(trx),
        ),
      );

      await expect(attempt).rejects.toThrow(/division by zero/);
      expect(await written()).toEqual(['1', '3']);
    });
  });
}
