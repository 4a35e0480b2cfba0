/**
 * The client-debt ledger. Every change of what a client owes is an appended `client_debt_txns` row (signed:
 * + the client owes more, − a repayment); `client_debts.debt_amount` is the running sum of the client's entries,
 * changed in the same transaction by an atomic increment in SQL — never read-modify-write, so concurrent entries
 * for one client cannot lose each other (the reference's D14 never updated the balance at all).
 *
 * One record per client (unique on business_id, client_id) whatever its is_deleted flag: a written-off record
 * is revived by the client's next entry or opening, and its history continues.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { shapedQuery } from '../../db/shaped-query.js';
import { uuidv7 } from '../../shared/ids.js';
import type { Money } from '../../shared/decimal.js';
import type { ClientDebtsTable, ClientDebtTxnsTable } from '../../db/schema.js';
import { auditRow, type AuditEntry } from '../audit.js';
import type { Db, OperationContext } from '../context.js';
import { atCommit, executeCarrying } from '../write.js';
import { BUSINESS_WIDE_POINT, checkDebtReferences, type DebtReferences } from './references.js';

export type DebtRow = Selectable<ClientDebtsTable>;
export type DebtEntryRow = Selectable<ClientDebtTxnsTable>;

/** 'opening' (createDebt), 'transaction' (a credit sale or repayment), 'adjustment' (updateDebt), 'write_off' (removeDebt). */
export type DebtEntryKind = 'opening' | 'transaction' | 'adjustment' | 'write_off';

export interface DebtEntry {
  readonly clientId: string;
  /** Signed hundredths: + the client owes more, − the client paid back. */
  readonly amount: Money;
  readonly kind: DebtEntryKind;
  readonly employeeId: string;
  readonly pointId: string;
  readonly signatureUrl?: string | null;
  /** How a repayment was paid (a payment method of the business), or null. */
  readonly paymentTypeId?: string | null;
}

/** The ledger row of `entry` under the debt record `debtId`, dated now. */
function entryRow(ctx: OperationContext, id: string, debtId: string, entry: DebtEntry): DebtEntryRow {
  return {
    business_id: ctx.businessId,
    id,
    client_id: entry.clientId,
    debt_id: debtId,
    amount: entry.amount,
    kind: entry.kind,
    employee_id: entry.employeeId,
    id_automated_point: entry.pointId,
    signature_url: entry.signatureUrl ?? null,
    payment_type_id: entry.paymentTypeId ?? null,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
}

async function appendEntry(db: Db, ctx: OperationContext, debtId: string, entry: DebtEntry): Promise<DebtEntryRow> {
  const row = entryRow(ctx, ctx.newId(), debtId, entry);
  await db.insertInto('client_debt_txns').values(row).execute();
  return row;
}

function newRecord(ctx: OperationContext, entry: DebtEntry, id: string = ctx.newId()) {
  return {
    business_id: ctx.businessId,
    id,
    client_id: entry.clientId,
    debt_amount: entry.amount,
    employee_id: entry.employeeId,
    id_automated_point: entry.pointId,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
}

/**
 * Opens the client's debt with an 'opening' entry: creates the record, or revives a written-off one (its
 * balance is 0 then, and the history continues). Undefined when the client already has a live record — the
 * conflict is decided by the database in the same statement, so two concurrent openings cannot both win.
 */
export async function openDebt(db: Db, ctx: OperationContext, entry: DebtEntry) {
  const debt = await db
    .insertInto('client_debts')
    .values(newRecord(ctx, entry))
    .onConflict((conflict) =>
      conflict
        .columns(['business_id', 'client_id'])
        .doUpdateSet({
          debt_amount: sql`client_debts.debt_amount + excluded.debt_amount`,
          employee_id: sql`excluded.employee_id`,
          id_automated_point: sql`excluded.id_automated_point`,
          is_deleted: 0,
          dt_updated: sql`excluded.dt_updated`,
        })
        .where('client_debts.is_deleted', '<>', 0),
    )
    .returningAll()
    .executeTakeFirst();
  if (!debt) return undefined;
  return { debt, entry: await appendEntry(db, ctx, debt.id, entry) };
}

/**
 * Posts an entry to the client's balance, creating (or reviving) the client's record when needed. The entry is
 * appended now; the balance increment — the write that locks the client's record on PostgreSQL — is deferred to
 * the operation's last statements (`atCommit`), so the record stays locked for one round trip before COMMIT.
 */
export async function postDebtEntry(
  db: Db,
  ctx: OperationContext,
  entry: DebtEntry,
  references?: DebtReferences,
  // The entry's id, taken before anything else so it is the operation's first id on every path (derived-ids.ts).
  entryId: string = ctx.newId(),
  // The id a record created here takes: the operation's second on every path.
  recordId?: string,
): Promise<{ entry: DebtEntryRow }> {
  let row = await appendEntryForClient(db, ctx, entryId, entry, references);
  if (!row) {
    // Nothing appended: either a reference does not resolve (a 400 naming it, before anything was written) or
    // the client has no record yet.
    if (references) await checkDebtReferences(db, ctx, references);
    // The client's first entry: a record at 0, which the increment below brings to the entry's amount. The
    // unique (business, client) index decides between concurrent first entries; the loser uses the winner's.
    await db
      .insertInto('client_debts')
      .values({ ...newRecord(ctx, entry, recordId), debt_amount: 0n as Money })
      .onConflict((conflict) => conflict.columns(['business_id', 'client_id']).doNothing())
      .execute();
    row = await appendEntryForClient(db, ctx, entryId, entry);
    if (!row) throw new Error('client debt record missing after insert');
  }
  const { debt_id: debtId, amount } = row;
  await atCommit(ctx, async () => {
    const increment = shapedQuery(db, 'debt-increment', { amount, now: ctx.now, businessId: ctx.businessId, debtId }, (v) =>
      db
        .updateTable('client_debts')
        .set({ debt_amount: sql`debt_amount + ${v.amount}`, is_deleted: 0, dt_updated: v.now })
        .where('business_id', '=', v.businessId)
        .where('id', '=', v.debtId),
    );
    // On PostgreSQL the audit entry travels in the same statement (see insert-rows.ts).
    await executeCarrying(db, ctx, increment);
  });
  return { entry: row };
}

/**
 * The condition "every record the entry names exists and is live in this business", as one SQL expression, so
 * the append below checks the references in the statement that writes (a round trip fewer per credit sale; on
 * PostgreSQL each statement is a system call and a wait). The same rule as checkDebtReferences, which names the
 * missing ones when this condition fails.
 */
function referencesResolve(businessId: string, references: DebtReferences) {
  const live = (table: 'clients' | 'employees' | 'users' | 'points', id: string) =>
    sql`exists (select 1 from ${sql.table(table)} where business_id = ${businessId} and id = ${id} and is_deleted = 0)`;
  const point = references.id_automated_point === BUSINESS_WIDE_POINT ? sql`1 = 1` : live('points', references.id_automated_point);
  return sql<boolean>`(${live('clients', references.client_id)} and (${live('employees', references.employee_id)} or ${live('users', references.employee_id)}) and ${point})`;
}

/**
 * Appends the entry to the client's record — whatever its deleted flag — finding the record in the same
 * statement (INSERT … SELECT, one round trip, no lock); undefined when the client has no record yet, or when
 * `references` are given and one of them does not resolve.
 */
async function appendEntryForClient(
  db: Db,
  ctx: OperationContext,
  id: string,
  entry: DebtEntry,
  references?: DebtReferences,
): Promise<DebtEntryRow | undefined> {
  // Part of the shape, never read from the stand-ins: a business-wide point is checked by no point row.
  const businessWide = references?.id_automated_point === BUSINESS_WIDE_POINT;
  const values = {
    id,
    amount: entry.amount,
    kind: entry.kind,
    employeeId: entry.employeeId,
    pointId: entry.pointId,
    signature: entry.signatureUrl ?? null,
    paymentType: entry.paymentTypeId ?? null,
    now: ctx.now,
    businessId: ctx.businessId,
    clientId: entry.clientId,
    ...(references ? { refClient: references.client_id, refEmployee: references.employee_id } : {}),
    ...(references && !businessWide ? { refPoint: references.id_automated_point } : {}),
  };
  // Built once per shape (shaped-query.ts): a credit sale runs this on every sale.
  const shape = !references ? 'debt-append' : businessWide ? 'debt-append-checked' : 'debt-append-checked-point';
  const query = shapedQuery(db, shape, values, (v) =>
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
            sql<string | null>`${v.signature}`.as('signature_url'),
            sql<string | null>`cast(${v.paymentType} as text)`.as('payment_type_id'),
            sql<number>`0`.as('is_deleted'),
            sql<string>`${v.now}`.as('dt_created'),
            sql<string>`${v.now}`.as('dt_updated'),
          ])
          .where('business_id', '=', v.businessId)
          .where('client_id', '=', v.clientId)
          .$if(references !== undefined, (select) =>
            select.where(referencesResolve(v.businessId, { client_id: v.refClient!, employee_id: v.refEmployee!, id_automated_point: businessWide ? BUSINESS_WIDE_POINT : v.refPoint! })),
          ),
      )
      .returning('debt_id'),
  );
  const inserted = (await db.executeQuery(query)).rows[0];
  return inserted ? entryRow(ctx, id, inserted.debt_id, entry) : undefined;
}

/**
 * PostgreSQL, the credit sale: the entry, the balance and the operation's audit entry in ONE statement
 * (data-modifying CTEs), where the general path (postDebtEntry, then the audit entry) takes two round trips — and a
 * client's first sale, which also creates the client's record, five or more. The references are checked by the same
 * statement, as there.
 *
 * A client with a record (whatever its deleted flag) has the entry appended to it and the amount added; a client
 * without one gets a record holding the entry's amount, with id `recordId` (sibling CTEs share one snapshot, so an
 * update could not see a record inserted beside it). The audit record names the entry's debt, which only the
 * statement finds; `audit` builds it with a one-off token in place of the debt id, and the statement puts the id
 * in. Undefined when nothing was written — a reference does not resolve, or another transaction created the
 * client's record after this statement's snapshot — and the caller then takes the general path with the same ids.
 * The balance row is locked from this statement until COMMIT, so it must be the operation's last.
 */
export async function postEntryWithAudit(
  db: Db,
  ctx: OperationContext,
  ids: { readonly entryId: string; readonly recordId: string },
  entry: DebtEntry,
  references: DebtReferences,
  audit: (row: DebtEntryRow) => AuditEntry,
): Promise<DebtEntryRow | undefined> {
  const token = randomUUID();
  const signature = entry.signatureUrl ?? null;
  const paymentType = entry.paymentTypeId ?? null;
  const row = entryRow(ctx, ids.entryId, token, entry);
  // Not from ctx.newId(): the record ids a queued operation takes must not depend on which path ran.
  const logged = auditRow(ctx, audit(row), uuidv7());
  const amount = sql`cast(${entry.amount} as bigint)`;
  const resolve = referencesResolve(ctx.businessId, references);
  const written = await sql<{ debt_id: string }>`
    with existing as (
      select d.business_id, d.id, d.client_id from client_debts d
       where d.business_id = ${ctx.businessId} and d.client_id = ${entry.clientId}
    ),
    created as (
      insert into client_debts (business_id, id, client_id, debt_amount, employee_id, id_automated_point, is_deleted, dt_created, dt_updated)
      select ${ctx.businessId}, ${ids.recordId}, ${entry.clientId}, ${amount}, ${entry.employeeId}, ${entry.pointId}, 0, ${ctx.now}, ${ctx.now}
       where not exists (select 1 from existing) and ${resolve}
      on conflict (business_id, client_id) do nothing
      returning business_id, id, client_id
    ),
    appended as (
      insert into client_debt_txns
        (business_id, id, client_id, debt_id, amount, kind, employee_id, id_automated_point, signature_url, payment_type_id, is_deleted, dt_created, dt_updated)
      select d.business_id, ${ids.entryId}, d.client_id, d.id, ${amount}, ${entry.kind}, ${entry.employeeId},
             ${entry.pointId}, cast(${signature} as text), cast(${paymentType} as text), 0, ${ctx.now}, ${ctx.now}
        from (select * from existing union all select * from created) d
       where ${resolve}
      returning debt_id
    ),
    incremented as (
      -- A scalar subquery, not a join: the planner cannot know "existing" is one row, and a join may scan the table.
      -- Finds nothing for a record created above, which already holds the amount.
      update client_debts set debt_amount = debt_amount + ${amount}, is_deleted = 0, dt_updated = ${ctx.now}
       where business_id = ${ctx.businessId} and id = (select id from existing) and exists (select 1 from appended)
    ),
    audited as (
      insert into audit_log (business_id, id, user_id, type, action, details, is_deleted, dt_created, dt_updated)
      select ${logged.business_id}, ${logged.id}, cast(${logged.user_id} as text), ${logged.type}, ${logged.action},
             replace(${logged.details}, ${token}, a.debt_id), 0, ${ctx.now}, ${ctx.now}
        from appended a
    )
    select debt_id from appended`.execute(db);
  const debtId = written.rows[0]?.debt_id;
  return debtId === undefined ? undefined : { ...row, debt_id: debtId };
}

/**
 * Loads a live record and locks it until the transaction ends. The lock is taken by an UPDATE (of dt_updated)
 * rather than SELECT … FOR UPDATE, which SQLite lacks; on PostgreSQL it makes a concurrent entry wait, so an
 * absolute edit computes its delta against the balance that is really current.
 */
export async function lockLiveDebt(db: Db, ctx: OperationContext, id: string): Promise<DebtRow | undefined> {
  return db
    .updateTable('client_debts')
    .set({ dt_updated: ctx.now })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Brings a locked record's balance to `target` with one entry of (target − current) — nothing is overwritten,
 * the history shows the change — and sets its deleted flag. No entry when the balance is already right.
 */
export async function settleDebt(
  db: Db,
  ctx: OperationContext,
  locked: DebtRow,
  change: { target: Money; kind: 'adjustment' | 'write_off'; deleted: boolean },
): Promise<DebtRow> {
  const delta = (change.target - BigInt(locked.debt_amount)) as Money;
  if (delta !== 0n) {
    const pointId = ctx.actor.pointId ?? '0';
    await appendEntry(db, ctx, locked.id, {
      clientId: locked.client_id,
      amount: delta,
      kind: change.kind,
      employeeId: ctx.actor.id,
      pointId,
    });
  }
  return db
    .updateTable('client_debts')
    .set({ debt_amount: sql`debt_amount + ${delta}`, is_deleted: change.deleted ? 1 : 0, dt_updated: ctx.now })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', locked.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Records whose balance differs from the sum of their entries, for a business — the debt conservation
 * invariant. Empty when the books balance. Used by tests and the fault harness.
 */
export async function debtLedgerMismatches(db: Db, businessId: string) {
  const rows = await sql<{ id: string; client_id: string; balance: bigint | string; ledger: bigint | string | null }>`
    select d.id, d.client_id, d.debt_amount as balance,
           (select coalesce(sum(t.amount), 0) from client_debt_txns t
             where t.business_id = d.business_id and t.debt_id = d.id) as ledger
      from client_debts d
     where d.business_id = ${businessId}`.execute(db);
  return rows.rows
    .map((row) => ({ id: row.id, clientId: row.client_id, balance: BigInt(row.balance), ledger: BigInt(row.ledger ?? 0) }))
    .filter((row) => row.balance !== row.ledger);
}
