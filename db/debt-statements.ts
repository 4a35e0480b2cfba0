/**
 * The SQL of the client-debt ledger's hot statements (app/debts/ledger.ts decides when each runs). A credit sale
 * runs them on every sale, so they are built once per shape (shaped-query.ts), and the references an entry names
 * are checked inside the statement that writes it: a round trip fewer per sale, and on PostgreSQL every
 * statement is a system call and a wait.
 */
import { sql, type CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { AuditLogTable, Database } from './schema.js';
import { shapedQuery } from './shaped-query.js';

type Db = Kysely<Database>;

/** The records a debt entry names; `pointId` null for a business-wide entry, which names no point. */
export interface DebtEntryReferences {
  readonly clientId: string;
  readonly employeeId: string;
  readonly pointId: string | null;
}

/** A ledger entry's own values (the debt it lands on is found by the statement). */
export interface DebtEntryValues {
  readonly id: string;
  readonly businessId: string;
  readonly clientId: string;
  readonly amount: bigint;
  readonly kind: string;
  readonly employeeId: string;
  readonly pointId: string;
  readonly signatureUrl: string | null;
  readonly paymentTypeId: string | null;
  readonly now: string;
}

/**
 * The condition "every record the entry names exists and is live in this business", as one SQL expression. The
 * same rule as app/debts/references.ts's checkDebtReferences, which names the missing ones when this fails.
 */
export function referencesResolve(businessId: string, references: DebtEntryReferences) {
  const live = (table: 'clients' | 'employees' | 'users' | 'points', id: string) =>
    sql`exists (select 1 from ${sql.table(table)} where business_id = ${businessId} and id = ${id} and is_deleted = 0)`;
  const point = references.pointId === null ? sql`1 = 1` : live('points', references.pointId);
  return sql<boolean>`(${live('clients', references.clientId)} and (${live('employees', references.employeeId)} or ${live('users', references.employeeId)}) and ${point})`;
}

/**
 * Appends the entry to the client's record — whatever its deleted flag — finding the record in the same
 * statement (INSERT … SELECT, one round trip, no lock); returns the record's id as `debt_id`, or no row when the
 * client has no record yet, or when `references` are given and one of them does not resolve.
 */
export function appendEntryQuery(db: Db, entry: DebtEntryValues, references?: DebtEntryReferences): CompiledQuery<{ debt_id: string }> {
  // Part of the shape, never read from the stand-ins: a business-wide point is checked by no point row.
  const businessWide = references?.pointId === null;
  // The shape's values by name; a reference the shape does not check is absent (shapedQuery binds by name).
  const values: { [K in keyof DebtEntryValues]: DebtEntryValues[K] } & { refClient?: string; refEmployee?: string; refPoint?: string | null } = { ...entry };
  if (references) {
    values.refClient = references.clientId;
    values.refEmployee = references.employeeId;
    if (!businessWide) values.refPoint = references.pointId;
  }
  const shape = !references ? 'debt-append' : businessWide ? 'debt-append-checked' : 'debt-append-checked-point';
  return shapedQuery(db, shape, values, (v) =>
    db
      .insertInto('client_debt_txns')
      .columns([
        'business_id',
        'id',
        'client_id',
        'debt_id',
        'amount',
        'kind',
        'employee_id',
        'id_automated_point',
        'signature_url',
        'payment_type_id',
        'is_deleted',
        'dt_created',
        'dt_updated',
      ])
      .expression(
        db
          .selectFrom('client_debts')
          .select([
            'business_id',
            sql<string>`${v.id}`.as('id'),
            'client_id',
            'id as debt_id',
            // Typed, or PostgreSQL takes a parameter in a select list for text.
            sql<bigint>`cast(${v.amount} as bigint)`.as('amount'),
            sql<string>`${v.kind}`.as('kind'),
            sql<string>`${v.employeeId}`.as('employee_id'),
            sql<string>`${v.pointId}`.as('id_automated_point'),
            sql<string | null>`${v.signatureUrl}`.as('signature_url'),
            sql<string | null>`cast(${v.paymentTypeId} as text)`.as('payment_type_id'),
            sql<number>`0`.as('is_deleted'),
            sql<string>`${v.now}`.as('dt_created'),
            sql<string>`${v.now}`.as('dt_updated'),
          ])
          .where('business_id', '=', v.businessId)
          .where('client_id', '=', v.clientId)
          .$if(references !== undefined, (select) =>
            select.where(referencesResolve(v.businessId, { clientId: v.refClient!, employeeId: v.refEmployee!, pointId: businessWide ? null : v.refPoint! })),
          ),
      )
      .returning('debt_id'),
  );
}

/** Adds `amount` to the record's balance, an atomic increment (and revives a written-off record). */
export function debtIncrementQuery(db: Db, values: { amount: bigint; now: string; businessId: string; debtId: string }): CompiledQuery {
  return shapedQuery(db, 'debt-increment', values, (v) =>
    db
      .updateTable('client_debts')
      .set({ debt_amount: sql`debt_amount + ${v.amount}`, is_deleted: 0, dt_updated: v.now })
      .where('business_id', '=', v.businessId)
      .where('id', '=', v.debtId),
  );
}

/**
 * PostgreSQL only: a debt entry posted in ONE statement (data-modifying CTEs) — the entry, the balance and the
 * operation's audit entry — where the step-by-step path takes two round trips, and a client's first entry, which
 * also creates the client's record, five or more. The references are checked by the same statement.
 *
 * A client with a record (whatever its deleted flag) has the entry appended to it and the amount added; a client
 * without one gets a record holding the entry's amount, with id `recordId` (sibling CTEs share one snapshot, so an
 * update could not see a record inserted beside it). The audit row (made by app/audit.ts) names the entry's debt,
 * which only this statement finds: `placeholder` in its details is replaced by the debt's id. No row comes back
 * when nothing was written — a reference does not resolve, or another transaction created the client's record
 * after this statement's snapshot. The balance row is locked from this statement until COMMIT.
 */
export function postEntryStatement(
  db: Db,
  entry: DebtEntryValues & { readonly recordId: string },
  references: DebtEntryReferences,
  audit: { readonly row: Insertable<AuditLogTable>; readonly placeholder: string },
): CompiledQuery<{ debt_id: string }> {
  const amount = sql`cast(${entry.amount} as bigint)`;
  const resolve = referencesResolve(entry.businessId, references);
  const logged = audit.row;
  return sql<{ debt_id: string }>`
    with existing as (
      select d.business_id, d.id, d.client_id from client_debts d
       where d.business_id = ${entry.businessId} and d.client_id = ${entry.clientId}
    ),
    created as (
      insert into client_debts (business_id, id, client_id, debt_amount, employee_id, id_automated_point, is_deleted, dt_created, dt_updated)
      select ${entry.businessId}, ${entry.recordId}, ${entry.clientId}, ${amount}, ${entry.employeeId}, ${entry.pointId}, 0, ${entry.now}, ${entry.now}
       where not exists (select 1 from existing) and ${resolve}
      on conflict (business_id, client_id) do nothing
      returning business_id, id, client_id
    ),
    appended as (
      insert into client_debt_txns
        (business_id, id, client_id, debt_id, amount, kind, employee_id, id_automated_point, signature_url, payment_type_id, is_deleted, dt_created, dt_updated)
      select d.business_id, ${entry.id}, d.client_id, d.id, ${amount}, ${entry.kind}, ${entry.employeeId},
             ${entry.pointId}, cast(${entry.signatureUrl} as text), cast(${entry.paymentTypeId} as text), 0, ${entry.now}, ${entry.now}
        from (select * from existing union all select * from created) d
       where ${resolve}
      returning debt_id
    ),
    incremented as (
      -- A scalar subquery, not a join: the planner cannot know "existing" is one row, and a join may scan the table.
      -- Finds nothing for a record created above, which already holds the amount.
      update client_debts set debt_amount = debt_amount + ${amount}, is_deleted = 0, dt_updated = ${entry.now}
       where business_id = ${entry.businessId} and id = (select id from existing) and exists (select 1 from appended)
    ),
    audited as (
      insert into audit_log (business_id, id, user_id, type, action, details, is_deleted, dt_created, dt_updated)
      select ${logged.business_id}, ${logged.id}, cast(${logged.user_id} as text), ${logged.type}, ${logged.action},
             replace(${logged.details}, ${audit.placeholder}, a.debt_id), 0, ${logged.dt_created}, ${logged.dt_updated}
        from appended a
    )
    select debt_id from appended`.compile(db);
}
