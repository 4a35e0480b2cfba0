/**
 * A sale's receipt, its refund slip and its credit slip, built from the order as the till stores it
 * (`OrderController_findOne`: lines, discounts, taxes, payments) and the names of the ids it holds (name-book.ts).
 * Amounts stay decimal strings and are summed with shared/decimal.ts; nothing goes through a JS number.
 *
 * How the order's rows read on paper (docs/selling/printing.md):
 * - a line's own modifiers (`modifiers`, migration 0023) print under it, each with what it adds to the line
 *   (line quantity × charged units × price; nothing for free ones) — already in the line's `subtotal`;
 * - a line whose item is a modifier (sold as its own line, as a reference client does) prints under the line before it;
 * - a line's discount is the order discount rows naming its item (`discount_value`); the line's `subtotal` is its
 *   amount before that discount;
 * - order-level discounts are the rows naming no item; when none carries a value but the order has a
 *   `total_discount`, that total prints as one discount;
 * - taxes are summed per tax (name and percent from the business's taxes), printed as "incl." amounts.
 */
import { changeOffCash } from '../../shared/cash-change.js';
import { MONEY, QUANTITY, formatMoney, lineAmount, parseDecimal, unitsOf, type Money, type Quantity } from '../../shared/decimal.js';
import type { OperationOutput } from '../../shared/catalogue/wire-types.js';
import type { CreditSlipData, DocumentHeading, NamedAmount, ReceiptLine, ReceiptPayment, RefundReceiptData, SaleReceiptData } from './document-data.js';
import type { NameBook } from './name-book.js';
import type { ReceiptLanguage } from './receipt-labels.js';
import { RECEIPT_LABELS } from './receipt-labels.js';
import { localDateTime, unavailable, type TillReader } from './till-reader.js';

type Order = OperationOutput<'OrderController_findOne'>;
type OrderLine = Order['items'][number];

function units(amount: string | null | undefined): bigint {
  if (amount === null || amount === undefined) return 0n;
  const parsed = parseDecimal(amount, MONEY);
  return parsed.ok ? parsed.units : 0n;
}

const money = (value: bigint) => formatMoney(value);

export async function readOrder(reader: TillReader, orderId: string): Promise<Order> {
  try {
    return await reader.read('OrderController_findOne', { params: { id: orderId } });
  } catch (error) {
    throw unavailable(error, `order ${orderId}`);
  }
}

/** Business, point, till and cashier of an order: the order's own point, till and employee by name. */
export async function orderHeading(reader: TillReader, names: NameBook, order: Pick<Order, 'automated_point_id' | 'workplace_id' | 'employee_id'>): Promise<DocumentHeading> {
  const identity = await reader.identity();
  const cashier = await reader.cashier();
  const fallbackCashier = cashier?.id === order.employee_id ? cashier.full_name : '';
  return {
    business: identity.business ?? '',
    point: await names.name('points', order.automated_point_id, identity.point ?? ''),
    till: await names.name('workplaces', order.workplace_id, identity.till ?? ''),
    cashier: await names.name('employees', order.employee_id, fallbackCashier || cashier?.full_name || ''),
  };
}

/** A line's stored modifiers for paper: "Oat milk ×2" and what they add to the line (already in its subtotal). */
async function lineModifiers(line: OrderLine, names: NameBook): Promise<{ name: string; amount?: string }[]> {
  const printed: { name: string; amount?: string }[] = [];
  for (const modifier of line.modifiers ?? []) {
    const known = await names.find('modifiers', modifier.modifier_id);
    const name = `${known?.name ?? modifier.modifier_id}${modifier.quantity > 1 ? ` ×${modifier.quantity}` : ''}`;
    const charged = units(modifier.price) * BigInt(Math.max(0, modifier.quantity - modifier.free_quantity));
    const amount = lineAmount(charged as Money, unitsOf(line.quantity, QUANTITY) as Quantity);
    printed.push(amount === 0n ? { name } : { name, amount: money(amount) });
  }
  return printed;
}

/**
 * The order's lines for paper: modifiers folded under their line, voided lines left out — except on a void slip,
 * where the order's void has flagged every line voided with it (`includeVoided`).
 */
export async function receiptLines(order: Order, names: NameBook, which: (line: OrderLine) => boolean, includeVoided = false): Promise<ReceiptLine[]> {
  const printed: { line: ReceiptLine; modifiers: { name: string; amount?: string }[]; units: bigint }[] = [];
  for (const line of order.items) {
    if ((line.is_voided && !includeVoided) || line.is_deleted || !which(line)) continue;
    const item = await names.find('items', line.item_id);
    const modifier = item ? undefined : await names.find('modifiers', line.item_id);
    const name = item?.name ?? modifier?.name ?? line.item_id;
    const previous = printed[printed.length - 1];
    if (modifier && previous) {
      previous.modifiers.push(units(line.subtotal) === 0n ? { name } : { name, amount: line.subtotal });
      previous.units += units(line.subtotal);
      continue;
    }
    const discount = order.discounts
      .filter((row) => !row.is_deleted && row.item_id === line.item_id)
      .reduce((total, row) => total + units(row.discount_value), 0n);
    printed.push({
      line: { name, quantity: line.quantity, unitPrice: line.price, total: line.subtotal, ...(discount !== 0n ? { discount: money(discount) } : {}) },
      modifiers: await lineModifiers(line, names),
      units: units(line.subtotal) - discount,
    });
  }
  return printed.map(({ line, modifiers, units: total }) => ({ ...line, total: money(total), ...(modifiers.length > 0 ? { modifiers } : {}) }));
}

async function orderTaxes(order: Order, names: NameBook): Promise<NamedAmount[]> {
  const byTax = new Map<string, bigint>();
  for (const tax of order.taxes) {
    if (tax.is_deleted) continue;
    byTax.set(tax.tax_id, (byTax.get(tax.tax_id) ?? 0n) + units(tax.tax_value) + units(tax.fee_value));
  }
  return Promise.all([...byTax].map(async ([taxId, amount]) => ({ name: await names.name('taxes', taxId, ''), amount: money(amount) })));
}

async function orderDiscounts(order: Order, names: NameBook, language: ReceiptLanguage): Promise<NamedAmount[]> {
  const rows = order.discounts.filter((row) => !row.is_deleted && !row.item_id && units(row.discount_value) !== 0n);
  if (rows.length === 0) {
    const lineDiscounts = order.discounts.filter((row) => !row.is_deleted && row.item_id).reduce((total, row) => total + units(row.discount_value), 0n);
    const rest = units(order.total_discount) - lineDiscounts;
    return rest > 0n ? [{ name: RECEIPT_LABELS[language].discount, amount: money(rest) }] : [];
  }
  return Promise.all(rows.map(async (row) => ({ name: await names.name('discounts', row.discount_id, ''), amount: row.discount_value ?? '0' })));
}

export async function receiptPayments(order: Order, names: NameBook, which: (payment: Order['payments'][number]) => boolean): Promise<ReceiptPayment[]> {
  return Promise.all(
    order.payments
      .filter((payment) => !payment.is_deleted && which(payment))
      .map(async (payment) => ({ ...(await names.paymentMethod(payment.payment_type_id)), amount: payment.paid_sum })),
  );
}

/**
 * The receipt shows the cash handed over, then the change. The till records a cash payment as what the sale keeps
 * (docs/selling/payment.md), another client may record what was tendered: by the one rule (shared/cash-change.ts)
 * the change NOT already counted in the payments is added back to the last cash payment, so both print the same.
 */
function tenderedPayments(order: Order, payments: ReceiptPayment[]): ReceiptPayment[] {
  const change = units(order.total_change);
  const notCounted = change - changeOffCash(payments.map((payment) => units(payment.amount)), units(order.total_sum), change);
  const lastCash = payments.map((payment) => payment.kind).lastIndexOf('CASH');
  if (notCounted <= 0n || lastCash < 0) return payments;
  return payments.map((payment, index) => (index === lastCash ? { ...payment, amount: money(units(payment.amount) + notCounted) } : payment));
}

export async function saleReceipt(reader: TillReader, names: NameBook, orderId: string, language: ReceiptLanguage, openDrawer: boolean): Promise<SaleReceiptData> {
  const order = await readOrder(reader, orderId);
  return {
    language,
    heading: await orderHeading(reader, names, order),
    orderId: order.id,
    orderNumber: order.order_id,
    soldAt: localDateTime(order.dt_closed ?? order.dt_created),
    lines: await receiptLines(order, names, () => true),
    subtotal: order.subtotal,
    discounts: await orderDiscounts(order, names, language),
    taxes: await orderTaxes(order, names),
    total: order.total_sum,
    payments: tenderedPayments(order, await receiptPayments(order, names, () => true)),
    change: order.total_change ?? '0',
    barcode: order.order_id,
    openDrawer,
  };
}

type Refund = OperationOutput<'OrderRefundController_findOne'>;

/**
 * A refund slip, from the refund document (`OrderRefundController_findOne`): its number, the sale's number as
 * printed, the lines taken back (quantity, the sale's unit price, the line's share of the refund; a modifier's line
 * under the line before it) and the money paid back by method. The refund's own till, point and cashier head it.
 */
export async function refundReceipt(reader: TillReader, names: NameBook, refundId: string, language: ReceiptLanguage): Promise<RefundReceiptData> {
  let refund: Refund;
  try {
    refund = await reader.read('OrderRefundController_findOne', { params: { id: refundId } });
  } catch (error) {
    throw unavailable(error, `refund ${refundId}`);
  }
  const lines: { line: ReceiptLine; modifiers: { name: string; amount?: string }[]; units: bigint }[] = [];
  for (const line of refund.lines) {
    if (line.is_deleted) continue;
    const item = await names.find('items', line.item_id);
    const modifier = item ? undefined : await names.find('modifiers', line.item_id);
    const name = item?.name ?? modifier?.name ?? line.item_id;
    const previous = lines[lines.length - 1];
    if (modifier && previous) {
      previous.modifiers.push(units(line.amount) === 0n ? { name } : { name, amount: line.amount });
      previous.units += units(line.amount);
      continue;
    }
    lines.push({ line: { name, quantity: line.quantity, unitPrice: line.price, total: line.amount }, modifiers: [], units: units(line.amount) });
  }
  const payments = await Promise.all(
    refund.payments
      .filter((payment) => !payment.is_deleted)
      .map(async (payment): Promise<ReceiptPayment> => ({ ...(await names.paymentMethod(payment.payment_type_id)), amount: payment.amount })),
  );
  return {
    language,
    heading: await orderHeading(reader, names, { automated_point_id: refund.automated_point_id, workplace_id: refund.workplace_id, employee_id: refund.employee_id }),
    refundId: refund.id,
    refundNumber: refund.refund_number,
    originalOrderNumber: refund.order_number,
    refundedAt: localDateTime(refund.dt_created),
    lines: lines.map(({ line, modifiers, units: total }) => ({ ...line, total: money(total), ...(modifiers.length > 0 ? { modifiers } : {}) })),
    // The refund's worth is a share of the sale's total: the taxes in it are not split out on the slip.
    taxes: [],
    total: refund.total_sum,
    payments,
  };
}

/**
 * The client's signature for a sale on account: kept on the debt entry the sale posted (app/orders/order-effects.ts
 * — the client's `transaction` entry written by the same operation, so it carries the sale's own time). Its id is
 * what the slip prints for a dispute to find it; null when no signed entry is on the till.
 */
async function signedDebtEntry(reader: TillReader, order: Order): Promise<string | null> {
  if (!order.client_id) return null;
  const entries = await reader.read('ClientDebtController_findAllTransactions', { query: { client_id: order.client_id } }).catch(() => []);
  const signed = entries.find(
    (entry) =>
      !entry.is_deleted &&
      entry.client_id === order.client_id &&
      entry.kind === 'transaction' &&
      entry.dt_created === order.dt_created &&
      units(entry.debt_amount) > 0n &&
      typeof entry.signature_url === 'string' &&
      entry.signature_url !== '',
  );
  return signed?.id ?? null;
}

/** The slip of the part of a sale put on the client's account; the signature is kept with the sale's debt entry. */
export async function creditSlip(reader: TillReader, names: NameBook, orderId: string, language: ReceiptLanguage): Promise<CreditSlipData> {
  const order = await readOrder(reader, orderId);
  const payments = await receiptPayments(order, names, () => true);
  const onAccount = payments.filter((payment) => payment.kind === 'DEBT').reduce((sum, payment) => sum + units(payment.amount), 0n);
  const client = order.client_id ? await reader.read('ClientController_findOne', { params: { id: order.client_id } }).catch(() => undefined) : undefined;
  const debts = order.client_id ? await reader.read('ClientDebtController_findAllDebts').catch(() => []) : [];
  const debt = debts.find((row) => row.client_id === order.client_id && !row.is_deleted);
  return {
    language,
    heading: await orderHeading(reader, names, order),
    orderId: order.id,
    orderNumber: order.order_id,
    soldAt: localDateTime(order.dt_closed ?? order.dt_created),
    clientName: client?.full_name ?? order.client_id ?? '',
    ...(client?.phone_number ? { clientPhone: client.phone_number } : {}),
    amountOnAccount: money(onAccount),
    ...(debt ? { balanceAfter: debt.debt_amount } : {}),
    signatureId: await signedDebtEntry(reader, order),
  };
}
