/**
 * The arithmetic of a refund on screen, kept out of the components so it can be tested alone: what is left to take
 * back of each line of a sale (sold − refunded), what the chosen quantities are worth (shared/refund-value.ts, the
 * same function the service checks with), how much each of the sale's payment methods can still pay back (as the
 * service counts it: a cash method's payments less the change given), a first split of the money by those methods,
 * and the body of OrderRefundController_create. Exact: bigint units of shared/decimal.ts, strings on the wire.
 */
import type { OperationOutput, OperationRecord } from '../../../shared/catalogue/wire-types.js';
import { formatMoney, formatQuantity, MONEY, QUANTITY, unitsOf, type Money, type Quantity } from '../../../shared/decimal.js';
import { refundableQuantities, refundValue, type RefundableSale, type RefundedSoFar } from '../../../shared/refund-value.js';
import { changeOffCash } from '../../../shared/cash-change.js';

export type Sale = OperationOutput<'OrderController_findOne'>;
export type SaleRefund = OperationRecord<'OrderRefundController_findByOrder'>;
export type PaymentMethod = Pick<OperationRecord<'PaymentMethodController_findAll'>, 'id' | 'name' | 'kind'>;

const money = (text: string | null | undefined) => (text ? (unitsOf(text, MONEY) as Money) : (0n as Money));
const quantity = (text: string) => unitsOf(text, QUANTITY) as Quantity;

export interface MethodLeft {
  readonly methodId: string;
  readonly name: string;
  readonly kind: string;
  /** What the method can still pay back, in hundredths. */
  readonly left: Money;
}

export interface SaleState {
  readonly sale: Sale;
  readonly refundable: RefundableSale;
  readonly sofar: RefundedSoFar;
  /** Per sale line id: quantity left to take back, in thousandths. */
  readonly left: ReadonlyMap<string, Quantity>;
  /** The sale's methods in the order it was paid, each with what it can still pay back. */
  readonly methods: readonly MethodLeft[];
  /** Nothing is left to take back. */
  readonly fullyRefunded: boolean;
}

export function saleState(sale: Sale, refunds: readonly SaleRefund[], methods: readonly PaymentMethod[]): SaleState {
  const refundable: RefundableSale = {
    subtotal: money(sale.subtotal),
    totalSum: money(sale.total_sum),
    lines: sale.items.map((line) => ({ id: line.id, quantity: quantity(line.quantity), subtotal: money(line.subtotal) })),
  };
  const quantities = new Map<string, Quantity>();
  const backBy = new Map<string, bigint>();
  let paidBack = 0n;
  for (const refund of refunds) {
    for (const line of refund.lines) quantities.set(line.order_line_id, ((quantities.get(line.order_line_id) ?? 0n) + quantity(line.quantity)) as Quantity);
    for (const payment of refund.payments) backBy.set(payment.payment_type_id, (backBy.get(payment.payment_type_id) ?? 0n) + money(payment.amount));
    paidBack += money(refund.total_sum);
  }
  const sofar: RefundedSoFar = { quantities, money: paidBack as Money };
  const left = refundableQuantities(refundable, sofar);
  return {
    sale,
    refundable,
    sofar,
    left,
    methods: methodsLeft(sale, backBy, methods),
    fullyRefunded: [...left.values()].every((value) => value === 0n),
  };
}

/** Each method the sale was paid with: its payments, less the change from its cash (as the service counts), less refunds. */
function methodsLeft(sale: Sale, backBy: ReadonlyMap<string, bigint>, methods: readonly PaymentMethod[]): MethodLeft[] {
  const took = new Map<string, bigint>();
  for (const payment of sale.payments) took.set(payment.payment_type_id, (took.get(payment.payment_type_id) ?? 0n) + money(payment.paid_sum));
  // Only the change counted in the payments comes off the cash (shared/cash-change.ts, as the service counts).
  let change = changeOffCash([...took.values()], money(sale.total_sum), money(sale.total_change)) as Money;
  const byId = new Map(methods.map((method) => [method.id, method]));
  for (const id of [...took.keys()].sort()) {
    if (change <= 0n || byId.get(id)?.kind !== 'CASH') continue;
    const amount = took.get(id) ?? 0n;
    const less = amount < change ? amount : change;
    took.set(id, amount - less);
    change = (change - less) as Money;
  }
  return [...took.entries()].map(([methodId, amount]) => {
    const rest = amount - (backBy.get(methodId) ?? 0n);
    const method = byId.get(methodId);
    return { methodId, name: method?.name ?? methodId, kind: method?.kind ?? 'OTHER', left: (rest > 0n ? rest : 0n) as Money };
  });
}

/** The chosen quantities (per line id, thousandths), dropping zeros. */
export type Chosen = ReadonlyMap<string, Quantity>;

/** Every line's whole remaining quantity: "refund all". */
export const everything = (state: SaleState): Map<string, Quantity> => new Map([...state.left].filter(([, value]) => value > 0n));

/** What the chosen quantities are worth. */
export function chosenValue(state: SaleState, chosen: Chosen): Money {
  const wanted = [...chosen].filter(([, value]) => value > 0n).map(([lineId, value]) => ({ lineId, quantity: value }));
  if (wanted.length === 0) return 0n as Money;
  return refundValue(state.refundable, state.sofar, wanted);
}

/** Lines whose chosen quantity is more than is left of them. */
export function overChosen(state: SaleState, chosen: Chosen): string[] {
  return [...chosen].filter(([lineId, value]) => value > (state.left.get(lineId) ?? 0n)).map(([lineId]) => lineId);
}

/** A first split of `value` over the sale's methods, in the order it was paid, each up to what it can pay back. */
export function splitByMethods(state: SaleState, value: Money): Map<string, Money> {
  const split = new Map<string, Money>();
  let rest: bigint = value;
  for (const method of state.methods) {
    if (rest <= 0n) break;
    const share = method.left < rest ? method.left : rest;
    if (share > 0n) split.set(method.methodId, share as Money);
    rest -= share;
  }
  return split;
}

export interface RefundRequest {
  readonly managerId: string;
  readonly settlementId: string | null;
  readonly workplaceId: string | null;
  readonly reason: string;
}

/** The refund's number on its slip: the sale's number and the refund's place among its refunds. */
export const refundNumber = (state: SaleState, refunds: readonly SaleRefund[]) => `${state.sale.order_id}-R${refunds.length + 1}`;

/** The body of OrderRefundController_create for the chosen lines and money. */
export function refundBody(state: SaleState, refunds: readonly SaleRefund[], chosen: Chosen, payments: ReadonlyMap<string, Money>, request: RefundRequest) {
  return {
    refund_number: refundNumber(state, refunds),
    manager_id: request.managerId,
    settlement_id: request.settlementId,
    workplace_id: request.workplaceId,
    ...(request.reason.trim() ? { reason: request.reason.trim() } : {}),
    lines: [...chosen].filter(([, value]) => value > 0n).map(([lineId, value]) => ({ order_line_id: lineId, quantity: formatQuantity(value) })),
    payments: [...payments].filter(([, value]) => value > 0n).map(([methodId, value]) => ({ payment_type_id: methodId, amount: formatMoney(value) })),
  };
}

/** A sale's state in the list: open, voided, refunded in part or whole, or a plain closed sale. */
export type SaleStatus = 'open' | 'voided' | 'refunded' | 'partlyRefunded' | 'closed';

export function saleStatus(order: { is_closed: boolean; is_voided: boolean; is_refunded: boolean }, refundedWhole: boolean | undefined): SaleStatus {
  if (order.is_voided) return 'voided';
  if (order.is_refunded || refundedWhole === true) return 'refunded';
  if (refundedWhole === false) return 'partlyRefunded';
  return order.is_closed ? 'closed' : 'open';
}
