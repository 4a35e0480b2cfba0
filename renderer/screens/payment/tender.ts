/**
 * The arithmetic of paying for a sale, apart from the screen so it can be tested alone: what is paid, what remains,
 * the change, and the payments and totals of the one `OrderController_create` that completes the sale. All sums are
 * bigint hundredths (shared/decimal.ts), never floats.
 *
 * Change: only cash gives change. A cash payment's `paid_sum` is what the sale KEEPS (tendered minus the change it
 * gave), and the order's `total_change` says how much went back: so Σ paid_sum = total_paid = total_sum, and a shift's
 * cash total (Σ of its cash payments) is the cash that stayed in the drawer. The tendered amount is paid_sum + change.
 */
import type { OperationInputOf } from '../../../shared/catalogue/wire-types.js';
import { formatMoney, MONEY, parseDecimal } from '../../../shared/decimal.js';
import type { SaleDraft } from '../sale/sale-draft.js';

export type MethodKind = 'CASH' | 'CARD' | 'DEBT' | 'OTHER';

export interface Method {
  readonly id: string;
  readonly name: string;
  readonly kind: MethodKind;
}

/** One payment the cashier has taken. */
export interface Tender {
  readonly method: Method;
  /** Hundredths, positive. For cash: what was handed over (change comes out of it). */
  readonly amount: bigint;
  /** Card: the payment device (terminal) the card went through. */
  readonly deviceId?: string | null;
  /** On account: the client's signature (a PNG data URL). */
  readonly signature?: string | null;
  /** On account over the credit limit: the manager who approved it (employee id). */
  readonly approvedBy?: string | null;
}

/** The banknotes in use, in so'm, for the quick buttons. */
export const BANKNOTES = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000] as const;
export const banknoteUnits = (note: number): bigint => BigInt(note) * 100n;

export const unitsOfMoney = (text: string): bigint => {
  const parsed = parseDecimal(text, MONEY);
  if (!parsed.ok) throw new Error(`not money: ${text}`);
  return parsed.units;
};

export interface Summary {
  readonly due: bigint;
  readonly paid: bigint;
  /** What is still to pay (0 once paid). */
  readonly remaining: bigint;
  /** Change to give back (cash only). */
  readonly change: bigint;
  /** More was taken by card or on account than the sale costs: that cannot be given back as change. */
  readonly overpaidWithoutCash: boolean;
  /** Paid exactly, or overpaid in cash: Enter completes the sale. */
  readonly complete: boolean;
}

export function summarise(due: bigint, tenders: readonly Tender[]): Summary {
  const paid = tenders.reduce((sum, tender) => sum + tender.amount, 0n);
  const cash = tenders.reduce((sum, tender) => (tender.method.kind === 'CASH' ? sum + tender.amount : sum), 0n);
  const over = paid - due;
  const overpaidWithoutCash = over > cash;
  const change = over > 0n && !overpaidWithoutCash ? over : 0n;
  return {
    due,
    paid,
    remaining: over < 0n ? -over : 0n,
    change,
    overpaidWithoutCash,
    complete: over >= 0n && !overpaidWithoutCash,
  };
}

/** The sale's payments on the wire: change taken out of the cash payments, last first. */
export function wirePayments(due: bigint, tenders: readonly Tender[], settlementId: string) {
  let change = summarise(due, tenders).change;
  const kept = tenders.map((tender) => tender.amount);
  for (let index = tenders.length - 1; index >= 0 && change > 0n; index -= 1) {
    if (tenders[index]!.method.kind !== 'CASH') continue;
    const back = kept[index]! < change ? kept[index]! : change;
    kept[index] = kept[index]! - back;
    change -= back;
  }
  return tenders.flatMap((tender, index) =>
    kept[index] === 0n
      ? []
      : [
          {
            payment_type_id: tender.method.id,
            paid_sum: formatMoney(kept[index]!),
            settlement_id: settlementId,
            ...(tender.deviceId ? { payment_device_id: tender.deviceId } : {}),
            ...(tender.signature ? { signature_url: tender.signature } : {}),
            ...(tender.approvedBy ? { credit_approved_by: tender.approvedBy } : {}),
          },
        ],
  );
}

export type CreateOrderBody = NonNullable<OperationInputOf<'OrderController_create'>['body']>;

/** The one create that completes the sale: the draft's order, its payments, totals, shift and `is_closed`. */
export function saleBody(draft: SaleDraft, tenders: readonly Tender[], settlementId: string, guid: string): CreateOrderBody {
  const due = unitsOfMoney(draft.due);
  const summary = summarise(due, tenders);
  if (!summary.complete) throw new Error('the sale is not paid');
  const payments = wirePayments(due, tenders, settlementId);
  return {
    ...draft.order,
    guid: draft.order.guid ?? guid,
    ...(draft.client ? { client_id: draft.client.id } : {}),
    payments,
    total_paid: formatMoney(payments.reduce((sum, payment) => sum + unitsOfMoney(payment.paid_sum), 0n)),
    total_change: formatMoney(summary.change),
    settlement_id: settlementId,
    is_closed: true,
  } as CreateOrderBody;
}

/** How much a sale on account adds to the client's debt. */
export const onAccount = (tenders: readonly Tender[]): bigint =>
  tenders.reduce((sum, tender) => (tender.method.kind === 'DEBT' ? sum + tender.amount : sum), 0n);

/** Whether this much more on account takes the client over the limit (null: no limit). */
export function exceedsLimit(balance: bigint, added: bigint, limit: bigint | null): boolean {
  return limit !== null && added > 0n && balance + added > limit;
}
