/**
 * The warnings of this till's applied operations (app/warnings.ts): a sale that took stock below zero, named an item
 * the office had deleted, was rung up by an employee since removed… The service applies such facts and says what
 * they broke in the operation's result; the till keeps what it is told, in the same local transaction that settles
 * the operation, so the cashier who made it is told once and until someone dismisses it.
 */
import { sql, type Kysely } from 'kysely';
import type { OutboxRow } from './local-run.js';
import type { TerminalStore } from './store.js';

export interface KeptWarning {
  readonly mutation_id: string;
  readonly position: number;
  readonly name: string;
  readonly occurred_at: string;
  readonly employee_id: string;
  readonly code: string;
  /** The warning as the service gave it: `{code, …parameters}`. */
  readonly detail: Record<string, unknown>;
  readonly received_at: string;
  /** Names of the records the warning names, as this till holds them (deleted ones included), by id. */
  readonly names: Record<string, string>;
}

/** Where a record's name is, for the tables a warning may name (`taxes` is stored as `tax_fees`). */
const NAME_COLUMNS: Readonly<Record<string, { readonly table: string; readonly column: string }>> = {
  items: { table: 'items', column: 'name' },
  modifiers: { table: 'modifiers', column: 'name' },
  measurements: { table: 'measurements', column: 'name' },
  warehouses: { table: 'warehouses', column: 'name' },
  employees: { table: 'employees', column: 'full_name' },
  users: { table: 'users', column: 'full_name' },
  points: { table: 'points', column: 'name' },
  suppliers: { table: 'suppliers', column: 'name' },
  clients: { table: 'clients', column: 'full_name' },
  workplaces: { table: 'workplaces', column: 'name' },
  payment_methods: { table: 'payment_methods', column: 'name' },
  discounts: { table: 'discounts', column: 'name' },
  taxes: { table: 'tax_fees', column: 'name' },
  payment_devices: { table: 'payment_devices', column: 'name' },
  settlements: { table: 'settlements', column: 'name' },
};

/** The (table, id) pairs a warning's parameters name. */
function namedRecords(detail: Record<string, unknown>): [string, string][] {
  const pairs: [string, string][] = [];
  const add = (table: string, id: unknown) => {
    if (typeof id === 'string') pairs.push([table, id]);
  };
  add('items', detail.itemId);
  add('modifiers', detail.itemId);
  add('warehouses', detail.warehouseId);
  add('employees', detail.employeeId);
  add('clients', detail.clientId);
  add('settlements', detail.settlementId);
  if (detail.code === 'DELETED_REFERENCE' && typeof detail.table === 'string') {
    add(detail.table, detail.id);
    if (detail.table === 'items') add('modifiers', detail.id);
    if (detail.table === 'employees') add('users', detail.id);
  }
  return pairs;
}

/** Names of the records, from this till's copy (tombstones keep their names); unknown ones are left out. */
async function namesOf(local: Kysely<unknown>, pairs: readonly [string, string][]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const [kind, id] of pairs) {
    const where = NAME_COLUMNS[kind];
    if (!where || names.has(id)) continue;
    try {
      const row = (await sql<{ name: string | null }>`select ${sql.ref(where.column)} as name from ${sql.table(where.table)} where id = ${id}`.execute(local)).rows[0];
      if (row?.name) names.set(id, row.name);
    } catch {
      // A table this till does not mirror (e.g. users): the screen shows the id.
    }
  }
  return names;
}

/** Stores the warnings of an applied operation's result; a page seen twice stores nothing twice. */
export async function keepWarnings(local: Kysely<unknown>, row: OutboxRow, result: unknown, now: string): Promise<void> {
  const warnings = (result as { warnings?: unknown } | null)?.warnings;
  if (!Array.isArray(warnings)) return;
  let position = 0;
  for (const warning of warnings) {
    const code = (warning as { code?: unknown } | null)?.code;
    if (typeof code !== 'string') continue;
    await sql`
      insert into warnings (mutation_id, position, name, occurred_at, employee_id, code, detail, received_at)
      values (${row.mutation_id}, ${position}, ${row.name}, ${row.occurred_at}, ${row.employee_id}, ${code}, ${JSON.stringify(warning)}, ${now})
      on conflict (mutation_id, position) do nothing`.execute(local);
    position += 1;
  }
}

/** The warnings nobody has dismissed yet, newest operation first. */
export async function openWarnings(store: TerminalStore): Promise<KeptWarning[]> {
  const local = store.db as unknown as Kysely<unknown>;
  const rows = (
    await sql<Omit<KeptWarning, 'detail' | 'names'> & { detail: string }>`
      select mutation_id, position, name, occurred_at, employee_id, code, detail, received_at
        from warnings where dismissed_at is null order by occurred_at desc, mutation_id, position`.execute(local)
  ).rows;
  const warnings = rows.map((row) => ({ ...row, position: Number(row.position), detail: JSON.parse(row.detail) as Record<string, unknown> }));
  const names = await namesOf(local, warnings.flatMap((warning) => namedRecords(warning.detail)));
  return warnings.map((warning) => ({
    ...warning,
    names: Object.fromEntries(namedRecords(warning.detail).flatMap(([, id]) => (names.has(id) ? [[id, names.get(id)!]] : []))),
  }));
}

/** How many operations have warnings nobody has dismissed yet (the sync bar's count). */
export async function countOpenWarnings(store: TerminalStore): Promise<number> {
  const local = store.db as unknown as Kysely<unknown>;
  const row = (await sql<{ count: number | bigint }>`select count(distinct mutation_id) as count from warnings where dismissed_at is null`.execute(local)).rows[0];
  return Number(row?.count ?? 0);
}

/** Marks an operation's warnings seen by `employeeId`; false when it has none left open. */
export async function dismissWarnings(store: TerminalStore, mutationId: string, employeeId: string): Promise<boolean> {
  const result = await store.writes.transaction((tx) =>
    sql`update warnings set dismissed_by = ${employeeId}, dismissed_at = ${new Date(store.clock.now()).toISOString()}
         where mutation_id = ${mutationId} and dismissed_at is null`.execute(tx as unknown as Kysely<unknown>),
  );
  return Number(result.numAffectedRows ?? 0n) > 0;
}
