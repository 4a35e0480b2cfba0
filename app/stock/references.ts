/**
 * Batched existence checks for the records a stock document or stock row refers to. A write names items,
 * measurements, warehouses, people and points; asking one query per id would cost a round trip each, so every
 * table gets one `id in (…)` branch and the branches travel together as a single UNION ALL statement.
 * Only rows of the caller's business count: another business's id is as unknown as a made-up one. Only live rows
 * count too — except for a queued fact (a sale, a receipt made at a till), for which a soft-deleted record is
 * still a valid reference, found with a DELETED_REFERENCE warning (docs/sync.md, "Facts and warnings").
 */
import { CompiledQuery } from 'kysely';
import type { Db, OperationContext } from '../context.js';
import { onPostgres } from '../operation.js';
import { acceptsDeletedReferences, warn } from '../warnings.js';

export type ReferenceTable = 'items' | 'measurements' | 'warehouses' | 'employees' | 'users' | 'points' | 'suppliers' | 'clients';

/** The ids a write refers to, per table. Empty or missing sets cost nothing. */
export type ReferenceRequest = Partial<Record<ReferenceTable, Iterable<string>>>;

/** The subset of the requested ids that exist, per table. */
export type FoundReferences = Record<ReferenceTable, ReadonlySet<string>>;

const TABLES: readonly ReferenceTable[] = [
  'items',
  'measurements',
  'warehouses',
  'employees',
  'users',
  'points',
  'suppliers',
  'clients',
];

/**
 * The statement's text for one shape of request (how many ids per table), built once: the receipt path runs this
 * check on every write, and building and compiling it with kysely's query builder cost three times what SQLite
 * spent running it. Table names come from the fixed list above, never from input; ids and the tenant are bound.
 */
const texts = new Map<string, string>();
/** Shapes stay few (line counts); the bound keeps a pathological caller in check. */
const TEXT_LIMIT = 500;

function referencesText(postgres: boolean, deleted: boolean, counts: readonly (readonly [ReferenceTable, number])[]): string {
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

export async function existingReferences(db: Db, ctx: OperationContext, request: ReferenceRequest): Promise<FoundReferences> {
  const found = Object.fromEntries(TABLES.map((table) => [table, new Set<string>()])) as Record<ReferenceTable, Set<string>>;
  const counts: [ReferenceTable, number][] = [];
  const parameters: unknown[] = [];
  for (const table of TABLES) {
    const ids = [...new Set(request[table] ?? [])];
    if (ids.length === 0) continue;
    counts.push([table, ids.length]);
    parameters.push(ctx.businessId, ...ids);
  }
  if (counts.length === 0) return found;
  const deleted = acceptsDeletedReferences(ctx);
  const query = CompiledQuery.raw(referencesText(onPostgres(db), deleted, counts), parameters) as CompiledQuery<{
    kind: string;
    id: string;
    d: number | bigint;
  }>;
  for (const row of (await db.executeQuery(query)).rows) {
    const table = row.kind as ReferenceTable;
    found[table].add(row.id);
    if (Number(row.d) !== 0) warn(ctx, { code: 'DELETED_REFERENCE', table, id: row.id });
  }
  return found;
}
