/**
 * The money a shift took, payment by payment: the rows every shift figure is summed from (the X and Z reports,
 * app/settlements/shift-report.ts). A payment belongs to the shift its own `settlement_id` names, else to its
 * order's (as the closing totals, settlement-totals.ts); payments of voided and deleted orders never count.
 *
 * Change is given from the drawer, by the one rule of shared/cash-change.ts: only the part of the order's payments
 * above its total (at most `total_change`) comes off its cash payments, so a cash payment's `taken` is what stayed
 * in the drawer whichever way the client recorded it (paid 100 000 or 95 000 for a 95 000 sale, change 5 000:
 * taken 95 000 both ways).
 */
import { sql } from 'kysely';
import { keptAmounts } from '../../shared/cash-change.js';
import { units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';

export interface ShiftPayment {
  readonly orderId: string;
  readonly paymentMethodId: string;
  readonly methodName: string;
  /** The method's kind: CASH, CARD, DEBT or OTHER. */
  readonly kind: string;
  /** What the payment left with the business: `paid_sum`, less the change counted in it (shared/cash-change.ts). */
  readonly taken: bigint;
  readonly tip: bigint;
  /** The payment was given back: its order was refunded, or the payment itself is marked refunded. */
  readonly refunded: boolean;
}

type PaymentRead = {
  order_id: string;
  line_no: number | bigint;
  payment_type_id: string;
  name: string | null;
  kind: string | null;
  paid_sum: bigint | string;
  tip_amount: bigint | string | null;
  refunded: number | bigint | string;
  total_change: bigint | string | null;
  total_sum: bigint | string | null;
  /** Σ paid_sum of ALL the order's live payments (some may count in another shift). */
  order_paid: bigint | string | null;
};

export async function shiftPayments(db: Db, ctx: OperationContext, settlementId: string): Promise<ShiftPayment[]> {
  // Two indexed parts: payments naming the shift themselves, and those following an order of the shift.
  const columns = sql`p.order_id, p.line_no, p.payment_type_id, m.name, m.kind, p.paid_sum, p.tip_amount,
           case when o.is_refunded <> 0 or p.is_refunded <> 0 then 1 else 0 end as refunded, o.total_change,
           o.total_sum, (select coalesce(sum(q.paid_sum), 0) from order_payments q
                          where q.business_id = o.business_id and q.order_id = o.id and q.is_deleted = 0) as order_paid`;
  const joins = sql`join orders o on o.business_id = p.business_id and o.id = p.order_id
      left join payment_methods m on m.business_id = p.business_id and m.id = p.payment_type_id`;
  const live = sql`p.is_deleted = 0 and o.is_deleted = 0 and o.is_voided = 0`;
  const result = await sql<PaymentRead>`
    select ${columns} from order_payments p ${joins}
     where p.business_id = ${ctx.businessId} and p.settlement_id = ${settlementId} and ${live}
    union all
    select ${columns} from orders o
      join order_payments p on p.business_id = o.business_id and p.order_id = o.id
      left join payment_methods m on m.business_id = p.business_id and m.id = p.payment_type_id
     where o.business_id = ${ctx.businessId} and o.settlement_id = ${settlementId} and p.settlement_id is null and ${live}
     order by 1, 2`.execute(db);
  const byOrder = new Map<string, PaymentRead[]>();
  for (const row of result.rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  const taken = new Map<PaymentRead, bigint>();
  for (const rows of byOrder.values()) {
    const first = rows[0]!;
    const kept = keptAmounts(
      rows.map((row) => ({ paid: units(row.paid_sum), cash: row.kind === 'CASH' })),
      units(first.total_sum),
      first.total_change === null ? null : units(first.total_change),
      [units(first.order_paid)],
    );
    rows.forEach((row, index) => taken.set(row, kept[index]!));
  }
  return result.rows.map((row) => ({
    orderId: row.order_id,
    paymentMethodId: row.payment_type_id,
    methodName: row.name ?? '',
    kind: row.kind ?? 'OTHER',
    taken: taken.get(row) ?? units(row.paid_sum),
    tip: units(row.tip_amount),
    refunded: Number(row.refunded) !== 0,
  }));
}
