import type { ColumnType } from 'kysely';

/** One CRM record, and the value ZipFill last wrote to each of its properties. */
export interface WrittenValuesTable {
  portal_id: string;
  object_type: string;
  object_id: string;
  /** Property name to value (jsonb). */
  filled: ColumnType<Record<string, string>, Record<string, string>, string>;
}

export interface WrittenValueTables {
  written_values: WrittenValuesTable;
}
