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
import { appendEntryQuery, debtIncrementQuery, postEntryStatement, type DebtEntryReferences, type DebtEntryValues } from '../../db/debt-statements.js';
import { onPostgres } from '../../db/engine.js';
import { uuidv7 } from '../../shared/ids.js';
import type { Money } from '../../shared/decimal.js';
import type { ClientDebtsTable, ClientDebtTxnsTable } from '../../db/schema.js';
import { auditRow, writeAudit, type AuditEntry } from '../audit.js';
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

export interface PostingOptions {
  /** The records the entry names, checked by the statement that appends it; a 400 names the ones that fail. */
  readonly references?: DebtReferences;
  /** The entry's id, taken by the caller before anything else so it is the operation's first id on every path (derived-ids.ts). */
  readonly entryId?: string;
  /** The id a record created here takes: the operation's second on every path. */
  readonly recordId?: string;
  /** The audit entry of an operation that records the posting itself; it names the posted entry, debt included. */
  readonly audit?: (row: DebtEntryRow) => AuditEntry;
}

/**
 * Posts an entry to the client's balance, creating (or reviving) the client's record when needed, and writes the
 * operation's audit entry when `audit` is given. One rule on both engines, in steps:
 *
 * 1. Append the entry to the client's record, the references checked by the same statement. On PostgreSQL that
 *    statement also creates a missing record, adds the amount and writes the audit entry
 *    (db/debt-statements.ts, postEntryStatement): a credit sale is then one round trip, and done.
 * 2. Nothing appended: a reference does not resolve (a 400 naming it, before anything was written) or the client
 *    has no record yet (on PostgreSQL: created by another transaction after the statement's snapshot). The record
 *    is created at 0 and the entry appended to it.
 * 3. The balance increment — the write that locks the client's record on PostgreSQL — is deferred to the
 *    operation's last statements (`atCommit`), so the record stays locked for one round trip before COMMIT; the
 *    audit entry goes through `writeAudit` and, on PostgreSQL, travels with that increment.
 */
export async function postDebtEntry(db: Db, ctx: OperationContext, entry: DebtEntry, options: PostingOptions = {}): Promise<{ entry: DebtEntryRow }> {
  const { references, audit } = options;
  const entryId = options.entryId ?? ctx.newId();
  if (onPostgres(db) && references && audit) {
    const posted = await postInOneStatement(db, ctx, { entryId, recordId: options.recordId ?? ctx.newId() }, entry, references, audit);
    if (posted) return { entry: posted };
  }
  let row = await appendEntryForClient(db, ctx, entryId, entry, references);
  if (!row) {
    if (references) await checkDebtReferences(db, ctx, references);
    // The client's first entry: a record at 0, which the increment below brings to the entry's amount. The
    // unique (business, client) index decides between concurrent first entries; the loser uses the winner's.
    await db
      .insertInto('client_debts')
      .values({ ...newRecord(ctx, entry, options.recordId), debt_amount: 0n as Money })
      .onConflict((conflict) => conflict.columns(['business_id', 'client_id']).doNothing())
      .execute();
    row = await appendEntryForClient(db, ctx, entryId, entry);
    if (!row) throw new Error('client debt record missing after insert');
  }
  const { debt_id: debtId, amount } = row;
  await atCommit(ctx, async () => {
    // On PostgreSQL the audit entry travels in the same statement (app/write.ts).
    await executeCarrying(db, ctx, debtIncrementQuery(db, { amount, now: ctx.now, businessId: ctx.businessId, debtId }));
  });
  if (audit) await writeAudit(db, ctx, audit(row));
  return { entry: row };
}

/** The entry's values for the ledger's statements (db/debt-statements.ts). */
function entryValues(ctx: OperationContext, id: string, entry: DebtEntry): DebtEntryValues {
  return {
    id,
    businessId: ctx.businessId,
    clientId: entry.clientId,
    amount: entry.amount,
    kind: entry.kind,
    employeeId: entry.employeeId,
    pointId: entry.pointId,
    signatureUrl: entry.signatureUrl ?? null,
    paymentTypeId: entry.paymentTypeId ?? null,
    now: ctx.now,
  };
}

function referencesOf(references: DebtReferences): DebtEntryReferences {
  return {
    clientId: references.client_id,
    employeeId: references.employee_id,
    pointId: references.id_automated_point === BUSINESS_WIDE_POINT ? null : references.id_automated_point,
  };
}

/**
 * Appends the entry to the client's record — whatever its deleted flag — in one statement that finds the record
 * (and checks `references`, when given); undefined when the client has no record yet or a reference fails.
 */
async function appendEntryForClient(
  db: Db,
  ctx: OperationContext,
  id: string,
  entry: DebtEntry,
  references?: DebtReferences,
): Promise<DebtEntryRow | undefined> {
  const query = appendEntryQuery(db, entryValues(ctx, id, entry), references ? referencesOf(references) : undefined);
  const inserted = (await db.executeQuery(query)).rows[0];
  return inserted ? entryRow(ctx, id, inserted.debt_id, entry) : undefined;
}

/**
 * Step 1 on PostgreSQL: entry, balance and audit entry in one statement. The audit record names the entry's debt,
 * which only the statement finds, so `audit` builds it with a one-off token in place of the debt id and the
 * statement puts the id in. Undefined when nothing was written; the caller then takes the steps with the same ids.
 */
async function postInOneStatement(
  db: Db,
  ctx: OperationContext,
  ids: { readonly entryId: string; readonly recordId: string },
  entry: DebtEntry,
  references: DebtReferences,
  audit: (row: DebtEntryRow) => AuditEntry,
): Promise<DebtEntryRow | undefined> {
  const placeholder = randomUUID();
  const row = entryRow(ctx, ids.entryId, placeholder, entry);
  // Not from ctx.newId(): the record ids a queued operation takes must not depend on which path ran.
  const logged = auditRow(ctx, audit(row), uuidv7());
  const statement = postEntryStatement(db, { ...entryValues(ctx, ids.entryId, entry), recordId: ids.recordId }, referencesOf(references), { row: logged, placeholder });
  const debtId = (await db.executeQuery(statement)).rows[0]?.debt_id;
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
