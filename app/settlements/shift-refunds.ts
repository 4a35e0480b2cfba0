/**
 * What a shift gave back: THE one place the shift's refunds are summed, for its X and Z reports. Two kinds add up:
 * the refund documents made IN the shift (issue 16, "Refunds": `order_refunds`, summed by the shift they name —
 * app/orders/refunds/shift-refunds.ts), and the reference's own flags (an order's `is_refunded`, and a payment's),
 * which count in the shift the order names. A refund document never sets those flags, so nothing counts twice.
 */
import { sql } from 'kysely';
import { units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { sumShiftRefunds } from '../orders/refunds/shift-refunds.js';
import type { ShiftPayment } from './shift-payments.js';

export interface ShiftRefunds {
  readonly count: number;
  /** The refunded documents' totals. */
  readonly total: bigint;
  /** What went back, by payment method id (cash: out of the drawer). */
  readonly byMethod: ReadonlyMap<string, bigint>;
  /** Name and kind of the methods refund documents paid back by (a method this shift took nothing by included). */
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
  for (const payment of payments) {
    if (payment.refunded) byMethod.set(payment.paymentMethodId, (byMethod.get(payment.paymentMethodId) ?? 0n) + payment.taken);
  }
  const documents = await sumShiftRefunds(db, ctx, settlementId);
  const methods = new Map<string, { name: string; kind: string }>();
  for (const method of documents.byMethod) {
    byMethod.set(method.paymentMethodId, (byMethod.get(method.paymentMethodId) ?? 0n) + method.amount);
    methods.set(method.paymentMethodId, { name: method.name, kind: method.kind });
  }
  const row = orders.rows[0];
  return { count: Number(row?.n ?? 0) + documents.refundCount, total: units(row?.total) + documents.total, byMethod, methods };
}
