/**
 * INSERT statements for the hot write paths (receipt lines, ledger entries, level upserts, audit entries), and
 * the one PostgreSQL statement that carries several of them.
 *
 * CPU: kysely parses every row of `values([...])` into an operation tree and compiles that tree anew on each
 * call, which cost more than SQLite spent running the statement. The SQL text depends only on the engine, table,
 * columns and row count, so it is built once and reused; values still travel as bound parameters. Table and
 * column names come from our code, never from input.
 *
 * Round trips (PostgreSQL): every statement is a network round trip. `withInsertsInFront` puts inserts as
 * data-modifying CTEs in front of another statement, so they travel with it (app/write.ts decides when).
 */
import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import { onPostgres } from './engine.js';

type Handle = Pick<Kysely<Database>, 'getExecutor' | 'executeQuery'>;

const texts = new Map<string, string>();
/** Distinct statements stay few (a handful of tables × row counts); the bound keeps a pathological caller in check. */
const TEXT_LIMIT = 1000;

const quote = (name: string) => `"${name}"`;

function insertText(postgres: boolean, table: string, columns: readonly string[], rowCount: number, suffix: string): string {
  const key = `${postgres ? 'p' : 's'}\u0000${table}\u0000${columns.join(',')}\u0000${rowCount}\u0000${suffix}`;
  const cached = texts.get(key);
  if (cached !== undefined) return cached;
  let parameter = 0;
  const placeholder = postgres ? () => `$${(parameter += 1)}` : () => '?';
  const tuples = Array.from({ length: rowCount }, () => `(${columns.map(placeholder).join(', ')})`);
  const text = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${tuples.join(', ')}${suffix ? ` ${suffix}` : ''}`;
  if (texts.size >= TEXT_LIMIT) texts.clear();
  texts.set(key, text);
  return text;
}

/** The INSERT of `rows` (all with the same keys, in the same order) into `table`; `suffix` is static SQL. */
export function insertQuery<T extends keyof Database & string>(
  db: Pick<Handle, 'getExecutor'>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  suffix: string,
): CompiledQuery {
  const columns = Object.keys(rows[0] ?? {});
  const parameters: unknown[] = [];
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    for (const column of columns) parameters.push(values[column]);
  }
  return CompiledQuery.raw(insertText(onPostgres(db), table, columns, rows.length, suffix), parameters);
}

/**
 * Inserts `rows` (all with the same keys, in the same order) into `table` in one statement now. `suffix` is
 * static SQL appended as is (an ON CONFLICT or RETURNING clause); rows a RETURNING clause returns come back.
 */
export async function insertRows<T extends keyof Database & string>(
  db: Handle,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  suffix = '',
): Promise<readonly unknown[]> {
  if (rows.length === 0) return [];
  return (await db.executeQuery(insertQuery(db, table, rows, suffix))).rows;
}

/** PostgreSQL's limit of bound values per statement. */
const MAX_PARAMETERS = 65535;

/** `$n` placeholders of `text` moved up by `offset` (our statements hold no literal `$`: values are bound). */
const shifted = (text: string, offset: number) => (offset === 0 ? text : text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`));

/**
 * One PostgreSQL statement: `inserts` as data-modifying CTEs in front of `query` (PostgreSQL runs them to
 * completion whether or not the statement refers to them), named `names` (w0, w1, … by default) for a query that
 * reads what they return. Null when together they would bind too many values.
 */
export function withInsertsInFront<R>(inserts: readonly CompiledQuery[], query: CompiledQuery<R>, names?: readonly string[]): CompiledQuery<R> | null {
  const total = inserts.reduce((sum, insert) => sum + insert.parameters.length, query.parameters.length);
  if (total > MAX_PARAMETERS) return null;
  const parameters: unknown[] = [];
  const ctes = inserts.map((insert, index) => {
    const text = `${names?.[index] ?? `w${index}`} as (${shifted(insert.sql, parameters.length)})`;
    parameters.push(...insert.parameters);
    return text;
  });
  const main = shifted(query.sql, parameters.length);
  parameters.push(...query.parameters);
  // A statement that has its own WITH list continues ours.
  const ownWith = /^\s*with\s/i.exec(main);
  const text = `with ${ctes.join(', ')}${ownWith ? `, ${main.slice(ownWith[0].length)}` : ` ${main}`}`;
  return CompiledQuery.raw(text, parameters) as CompiledQuery<R>;
}
