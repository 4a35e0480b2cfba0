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
    await sql<Omit<KeptWarning, 'detail'> & { detail: string }>`
      select mutation_id, position, name, occurred_at, employee_id, code, detail, received_at
        from warnings where dismissed_at is null order by occurred_at desc, mutation_id, position`.execute(local)
  ).rows;
  return rows.map((row) => ({ ...row, position: Number(row.position), detail: JSON.parse(row.detail) as Record<string, unknown> }));
}

/** Marks an operation's warnings seen by `employeeId`; false when it has none left open. */
export async function dismissWarnings(store: TerminalStore, mutationId: string, employeeId: string): Promise<boolean> {
  const result = await store.writes.transaction((tx) =>
    sql`update warnings set dismissed_by = ${employeeId}, dismissed_at = ${new Date().toISOString()}
         where mutation_id = ${mutationId} and dismissed_at is null`.execute(tx as unknown as Kysely<unknown>),
  );
  return Number(result.numAffectedRows ?? 0n) > 0;
}
