/**
 * Batched existence checks for the records a stock document or stock row refers to. A write names items,
 * measurements, warehouses, people and points; asking one query per id would cost a round trip each, so every
 * table gets one `id in (…)` branch and the branches travel together as a single UNION ALL statement (its text
 * is built in db/reference-statements.ts).
 * Only rows of the caller's business count: another business's id is as unknown as a made-up one. Only live rows
 * count too — except for a queued fact (a sale, a receipt made at a till), for which a soft-deleted record is
 * still a valid reference, found with a DELETED_REFERENCE warning (docs/sync.md, "Facts and warnings").
 */
import { referencesQuery } from '../../db/reference-statements.js';
import type { Db, OperationContext } from '../context.js';
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

export async function existingReferences(db: Db, ctx: OperationContext, request: ReferenceRequest): Promise<FoundReferences> {
  const found = Object.fromEntries(TABLES.map((table) => [table, new Set<string>()])) as Record<ReferenceTable, Set<string>>;
  const asked: [ReferenceTable, string[]][] = [];
  for (const table of TABLES) {
    const ids = [...new Set(request[table] ?? [])];
    if (ids.length > 0) asked.push([table, ids]);
  }
  if (asked.length === 0) return found;
  // One statement for every table (db/reference-statements.ts).
  const query = referencesQuery(db, ctx.businessId, acceptsDeletedReferences(ctx), asked);
  for (const row of (await db.executeQuery(query)).rows) {
    const table = row.kind as ReferenceTable;
    found[table].add(row.id);
    if (Number(row.d) !== 0) warn(ctx, { code: 'DELETED_REFERENCE', table, id: row.id });
  }
  return found;
}
