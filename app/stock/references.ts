/**
 * Batched existence checks for the records a stock document or stock row refers to. A write names items,
 * measurements, warehouses, people and points; asking one query per id would cost a round trip each, so every
 * table gets one `id in (…)` branch and the branches travel together as a single UNION ALL statement.
 * Only live rows of the caller's business count: another business's id is as unknown as a made-up one.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Flag } from '../../db/schema.js';
import type { Db, OperationContext } from '../context.js';

export type ReferenceTable = 'items' | 'measurements' | 'warehouses' | 'employees' | 'users' | 'points' | 'suppliers' | 'clients';

/** The ids a write refers to, per table. Empty or missing sets cost nothing. */
export type ReferenceRequest = Partial<Record<ReferenceTable, Iterable<string>>>;

/** The subset of the requested ids that exist, per table. */
export type FoundReferences = Record<ReferenceTable, ReadonlySet<string>>;

type KeyColumns = { business_id: string; id: string; is_deleted: Flag };
/** Every referenced table has these columns; the table is chosen at run time from a fixed list. */
type LooseDb = Kysely<Record<string, KeyColumns>>;
type Branch = SelectQueryBuilder<Record<string, KeyColumns>, string, { kind: string; id: string }>;

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
  const loose = db as unknown as LooseDb;
  const branches: Branch[] = [];
  for (const table of TABLES) {
    const ids = [...new Set(request[table] ?? [])];
    if (ids.length === 0) continue;
    branches.push(
      loose
        .selectFrom(table)
        // The table name is one of the fixed names above, never input, so it may be a literal.
        .select([sql<string>`${sql.lit(table)}`.as('kind'), 'id'])
        .where('business_id', '=', ctx.businessId)
        .where('is_deleted', '=', 0)
        .where('id', 'in', ids),
    );
  }
  const [first, ...rest] = branches;
  if (!first) return found;
  const query = rest.reduce((union, branch) => union.unionAll(branch), first);
  for (const row of await query.execute()) found[row.kind as ReferenceTable].add(row.id);
  return found;
}
