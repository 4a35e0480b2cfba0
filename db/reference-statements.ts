/**
 * The batched existence check of the records a write refers to (app/stock/references.ts decides what counts):
 * every table gets one `id in (…)` branch and the branches travel together as a single UNION ALL statement, one
 * round trip for a whole document.
 *
 * The statement's text for one shape of request (how many ids per table) is built once: the receipt path runs this
 * check on every write, and building and compiling it with kysely's query builder cost three times what SQLite
 * spent running it. Table names come from the caller's fixed list, never from input; ids and the tenant are bound.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { onPostgres } from './engine.js';

const texts = new Map<string, string>();
/** Shapes stay few (line counts); the bound keeps a pathological caller in check. */
const TEXT_LIMIT = 500;

function referencesText(postgres: boolean, deleted: boolean, counts: readonly (readonly [string, number])[]): string {
  const key = `${postgres ? 'p' : 's'}${deleted ? 'd' : 'l'}${counts.map(([table, count]) => `${table}:${count}`).join(',')}`;
  const cached = texts.get(key);
  if (cached !== undefined) return cached;
  let parameter = 0;
  const placeholder = postgres ? () => `$${(parameter += 1)}` : () => '?';
  const text = counts
    .map(([table, count]) => {
      const tenant = placeholder();
      const ids = Array.from({ length: count }, placeholder).join(', ');
      const live = deleted ? '' : ' and "is_deleted" = 0';
      return `select '${table}' as "kind", "id", "is_deleted" as "d" from "${table}" where "business_id" = ${tenant}${live} and "id" in (${ids})`;
    })
    .join(' union all ');
  if (texts.size >= TEXT_LIMIT) texts.clear();
  texts.set(key, text);
  return text;
}

/**
 * The rows of `businessId` among the ids asked for per table (each list non-empty, ids distinct): their table as
 * `kind`, their id and their deleted flag `d`. Soft-deleted rows count only when `deleted` is true.
 */
export function referencesQuery(
  db: Pick<Kysely<unknown>, 'getExecutor'>,
  businessId: string,
  deleted: boolean,
  request: readonly (readonly [table: string, ids: readonly string[]])[],
): CompiledQuery<{ kind: string; id: string; d: number | bigint }> {
  const parameters = request.flatMap(([, ids]) => [businessId, ...ids]);
  const counts = request.map(([table, ids]) => [table, ids.length] as const);
  return CompiledQuery.raw(referencesText(onPostgres(db), deleted, counts), parameters) as CompiledQuery<{ kind: string; id: string; d: number | bigint }>;
}
