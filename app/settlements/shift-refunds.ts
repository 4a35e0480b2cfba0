/**
 * What a shift gave back: THE one place the shift's refunds are summed, for its X and Z reports. Today a refund is
 * the order's `is_refunded` flag (and a payment's): a refunded order counts in the shift its order names, and its
 * payments' money leaves that shift's figures by method. Refund documents (issue 16, "Refunds") connect here: sum
 * them by the shift THEY name and add them to the same three figures, so the reports and the expected cash follow.
 */
import { sql } from 'kysely';
import { units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import type { ShiftPayment } from './shift-payments.js';

export interface ShiftRefunds {
  readonly count: number;
  /** The refunded documents' totals. */
  readonly total: bigint;
  /** What went back, by payment method id (cash: out of the drawer). */
  readonly byMethod: ReadonlyMap<string, bigint>;
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
  const row = orders.rows[0];
  return { count: Number(row?.n ?? 0), total: units(row?.total), byMethod };
}
