/**
 * `column is one of these values` as ONE statement text whatever the number of values. The import looks up
 * hundreds of barcodes, names or ids per batch; an `in (?, ?, …)` list makes a new statement text for every
 * count, which on PostgreSQL fills the process's prepared-statement slots (db/prepared-statements.ts, 300 in all,
 * shared with the sync's hot statements) and, once prepared, gets a generic plan that compares every row with
 * every parameter. An array parameter keeps one text and an index lookup per value: `= any($1::text[])` on
 * PostgreSQL, `in (select value from json_each(?))` on SQLite.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../context.js';
import { onPostgres } from '../../operation.js';

export function anyOf(db: Db, column: RawBuilder<unknown> | ReturnType<typeof sql.ref>, values: readonly string[]) {
  return onPostgres(db) ? sql`${column} = any(${[...values]}::text[])` : sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;
}
