/**
 * What an order's request stands for, as the columns its rows will hold: a line, discount, tax, payment or
 * delivery sent by the client becomes a "content" (its own columns, no ids or timestamps). Contents are compared
 * with the stored rows, so a list sent again unchanged changes nothing (no history churn, no stock moves).
 * Pure: no database.
 */
import type { Money, Percent, Quantity } from '../../shared/decimal.js';
import type {
  OrderDeliveryDto,
  OrderDiscountDto,
  OrderItemDto,
  OrderItemTaxDto,
  OrderPaymentDto,
} from '../../shared/catalogue/order.js';
import { units } from '../../db/values.js';
import { decodeLineModifiers, encodeLineModifiers } from './line-modifiers.js';

export interface LineContent {
  readonly item_id: string;
  readonly quantity: Quantity;
  readonly price: Money;
  readonly subtotal: Money;
  readonly note: string | null;
  readonly discount_id: string | null;
  /** The warehouse the line names itself (before the default is applied). */
  readonly warehouse_id: string | null;
  /** The line's modifiers as stored (app/orders/line-modifiers.ts); null: sent without any. */
  readonly modifiers: string | null;
}

export interface DiscountContent {
  readonly item_id: string | null;
  readonly discount_value: Money | null;
  readonly discount_percent: Percent | null;
  readonly discount_id: string | null;
}

export interface TaxContent {
  readonly item_id: string | null;
  readonly tax_id: string;
  readonly tax_percent: Percent | null;
  readonly tax_value: Money | null;
  readonly fee_percent: Percent | null;
  readonly fee_value: Money | null;
}

export interface PaymentContent {
  readonly payment_type_id: string;
  readonly paid_sum: Money;
  readonly settlement_id: string | null;
  readonly tip_amount: Money | null;
  readonly discount_id: string | null;
  readonly payment_data: string | null;
  readonly payment_device_id: string | null;
  readonly payment_batch_id: string | null;
  readonly card_number: string | null;
  readonly card_expire_date: string | null;
  readonly card_type: string | null;
  readonly note: string | null;
  readonly label: string | null;
  readonly is_refunded: number;
}

export interface DeliveryContent {
  readonly customer_name: string;
  readonly contact_phone: string;
  readonly shipping_address: string;
  readonly city: string;
  readonly postal_code: string;
  readonly country: string;
  readonly estimated_arrival: string | null;
}

export const lineContent = (dto: OrderItemDto): LineContent => ({
  item_id: dto.item_id,
  quantity: dto.quantity as Quantity,
  price: dto.price as Money,
  subtotal: dto.subtotal as Money,
  note: dto.note ?? null,
  discount_id: dto.discount_id ?? null,
  warehouse_id: dto.warehouse_id ?? null,
  modifiers: encodeLineModifiers(dto.modifiers),
});

/** A line as the order arithmetic reads it (shared/orders/order-math.ts), its modifiers decoded. */
export const mathLine = (line: LineContent) => ({ ...line, modifiers: decodeLineModifiers(line.modifiers) });

export const discountContent = (dto: OrderDiscountDto): DiscountContent => ({
  item_id: dto.item_id ?? null,
  discount_value: (dto.discount_value ?? null) as Money | null,
  discount_percent: (dto.discount_percent ?? null) as Percent | null,
  discount_id: dto.discount_id ?? null,
});

export const taxContent = (dto: OrderItemTaxDto): TaxContent => ({
  item_id: dto.item_id ?? null,
  tax_id: dto.tax_id,
  tax_percent: (dto.tax_percent ?? null) as Percent | null,
  tax_value: (dto.tax_value ?? null) as Money | null,
  fee_percent: (dto.fee_percent ?? null) as Percent | null,
  fee_value: (dto.fee_value ?? null) as Money | null,
});

/**
 * A card number is stored with all but its last four characters masked: a till needs the last digits to tell
 * cards apart, and nothing in this service needs the full number (the reference stored it as sent).
 */
export function maskCardNumber(cardNumber: string | null | undefined): string | null {
  if (cardNumber === null || cardNumber === undefined) return null;
  const compact = cardNumber.replace(/[\s-]/g, '');
  if (compact.length <= 4) return compact;
  return '*'.repeat(compact.length - 4) + compact.slice(-4);
}

export const paymentContent = (dto: OrderPaymentDto): PaymentContent => ({
  payment_type_id: dto.payment_type_id,
  paid_sum: dto.paid_sum as Money,
  settlement_id: dto.settlement_id ?? null,
  tip_amount: (dto.tip_amount ?? null) as Money | null,
  discount_id: dto.discount_id ?? null,
  payment_data: dto.payment_data ?? null,
  payment_device_id: dto.payment_device_id ?? null,
  payment_batch_id: dto.payment_batch_id ?? null,
  card_number: maskCardNumber(dto.card_number),
  card_expire_date: dto.card_expire_date ?? null,
  card_type: dto.card_type ?? null,
  note: dto.note ?? null,
  label: dto.label ?? null,
  is_refunded: dto.is_refunded ? 1 : 0,
});

/** The reference's column default for a delivery's country. */
export const DEFAULT_COUNTRY = 'USA';

export const deliveryContent = (dto: OrderDeliveryDto): DeliveryContent => ({
  customer_name: dto.customer_name,
  contact_phone: dto.contact_phone,
  shipping_address: dto.shipping_address,
  city: dto.city,
  postal_code: dto.postal_code,
  country: dto.country ?? DEFAULT_COUNTRY,
  estimated_arrival: dto.estimated_arrival ?? null,
});

/** Values as stored compare equal whatever the engine returned (bigint, number) or whether absent meant null. */
const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || (a != null && b != null && String(a) === String(b));

/** True when `row` holds exactly `content` in the content's columns. */
export function holds(row: object, content: object): boolean {
  const stored = row as Record<string, unknown>;
  return Object.entries(content).every(([column, value]) => same(stored[column], value));
}

/** True when the stored rows hold the contents, in the same order. */
export function holdsAll(rows: readonly object[], contents: readonly object[]): boolean {
  return rows.length === contents.length && rows.every((row, index) => holds(row, contents[index] as object));
}

/**
 * True when the stored lines are the lines sent: same content in the same order, where a line sent without a
 * warehouse matches whatever warehouse the stored line was given.
 */
export function sameLines(rows: readonly { warehouse_id: string | null }[], lines: readonly LineContent[]): boolean {
  return (
    rows.length === lines.length &&
    rows.every((row, index) => {
      const line = lines[index] as LineContent;
      const { warehouse_id: warehouse, ...content } = line;
      return holds(row, content) && (warehouse === null || warehouse === row.warehouse_id);
    })
  );
}

/** A stored money/quantity/percent column as units, keeping null. */
export const unitsOrNull = <T extends bigint>(value: bigint | number | string | null | undefined): T | null =>
  value === null || value === undefined ? null : (units(value) as T);
