import {
  PostgresDialect,
  sql,
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  table: string;
  schema: string;
  kind: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  identity: boolean;
}

/**
 * Kysely's Migrator asks the introspector whether its own tables exist. The stock PostgreSQL
 * introspector answers by reading every table of every schema and calling
 * `pg_get_serial_sequence` on each column; a schema another process drops meanwhile makes that
 * call fail ("column "is_locked" of relation "es_migration_lock" does not exist", SQLSTATE 42703),
 * and a process that only wanted to migrate its own schema dies at start. This one reads the
 * schema the connection works in (`current_schema()`) and nothing else, so what happens in other
 * schemas cannot reach it.
 */
export class SchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`
      SELECT nspname AS name FROM pg_catalog.pg_namespace`.execute(this.#db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      SELECT c.relname AS table, c.relkind AS kind, ns.nspname AS schema, a.attname AS column,
             t.typname AS type, tns.nspname AS type_schema, a.attnotnull AS not_null,
             a.atthasdef AS has_default,
             (a.attidentity <> '' OR coalesce(pg_get_expr(d.adbin, d.adrelid), '') LIKE 'nextval(%') AS identity
        FROM pg_catalog.pg_class c
        JOIN pg_catalog.pg_namespace ns ON ns.oid = c.relnamespace
        JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
        JOIN pg_catalog.pg_namespace tns ON tns.oid = t.typnamespace
        LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
       WHERE ns.nspname = current_schema() AND c.relkind IN ('r', 'v', 'p')
       ORDER BY c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata & { columns: ColumnMetadata[] }>();
    for (const row of rows) {
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.identity,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(_options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/** PostgreSQL through `pg`, introspecting only the schema it works in. */
export class SchemaScopedPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SchemaIntrospector(db);
  }
}
