import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What ZipFill last wrote, one row a record (its properties' values in one JSON object) instead of
 * one a property: a lookup fills four or five properties, and each row cost the lookup an insert
 * and an index entry.
 */
export const writtenValuesByRecord: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE TABLE written_records (
        portal_id text NOT NULL,
        object_type text NOT NULL,
        object_id text NOT NULL,
        filled jsonb NOT NULL
      )`.execute(db);
    await sql`
      INSERT INTO written_records (portal_id, object_type, object_id, filled)
      SELECT portal_id, object_type, object_id, jsonb_object_agg(property, value)
        FROM written_values GROUP BY portal_id, object_type, object_id`.execute(db);
    await sql`DROP TABLE written_values`.execute(db);
    await sql`ALTER TABLE written_records RENAME TO written_values`.execute(db);
    await sql`ALTER TABLE written_values
                ADD CONSTRAINT written_values_pk PRIMARY KEY (portal_id, object_type, object_id)`.execute(db);
  },
};
