import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import { runMigrations } from '../../../../projections/migrations/run';

/**
 * The events live in plain tables; `es_append` does a whole append (stream compare-and-set plus
 * the rows) in one statement, so an autocommitted append costs one round trip.
 *
 * Catch-up readers order by (epoch, tx_id, global_position) and only read rows whose transaction
 * is below the snapshot horizon, so a transaction that commits late is never skipped. The epoch
 * is bumped whenever events are copied in from another cluster, whose transaction ids mean
 * nothing here (see `copy-events`).
 */
const migrations: Record<string, Migration> = {
  '2026_11_22_0001_event_store': {
    async up(db) {
      await sql`
        CREATE TABLE es_epoch (
          id boolean PRIMARY KEY DEFAULT true CHECK (id),
          epoch integer NOT NULL
        )`.execute(db);
      await sql`INSERT INTO es_epoch (id, epoch) VALUES (true, 1)`.execute(db);
      await sql`
        CREATE TABLE es_streams (
          stream_id text PRIMARY KEY,
          revision bigint NOT NULL
        )`.execute(db);
      await sql`
        CREATE TABLE es_events (
          global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          epoch integer NOT NULL,
          tx_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
          stream_id text NOT NULL,
          stream_revision bigint NOT NULL,
          event_id uuid NOT NULL UNIQUE,
          type text NOT NULL,
          data jsonb NOT NULL,
          metadata jsonb NOT NULL DEFAULT '{}',
          recorded_at timestamptz NOT NULL DEFAULT now(),
          UNIQUE (stream_id, stream_revision)
        )`.execute(db);
      await sql`CREATE INDEX es_events_catch_up ON es_events (epoch, tx_id, global_position)`.execute(db);
      // Returns the last revision and whether nothing was written because the same events exist.
      // Raises SQLSTATE 'ES409' with the actual revision as the message on a version conflict,
      // and 'ES422' when an event id is already taken by another stream.
      await sql
        .raw(
          `
        CREATE FUNCTION es_append(
          p_stream text, p_expected text, p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[],
          OUT last_revision bigint, OUT idempotent boolean)
        LANGUAGE plpgsql AS $fn$
        DECLARE
          n integer := cardinality(p_ids);
          existing_stream text;
          existing_revision bigint;
        BEGIN
          SELECT stream_id, stream_revision INTO existing_stream, existing_revision
            FROM es_events WHERE event_id = p_ids[1];
          IF FOUND THEN
            IF existing_stream <> p_stream THEN
              RAISE EXCEPTION USING ERRCODE = 'ES422', MESSAGE = p_ids[1]::text || ' is already used in another stream';
            END IF;
            IF n = (
                SELECT count(*) FROM es_events e
                  JOIN unnest(p_ids) WITH ORDINALITY AS t(id, i) ON e.event_id = t.id
                 WHERE e.stream_id = p_stream AND e.stream_revision = existing_revision + t.i - 1) THEN
              last_revision := existing_revision + n - 1;
              idempotent := true;
              RETURN;
            END IF;
            RAISE EXCEPTION USING ERRCODE = 'ES409', MESSAGE = coalesce(
              (SELECT revision::text FROM es_streams WHERE stream_id = p_stream), 'no_stream');
          END IF;

          IF p_expected = 'any' THEN
            INSERT INTO es_streams AS s (stream_id, revision) VALUES (p_stream, n - 1)
              ON CONFLICT (stream_id) DO UPDATE SET revision = s.revision + n
              RETURNING revision INTO last_revision;
          ELSIF p_expected = 'no_stream' THEN
            INSERT INTO es_streams (stream_id, revision) VALUES (p_stream, n - 1)
              ON CONFLICT (stream_id) DO NOTHING
              RETURNING revision INTO last_revision;
          ELSIF p_expected = 'stream_exists' THEN
            UPDATE es_streams SET revision = revision + n WHERE stream_id = p_stream
              RETURNING revision INTO last_revision;
          ELSE
            UPDATE es_streams SET revision = revision + n
              WHERE stream_id = p_stream AND revision = p_expected::bigint
              RETURNING revision INTO last_revision;
          END IF;
          IF last_revision IS NULL THEN
            RAISE EXCEPTION USING ERRCODE = 'ES409', MESSAGE = coalesce(
              (SELECT revision::text FROM es_streams WHERE stream_id = p_stream), 'no_stream');
          END IF;

          INSERT INTO es_events (epoch, stream_id, stream_revision, event_id, type, data, metadata)
            SELECT (SELECT epoch FROM es_epoch), p_stream, last_revision - n + t.i, t.id, t.type, t.data, t.metadata
              FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS t(id, type, data, metadata, i);
          idempotent := false;
        END
        $fn$`,
        )
        .execute(db);
    },
  },
  // Many streams in one call of set-based statements. es_append called once a stream took half
  // as long again on PostgreSQL, for a webhook's 100 new lookup streams as for a wave's 20 credit
  // streams, and more on PGlite (scripts/bench/README.md, session 25). Raises 'ES409' when an event id is taken or a stream is not as
  // expected: the whole call then writes nothing, and the caller appends one stream at a time.
  // Streams are locked in name order, so two batches never wait on each other in a cycle.
  '2026_12_08_0001_append_batch': {
    async up(db) {
      await sql
        .raw(
          `
        CREATE FUNCTION es_append_batch(p_streams jsonb, p_events jsonb)
          RETURNS TABLE (n integer, last_revision bigint)
        LANGUAGE plpgsql AS $fn$
        DECLARE
          wanted integer := jsonb_array_length(p_streams);
          done integer;
        BEGIN
          IF EXISTS (SELECT 1 FROM es_events
                      WHERE event_id = ANY (ARRAY(SELECT (e->>'id')::uuid FROM jsonb_array_elements(p_events) e))) THEN
            RAISE EXCEPTION USING ERRCODE = 'ES409', MESSAGE = 'an event id of the batch is taken';
          END IF;
          PERFORM 1 FROM es_streams
            WHERE stream_id = ANY (ARRAY(SELECT r->>'stream' FROM jsonb_array_elements(p_streams) r WHERE r->>'expected' IS DISTINCT FROM 'no_stream'))
            ORDER BY stream_id FOR UPDATE;
          RETURN QUERY
          WITH req AS (
            SELECT * FROM jsonb_to_recordset(p_streams) AS r(n integer, stream text, expected text, revision bigint, count integer)
          ), created AS (
            INSERT INTO es_streams (stream_id, revision)
            SELECT r.stream, r.count - 1 FROM req r WHERE r.expected IN ('no_stream', 'any') ORDER BY r.stream
            ON CONFLICT (stream_id) DO NOTHING
            RETURNING stream_id, revision
          ), moved AS (
            UPDATE es_streams s SET revision = s.revision + r.count
              FROM req r
             WHERE s.stream_id = r.stream
               AND (r.expected IN ('any', 'stream_exists') OR s.revision = r.revision)
            RETURNING s.stream_id, s.revision
          ), written AS (
            SELECT r.n, r.stream, r.count, w.revision
              FROM req r JOIN (SELECT * FROM created UNION ALL SELECT * FROM moved) w ON w.stream_id = r.stream
          ), stored AS (
            INSERT INTO es_events (epoch, stream_id, stream_revision, event_id, type, data, metadata)
            SELECT (SELECT epoch FROM es_epoch), w.stream, w.revision - w.count + 1 + e.at, e.id, e.type, e.data, e.metadata
              FROM jsonb_to_recordset(p_events) AS e(n integer, at integer, id uuid, type text, data jsonb, metadata jsonb)
              JOIN written w ON w.n = e.n
             ORDER BY e.n, e.at
          )
          SELECT w.n, w.revision FROM written w;
          GET DIAGNOSTICS done = ROW_COUNT;
          IF done < wanted THEN
            RAISE EXCEPTION USING ERRCODE = 'ES409', MESSAGE = 'a stream of the batch is not at its expected revision';
          END IF;
        END
        $fn$`,
        )
        .execute(db);
    },
  },
};

class InlineProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** The event tables' migrator, its bookkeeping in `schema` (the connection's own by default). */
export async function eventStoreMigrator(db: Kysely<unknown>, schema?: string): Promise<Migrator> {
  // Named explicitly: without a schema, kysely takes a migration table in ANY schema of the
  // database as this one's, and a fresh schema beside another (tests, bench) then fails to migrate.
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  return new Migrator({
    db,
    provider: new InlineProvider(),
    migrationTableSchema: schema ?? rows[0]?.schema ?? 'public',
    migrationTableName: 'es_migration',
    migrationLockTableName: 'es_migration_lock',
  });
}

/** Brings the event tables up to date (the service does it under a lock: api/db/migrate). */
export async function migrateEventStore(db: Kysely<unknown>, schema?: string): Promise<void> {
  await runMigrations(await eventStoreMigrator(db, schema));
}
