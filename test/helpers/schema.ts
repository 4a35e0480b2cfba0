/** Reading a table's shape back from either engine, for the migration tests. */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../db/connect.js';

/** The table's primary-key columns, in key order. */
export async function primaryKey(engine: Engine, db: Kysely<unknown>, table: string): Promise<string[]> {
  if (engine === 'sqlite') {
    const rows = (await sql<{ name: string; pk: bigint }>`select name, pk from pragma_table_info(${table})`.execute(db)).rows;
    return rows
      .filter((row) => Number(row.pk) > 0)
      .sort((a, b) => Number(a.pk) - Number(b.pk))
      .map((row) => row.name);
  }
  const rows = await sql<{ column_name: string }>`
    select a.attname as column_name from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = ${table}::regclass and i.indisprimary
    order by array_position(i.indkey, a.attnum)`.execute(db);
  return rows.rows.map((row) => row.column_name);
}
