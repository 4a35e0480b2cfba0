/**
 * What a shift gave back: THE one place the shift's refunds are summed, for its X and Z reports and expected cash.
 * Two kinds of refund, never the same money twice (a refund document refuses an order flagged refunded, and a sale
 * with refund documents can no longer be flagged):
 * - refund documents (`OrderRefundController_create`, app/orders/refunds/shift-refunds.ts), counted in the shift
 *   THEY name — the drawer their cash left — whatever shift the sale was in and whenever it arrives;
 * - the reference's way, an order flagged `is_refunded` (or a payment flagged): counted in the shift its order names,
 *   its payments' kept money leaving that shift's figures by method.
 */
import { sql } from 'kysely';
import { units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { sumShiftRefunds } from '../orders/refunds/shift-refunds.js';
import type { ShiftPayment } from './shift-payments.js';

export interface ShiftRefunds {
  /** Refund documents made in the shift, plus orders of the shift flagged refunded. */
  readonly count: number;
  /** Their totals. */
  readonly total: bigint;
  /** What went back, by payment method id (cash: out of the drawer). */
  readonly byMethod: ReadonlyMap<string, bigint>;
  /** The name and kind of each method in `byMethod`. */
  readonly methods: ReadonlyMap<string, { readonly name: string; readonly kind: string }>;
}

export async function shiftRefunds(
  db: Db,
  ctx: OperationContext,
  settlementId: string,
  payments: readonly ShiftPayment[],
): Promise<ShiftRefunds> {
  const orders = await sql<{ n: number | bigint | string; total: bigint | string | null }>`
    select count(*) as n, coalesce(sum(total_sum), 0) as total
      from orders
     where business_id = ${ctx.businessId} and settlement_id = ${settlementId}
       and is_deleted = 0 and is_voided = 0 and is_refunded <> 0`.execute(db);
  const byMethod = new Map<string, bigint>();
  const methods = new Map<string, { name: string; kind: string }>();
  const add = (id: string, name: string, kind: string, amount: bigint) => {
    byMethod.set(id, (byMethod.get(id) ?? 0n) + amount);
    if (!methods.has(id)) methods.set(id, { name, kind });
  };
  for (const payment of payments) if (payment.refunded) add(payment.paymentMethodId, payment.methodName, payment.kind, payment.taken);
  const documents = await sumShiftRefunds(db, ctx, settlementId);
  for (const method of documents.byMethod) add(method.paymentMethodId, method.name, method.kind, method.amount);
  const row = orders.rows[0];
  return { count: Number(row?.n ?? 0) + documents.refundCount, total: units(row?.total) + documents.total, byMethod, methods };
}
