/**
 * The client-debt ledger. Every change of what a client owes is an appended `client_debt_txns` row (signed:
 * + the client owes more, − a repayment); `client_debts.debt_amount` is the running sum of the client's entries,
 * changed in the same transaction by an atomic increment in SQL — never read-modify-write, so concurrent entries
 * for one client cannot lose each other (the reference's D14 never updated the balance at all).
 *
 * One record per client (unique on business_id, client_id) whatever its is_deleted flag: a written-off record
 * is revived by the client's next entry or opening, and its history continues.
 */
import { sql, type Selectable } from 'kysely';
import type { Money } from '../../shared/decimal.js';
import type { ClientDebtsTable, ClientDebtTxnsTable } from '../../db/schema.js';
import type { Db, OperationContext } from '../context.js';

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
}

async function appendEntry(db: Db, ctx: OperationContext, debtId: string, entry: DebtEntry): Promise<DebtEntryRow> {
  const row: DebtEntryRow = {
    business_id: ctx.businessId,
    id: ctx.newId(),
    client_id: entry.clientId,
    debt_id: debtId,
    amount: entry.amount,
    kind: entry.kind,
    employee_id: entry.employeeId,
    id_automated_point: entry.pointId,
    signature_url: entry.signatureUrl ?? null,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
  await db.insertInto('client_debt_txns').values(row).execute();
  return row;
}

function newRecord(ctx: OperationContext, entry: DebtEntry) {
  return {
    business_id: ctx.businessId,
    id: ctx.newId(),
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

/** Posts an entry to the client's balance, creating (or reviving) the client's record when needed. */
export async function postDebtEntry(db: Db, ctx: OperationContext, entry: DebtEntry) {
  const debt = await db
    .insertInto('client_debts')
    .values(newRecord(ctx, entry))
    .onConflict((conflict) =>
      conflict.columns(['business_id', 'client_id']).doUpdateSet({
        debt_amount: sql`client_debts.debt_amount + excluded.debt_amount`,
        is_deleted: 0,
        dt_updated: sql`excluded.dt_updated`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return { debt, entry: await appendEntry(db, ctx, debt.id, entry) };
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
