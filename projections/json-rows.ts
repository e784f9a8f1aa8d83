import { sql, type InsertQueryBuilder, type InsertResult, type Insertable, type RawBuilder } from 'kysely';
import type { ReadModelTransaction } from './projection';
import type { ReadModels } from './schema';

/**
 * `SELECT <columns>` of the rows, sent as one JSON parameter and read through the table's own
 * row type (`json_populate_recordset`), in the order given: the source of an `INSERT … SELECT`.
 * Bound one value a parameter, a batch of 2,000 rows of 15 columns is 30,000 parameters that
 * Kysely compiles and the driver encodes one by one; as one JSON text the same insert took half
 * the service's CPU on PostgreSQL, and on PGlite, whose JavaScript encodes each parameter on its
 * own thread, a quarter less time (bench README, session 27). There is no limit on parameters to
 * keep batches under either.
 *
 * A column takes the JSON value as PostgreSQL reads it into the column's type: a jsonb column
 * the value itself (an object, not its text), an array column an array, a text column a string.
 * Each row must hold every column: a key missing from a row reads as NULL, not as the default.
 * `rows` may be the array's JSON text already, for a caller that holds parts of it as JSON.
 * For inserts only: the planner takes the set for a hundred rows whatever it holds, so a join on
 * it (an `UPDATE … FROM`) may read a whole table where a VALUES list finds each row by its key.
 */
export function jsonRows(
  table: string,
  columns: readonly string[],
  rows: readonly object[] | string,
): RawBuilder<unknown> {
  const names = sql.join(columns.map((c) => sql.ref(c)));
  const json = typeof rows === 'string' ? rows : JSON.stringify(rows);
  return sql`SELECT ${names}
    FROM json_populate_recordset(NULL::${sql.table(table)}, ${json}::json) WITH ORDINALITY AS given
    ORDER BY given.ordinality`;
}

/** An insert of the rows (never none) through `jsonRows`, their columns the first row's keys. */
export function insertRows<T extends keyof ReadModels & string>(
  trx: ReadModelTransaction,
  table: T,
  rows: readonly Insertable<ReadModels[T]>[],
): InsertQueryBuilder<ReadModels, T, InsertResult> {
  const columns = Object.keys(rows[0]!) as (keyof ReadModels[T] & string)[];
  return trx
    .insertInto(table)
    .columns(columns)
    .expression(jsonRows(table, columns, rows));
}
