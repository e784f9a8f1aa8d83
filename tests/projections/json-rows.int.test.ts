import { describe, expect, it } from 'vitest';
import { insertRows } from '../../projections/json-rows';
import { readModels, type ReadModelDb } from '../../projections/schema';
import { backends, openForSuite } from '../support/databases';

// Projections send a batch's rows as one JSON parameter: what a read model holds afterwards must
// be what the events said, whatever the value's type and however awkward its text.
for (const backend of backends) {
  describe(`a batch of rows sent as one JSON parameter, on ${backend.name}`, () => {
    let db: ReadModelDb;
    openForSuite(backend, (test) => {
      db = readModels(test.database.db);
    });

    it('lands every value in its column as sent: text, numbers, timestamps, nulls, jsonb objects and arrays', async () => {
      const awkward = 'Zoë’s "quoted" \\ back\nslash 🙂';
      await db.transaction().execute(async (trx) => {
        await insertRows(trx, 'written_values', [
          { portal_id: '1', object_type: 'contact', object_id: '7', filled: { city: awkward, state: 'NY' } },
          { portal_id: '1', object_type: 'contact', object_id: '8', filled: {} },
        ]).execute();
        await insertRows(trx, 'admin_user_lookups', [
          {
            user_id: 'u-json',
            successful: 2_147_483_647,
            failed: 0,
            nothing_to_update: 1,
            last_lookup_at: '2026-11-29T12:00:00.123Z',
            week_days: ['2026-11-28', '2026-11-29'],
            week_lookups: [3, 4],
          },
        ]).execute();
        await insertRows(trx, 'record_history', [
          {
            portal_id: '1',
            object_type: 'contact',
            object_id: '7',
            entry_id: 'l-1',
            kind: 'change',
            lookup_id: 'l-1',
            user_id: null,
            source: null,
            zip: '10001',
            filled: JSON.stringify({ city: awkward }),
            before_values: null,
            restored: null,
            kept: null,
            undo_job_id: null,
            at: '2026-11-29T12:00:00.000Z',
          },
        ]).execute();
      });

      const written = await db.selectFrom('written_values').selectAll().orderBy('object_id').execute();
      expect(written.map((w) => w.filled)).toEqual([{ city: awkward, state: 'NY' }, {}]);
      const user = await db
        .selectFrom('admin_user_lookups')
        .selectAll()
        .where('user_id', '=', 'u-json')
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        successful: 2_147_483_647,
        nothing_to_update: 1,
        week_days: ['2026-11-28', '2026-11-29'],
        week_lookups: [3, 4],
      });
      expect(new Date(user.last_lookup_at!).toISOString()).toBe('2026-11-29T12:00:00.123Z');
      const history = await db.selectFrom('record_history').selectAll().executeTakeFirstOrThrow();
      expect(history).toMatchObject({ user_id: null, source: null, before_values: null });
      expect(JSON.parse(history.filled)).toEqual({ city: awkward });
    });

    it('inserts the rows in the order given, and answers RETURNING in that order', async () => {
      const ids = Array.from({ length: 50 }, (_, i) => `order-${String(49 - i).padStart(2, '0')}`);
      const returned = await db.transaction().execute((trx) =>
        insertRows(
          trx,
          'lookup_totals',
          ids.map((id, at) => ({ id, successful: at })),
        )
          .returning('id')
          .execute(),
      );
      expect(returned.map((r) => r.id)).toEqual(ids);
    });
  });
}
