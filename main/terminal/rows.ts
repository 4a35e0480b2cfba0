/**
 * Writing whole rows of mirrored tables from their JSON images (server rows from pull and bootstrap, pre-images
 * from the undo journal). The JSON text is handed to SQLite's own JSON functions, never parsed in JavaScript:
 * scaled-integer money can exceed 2^53, and SQLite reads 64-bit integers exactly.
 */
import { sql, type Kysely } from 'kysely';

/** `insert or replace` of one row of `table` from a JSON object text (bound once as a parameter). */
export function upsertFromJson(table: string, columns: readonly string[]) {
  const names = sql.raw(columns.map((column) => `"${column}"`).join(', '));
  const values = sql.raw(columns.map((column) => `json_extract(j.value, '$.${column}')`).join(', '));
  return (db: Kysely<unknown>, json: string) => sql`insert or replace into ${sql.table(table)} (${names}) select ${values} from (select ${json} as value) j`.execute(db);
}

/**
 * `insert or replace` of every row of a JSON array found at `path` in `document` (a whole bootstrap page), in
 * one statement: SQLite walks the array itself. Each row's JSON is converted once to SQLite's binary JSONB (a
 * materialized CTE, so it is not redone per column) and the columns are read from that: `json_extract` on the
 * text re-parsed the row for every column, twice the cost of the whole insert for a 23-column item (19 µs a row
 * against 10 µs; a 220,000-row download spends most of its time here). Values come out the same either way:
 * integers exact to 64 bits, objects and arrays as JSON text (test/terminal/bootstrap-rows.test.ts).
 */
export function upsertManyFromJson(table: string, columns: readonly string[]) {
  const names = sql.raw(columns.map((column) => `"${column}"`).join(', '));
  const values = sql.raw(columns.map((column) => `json_extract(b, '$.row.${column}')`).join(', '));
  return (db: Kysely<unknown>, document: string, path: string) =>
    sql`with r as materialized (select jsonb(value) as b from json_each(${document}, ${path}))
        insert or replace into ${sql.table(table)} (${names}) select ${values} from r where true`.execute(db);
}

/** Removes a row a pending operation inserted. */
export function deleteRow(db: Kysely<unknown>, table: string, businessId: string, id: string) {
  return sql`delete from ${sql.table(table)} where business_id = ${businessId} and id = ${id}`.execute(db);
}
