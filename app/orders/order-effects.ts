/**
 * What an order does to stock and to client debt, kept equal to what the order currently stands for.
 *
 * Stock: a live order that is neither voided nor refunded takes each of its lines' quantity out of the line's
 * warehouse. It is posted as every stock document is (app/stock-documents/posting.ts): whatever the order posted
 * is read back from the ledger (doc_type 'order'), and only the difference per (warehouse, item) is appended — a
 * `sale` entry where more goes out, a `sale_reversal` where stock comes back. So an edit posts only what changed,
 * and a void, refund or delete reverses exactly what was posted, once.
 *
 * Debt: the order's payments by a DEBT method put their sum on the order's client's debt, through the client-debt
 * ledger (app/debts/ledger.ts, entries of kind 'transaction'). The order records what it posted and to whom
 * (`debt_client_id`, `debt_posted`), and a change posts the difference.
 *
 * Credit limit: a client may have one (`clients.credit_limit`, null: none). A new sale on account that takes the
 * client's balance over it is a 409 on a live call; queued (a till's sale, run locally and pushed later) it is a fact
 * and is applied with a CREDIT_LIMIT_EXCEEDED warning — the till asked a manager before it sold (docs/sync.md).
 */
import { formatMoney, type Money, type Quantity } from '../../shared/decimal.js';
import { badRequest, conflict } from '../../shared/errors.js';
import { jsonList, units } from '../../db/values.js';
import { warn } from '../warnings.js';
import type { Db, OperationContext } from '../context.js';
import { postDebtEntry } from '../debts/ledger.js';
import type { StockMove } from '../stock/ledger.js';
import { postDocumentEffect, type DifferenceLedger } from '../stock-documents/posting.js';

/** An order's ledger entries: one per changed pair, `sale` out of stock, `sale_reversal` back in. */
const ORDER_LEDGER: DifferenceLedger = { docType: 'order', style: 'difference', out: 'sale', back: 'sale_reversal' };

/** Does the order still stand for its sale? */
export interface SaleFlags {
  readonly is_deleted: unknown;
  readonly is_voided: unknown;
  readonly is_refunded: unknown;
}

export const standsForSale = (order: SaleFlags) =>
  Number(order.is_deleted) === 0 && Number(order.is_voided) === 0 && Number(order.is_refunded) === 0;

/** The stock moves an order in this state stands for: each line with a warehouse, out of it. */
export function saleMoves(
  order: SaleFlags,
  lines: readonly { item_id: string; quantity: bigint; warehouse_id: string | null }[],
): StockMove[] {
  if (!standsForSale(order)) return [];
  return lines.flatMap((line) =>
    line.warehouse_id === null
      ? []
      : [{ itemId: line.item_id, warehouseId: line.warehouse_id, delta: -units(line.quantity) as Quantity }],
  );
}

/** Brings the ledger from what the order has posted to `target`; `postedBefore: false` for a new order. */
export async function postOrderStock(
  db: Db,
  ctx: OperationContext,
  orderId: string,
  target: readonly StockMove[],
  postedBefore = true,
): Promise<void> {
  await postDocumentEffect(db, ctx, ORDER_LEDGER, orderId, target, postedBefore);
}

export interface DebtPosition {
  readonly clientId: string | null;
  /** Hundredths the order has on that client's debt. */
  readonly amount: Money;
  /** The client's signature for the sale on account (the first DEBT payment's), kept on the entry that adds debt. */
  readonly signatureUrl?: string | null;
}

/** What an order in this state puts on debt: the sum of its DEBT payments, on its client. */
export function debtTarget(
  order: SaleFlags & { client_id: string | null },
  payments: readonly { paid_sum: bigint; is_debt: unknown; signature_url?: string | null }[],
): DebtPosition {
  if (!standsForSale(order)) return { clientId: null, amount: 0n as Money };
  const debts = payments.filter((payment) => Number(payment.is_debt) !== 0);
  const amount = debts.reduce((sum, payment) => sum + units(payment.paid_sum), 0n);
  const signatureUrl = debts.find((payment) => payment.signature_url)?.signature_url ?? null;
  return { clientId: amount === 0n ? null : order.client_id, amount: amount as Money, ...(signatureUrl ? { signatureUrl } : {}) };
}

/**
 * Posts the difference between what the order has on debt and `target`. Entries for two clients (the order's
 * client changed) are posted in client id order, so concurrent orders lock debt records in one order.
 */
export async function postOrderDebt(
  db: Db,
  ctx: OperationContext,
  order: { automated_point_id: string },
  posted: DebtPosition,
  target: DebtPosition,
): Promise<void> {
  const changes = new Map<string, bigint>();
  if (posted.clientId !== null && posted.amount !== 0n) changes.set(posted.clientId, -posted.amount);
  if (target.clientId !== null && target.amount !== 0n) {
    changes.set(target.clientId, (changes.get(target.clientId) ?? 0n) + target.amount);
  }
  for (const clientId of [...changes.keys()].sort()) {
    const amount = changes.get(clientId) ?? 0n;
    if (amount === 0n) continue;
    await postDebtEntry(db, ctx, {
      clientId,
      amount: amount as Money,
      kind: 'transaction',
      employeeId: ctx.actor.id,
      pointId: order.automated_point_id,
      // The signature goes with the entry that puts the sale on the client's account, not with a reversal.
      signatureUrl: amount > 0n && clientId === target.clientId ? (target.signatureUrl ?? null) : null,
    });
  }
}

/** A manager's approval of a sale on account over the limit: who, and the field that named them. */
export interface CreditApproval {
  readonly managerId: string;
  readonly field: string;
}

/** What a sale over the limit records: the balance it leaves, the limit, and who approved it (null: nobody). */
export interface CreditOverrun {
  readonly clientId: string;
  readonly balance: string;
  readonly limit: string;
  readonly approvedBy: string | null;
}

/** Is this a live employee of the business whose live role grants MANAGER (the till's rule, main/terminal/inbox.ts)? */
export async function isManager(db: Db, ctx: OperationContext, employeeId: string): Promise<boolean> {
  const row = await db
    .selectFrom('employees')
    .innerJoin('employee_roles', (join) =>
      join.onRef('employee_roles.business_id', '=', 'employees.business_id').onRef('employee_roles.id', '=', 'employees.role_id'),
    )
    .select('employee_roles.access_resources')
    .where('employees.business_id', '=', ctx.businessId)
    .where('employees.id', '=', employeeId)
    .where('employees.is_deleted', '=', 0)
    .where('employee_roles.is_deleted', '=', 0)
    .executeTakeFirst();
  return row !== undefined && jsonList(row.access_resources).includes('MANAGER');
}

/**
 * Checks a sale on account against the client's credit limit, before its entry is posted: `added` more on the
 * client's balance. Over the limit: a queued sale (a till's fact) is applied with a warning; a live one needs a
 * manager's approval (else 409; an approver who is not a manager is a 400 naming the field). The balance read is the
 * committed one; two live sales racing for the last of a limit may both pass, which a limit (a business rule, not a
 * ledger invariant) tolerates. Null when the sale stays within the limit (or there is none).
 */
export async function checkCreditLimit(
  db: Db,
  ctx: OperationContext,
  clientId: string,
  added: Money,
  approval?: CreditApproval | null,
): Promise<CreditOverrun | null> {
  if (added <= 0n) return null;
  // The limit and the balance in one statement (one round trip, a sale on account's hot path).
  const client = await db
    .selectFrom('clients')
    .leftJoin('client_debts', (join) =>
      join.onRef('client_debts.business_id', '=', 'clients.business_id').onRef('client_debts.client_id', '=', 'clients.id'),
    )
    .select(['clients.credit_limit', 'client_debts.debt_amount', 'client_debts.is_deleted'])
    .where('clients.business_id', '=', ctx.businessId)
    .where('clients.id', '=', clientId)
    .executeTakeFirst();
  if (client?.credit_limit === null || client?.credit_limit === undefined) return null;
  const limit = units(client.credit_limit);
  const before = client.debt_amount !== null && Number(client.is_deleted) === 0 ? units(client.debt_amount) : 0n;
  const after = before + added;
  if (after <= limit) return null;
  const overrun = { clientId, balance: formatMoney(after), limit: formatMoney(limit) };
  const approved = approval ? await isManager(db, ctx, approval.managerId) : false;
  if (ctx.queued?.offlineClass === 'fact') {
    warn(ctx, { code: 'CREDIT_LIMIT_EXCEEDED', ...overrun });
    return { ...overrun, approvedBy: approved ? approval!.managerId : null };
  }
  if (approval && !approved) throw badRequest([`${approval.field} must be a manager (an employee whose role grants MANAGER)`]);
  if (!approved) {
    throw conflict(`client_id owes ${formatMoney(before)}: this sale on account would take the debt to ${overrun.balance}, over the credit limit of ${overrun.limit}; a manager must approve it (credit_approved_by)`);
  }
  return { ...overrun, approvedBy: approval!.managerId };
}
