/**
 * A sale's receipt, its refund slip and its credit slip, built from the order as the till stores it
 * (`OrderController_findOne`: lines, discounts, taxes, payments) and the names of the ids it holds (name-book.ts).
 * Amounts stay decimal strings and are summed with shared/decimal.ts; nothing goes through a JS number.
 *
 * How the order's rows read on paper (docs/selling/printing.md):
 * - a line whose item is a modifier (an id from the modifiers list) prints under the line before it, with its amount;
 * - a line's discount is the order discount rows naming its item (`discount_value`); the line's `subtotal` is its
 *   amount before that discount;
 * - order-level discounts are the rows naming no item; when none carries a value but the order has a
 *   `total_discount`, that total prints as one discount;
 * - taxes are summed per tax (name and percent from the business's taxes), printed as "incl." amounts.
 */
import { MONEY, formatMoney, parseDecimal } from '../../shared/decimal.js';
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

/** The order's lines for paper: modifiers folded under their line, voided lines left out. */
async function receiptLines(order: Order, names: NameBook, which: (line: OrderLine) => boolean): Promise<ReceiptLine[]> {
  const printed: { line: ReceiptLine; modifiers: { name: string; amount?: string }[]; units: bigint }[] = [];
  for (const line of order.items) {
    if (line.is_voided || line.is_deleted || !which(line)) continue;
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
      modifiers: [],
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

async function receiptPayments(order: Order, names: NameBook, which: (payment: Order['payments'][number]) => boolean): Promise<ReceiptPayment[]> {
  return Promise.all(
    order.payments
      .filter((payment) => !payment.is_deleted && which(payment))
      .map(async (payment) => ({ ...(await names.paymentMethod(payment.payment_type_id)), amount: payment.paid_sum })),
  );
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
    payments: await receiptPayments(order, names, () => true),
    change: order.total_change ?? '0',
    barcode: order.order_id,
    openDrawer,
  };
}

/**
 * ADAPTER (refund engineer): a refund is read as the refunded order — its lines and payments marked `is_refunded`
 * (all of them when none is marked, for an order refunded whole by its header flag). If refunds become documents
 * of their own, this is the one function to change.
 */
export async function refundReceipt(reader: TillReader, names: NameBook, refundId: string, language: ReceiptLanguage): Promise<RefundReceiptData> {
  const order = await readOrder(reader, refundId);
  const someLines = order.items.some((line) => line.is_refunded);
  const somePayments = order.payments.some((payment) => payment.is_refunded);
  const lines = await receiptLines(order, names, (line) => !someLines || line.is_refunded);
  const payments = await receiptPayments(order, names, (payment) => !somePayments || payment.is_refunded);
  const total = lines.reduce((sum, line) => sum + units(line.total), 0n);
  return {
    language,
    heading: await orderHeading(reader, names, order),
    refundId: order.id,
    refundNumber: order.order_id,
    originalOrderNumber: order.order_id,
    refundedAt: localDateTime(order.dt_updated),
    lines,
    taxes: someLines ? [] : await orderTaxes(order, names),
    total: money(total),
    payments,
  };
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
    signatureId: order.order_id,
  };
}
