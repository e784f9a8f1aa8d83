import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { writtenValuesByRecord } from '../../projections/migrations/2026_12_07_0101_written_values_by_record';
import { lastWrittenValues } from '../../projections/writes/queries';
import { readModels } from '../../projections/schema';
import { backends, type TestDatabase, openForSuite } from '../support/databases';

// "Update unless edited" compares a record's values with what ZipFill wrote; the upgrade to one
// row a record must not make a value ZipFill wrote look like a person's edit.
for (const backend of backends) {
  describe(`the upgrade to one row of written values a record, on ${backend.name}`, () => {
    let database: TestDatabase;
    openForSuite(backend, (test) => {
      database = test;
    });

    it('keeps every value ZipFill wrote, each under its record', async () => {
      const db = database.database.db;
      const portalId = `p-${randomUUID()}`;
      await sql`DROP TABLE written_values`.execute(db);
      await sql`
        CREATE TABLE written_values (
          portal_id text NOT NULL, object_type text NOT NULL, object_id text NOT NULL,
          property text NOT NULL, value text NOT NULL,
          CONSTRAINT written_values_pk PRIMARY KEY (portal_id, object_type, object_id, property)
        )`.execute(db);
      await sql`
        INSERT INTO written_values (portal_id, object_type, object_id, property, value) VALUES
          (${portalId}, 'contact', '7', 'city', 'New York'),
          (${portalId}, 'contact', '7', 'state', 'NY'),
          (${portalId}, 'contact', '8', 'city', 'Chicago'),
          (${portalId}, 'company', '7', 'zip_timezone', 'America/Los_Angeles')`.execute(db);

      await writtenValuesByRecord.up(db);

      const source = { readModels: readModels(db), store: database.store };
      expect(await lastWrittenValues(source, portalId, 'contact', ['7', '8', '9'])).toEqual(
        new Map([
          ['7', { city: 'New York', state: 'NY' }],
          ['8', { city: 'Chicago' }],
        ]),
      );
      expect(await lastWrittenValues(source, portalId, 'company', ['7'])).toEqual(
        new Map([['7', { zip_timezone: 'America/Los_Angeles' }]]),
      );
    });
  });
}
