import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { advanceCheckpoint, readCheckpoint } from '../../projections/checkpoints';
import { writtenValuesProjection } from '../../projections/writes/projection';
import { lastWrittenValues } from '../../projections/writes/queries';
import { readModels, type ReadModelDb } from '../../projections/schema';
import { backends, type TestDatabase, openForSuite } from '../support/databases';

/** One success of ZipFill's on a record, as the credits stream records it. */
const success = (portalId: string, objectId: string, filled: Record<string, string>) => ({
  id: randomUUID(),
  type: 'LookupSucceeded',
  data: {
    lookupId: randomUUID(),
    portalId,
    objectType: 'contact',
    objectId,
    zip: '10001',
    requestedAt: new Date().toISOString(),
    filled,
    balanceAfter: 1,
    at: new Date().toISOString(),
  },
});

// What ZipFill wrote decides whether a value is ZipFill's; the read model that keeps it lags the log.
for (const backend of backends) {
  describe(`what ZipFill last wrote to a record, on ${backend.name}`, () => {
    let database: TestDatabase;
    let db: ReadModelDb;
    openForSuite(backend, (test) => {
      database = test;
      db = readModels(test.database.db);
    });

    /** Brings the written_values read model up to the end of the log, as its projection would. */
    const project = async () => {
      const from = await readCheckpoint(db, writtenValuesProjection.name);
      const { events, next } = await database.store.readAll({ after: from, limit: 10_000 });
      await db.transaction().execute(async (trx) => {
        await writtenValuesProjection.apply(
          trx,
          events.filter((e) => e.type === 'LookupSucceeded'),
        );
        await advanceCheckpoint(trx, writtenValuesProjection.name, from, next);
      });
    };

    it('includes a write the read model has not applied yet, so a second ZIP change sees the first write as ZipFill’s', async () => {
      const portalId = `p-${randomUUID()}`;
      const stream = `credits-u-${randomUUID()}`;
      await database.store.append(stream, [success(portalId, '7', { city: 'San Francisco', state: 'CA' })], {
        expected: 'any',
      });
      await project();
      await database.store.append(stream, [success(portalId, '7', { city: 'New York' })], {
        expected: 'any',
      });
      await database.store.append(stream, [success(portalId, '8', { city: 'Chicago' })], { expected: 'any' });

      // The read model still says San Francisco; the log says ZipFill wrote New York since.
      const source = { readModels: db, store: database.store };
      expect(await lastWrittenValues(source, portalId, 'contact', ['7'])).toEqual(
        new Map([['7', { city: 'New York', state: 'CA' }]]),
      );
      await project();
      expect(await lastWrittenValues(source, portalId, 'contact', ['7', '8', '9'])).toEqual(
        new Map([
          ['7', { city: 'New York', state: 'CA' }],
          ['8', { city: 'Chicago' }],
        ]),
      );
    });
  });
}
