/**
 * The taxes and fees of a shift's sales, per tax, for its reports. Each order's taxes are recomputed from its lines
 * and discounts with the orders' own arithmetic (shared/orders/order-math.ts, one tax at a time), so a report's tax
 * equals what the orders were checked against, exactly.
 */
import { sql } from 'kysely';
import type { Money, Percent, Quantity } from '../../shared/decimal.js';
import { units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { decodeLineModifiers } from '../orders/line-modifiers.js';
import { orderTotals, type MathDiscount, type MathLine, type MathTax } from '../../shared/orders/order-math.js';

export interface ShiftTax {
  readonly taxId: string;
  readonly name: string;
  readonly amount: bigint;
}

type Nullable = bigint | string | null;
const nullableUnits = <T extends bigint>(value: Nullable) => (value === null ? null : (units(value) as T));

/** The shift's sale orders (closed, neither voided nor deleted) as a subquery. */
const salesOf = (ctx: OperationContext, settlementId: string) => sql`
  select id from orders where business_id = ${ctx.businessId} and settlement_id = ${settlementId}
     and is_deleted = 0 and is_voided = 0 and is_closed <> 0`;

function grouped<T extends { order_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const byOrder = new Map<string, T[]>();
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  return byOrder;
}

export async function shiftTaxes(db: Db, ctx: OperationContext, settlementId: string): Promise<ShiftTax[]> {
  const taxes = await sql<{ order_id: string; item_id: string | null; tax_id: string; name: string | null; tax_percent: Nullable; tax_value: Nullable; fee_percent: Nullable; fee_value: Nullable }>`
    select t.order_id, t.item_id, t.tax_id, f.name, t.tax_percent, t.tax_value, t.fee_percent, t.fee_value
      from order_taxes t left join tax_fees f on f.business_id = t.business_id and f.id = t.tax_id
     where t.business_id = ${ctx.businessId} and t.is_deleted = 0 and t.order_id in (${salesOf(ctx, settlementId)})
     order by t.order_id, t.line_no`.execute(db);
  if (taxes.rows.length === 0) return [];
  const lines = await sql<{ order_id: string; item_id: string; quantity: bigint | string; price: bigint | string; subtotal: bigint | string; modifiers: string | null }>`
    select order_id, item_id, quantity, price, subtotal, modifiers from order_lines
     where business_id = ${ctx.businessId} and is_deleted = 0 and order_id in (${salesOf(ctx, settlementId)})
     order by order_id, line_no`.execute(db);
  const discounts = await sql<{ order_id: string; item_id: string | null; discount_value: Nullable; discount_percent: Nullable }>`
    select order_id, item_id, discount_value, discount_percent from order_discounts
     where business_id = ${ctx.businessId} and is_deleted = 0 and order_id in (${salesOf(ctx, settlementId)})
     order by order_id, line_no`.execute(db);
  const linesOf = grouped(lines.rows);
  const discountsOf = grouped(discounts.rows);
  const byTax = new Map<string, ShiftTax>();
  for (const tax of taxes.rows) {
    const mathLines: MathLine[] = (linesOf.get(tax.order_id) ?? []).map((line) => ({
      item_id: line.item_id,
      quantity: units(line.quantity) as Quantity,
      price: units(line.price) as Money,
      subtotal: units(line.subtotal) as Money,
      // What the line's modifiers add counts in its tax base, as when the sale was checked.
      modifiers: decodeLineModifiers(line.modifiers),
    }));
    const mathDiscounts: MathDiscount[] = (discountsOf.get(tax.order_id) ?? []).map((discount) => ({
      item_id: discount.item_id,
      discount_value: nullableUnits<Money>(discount.discount_value),
      discount_percent: nullableUnits<Percent>(discount.discount_percent),
    }));
    const mathTax: MathTax = {
      item_id: tax.item_id,
      tax_percent: nullableUnits<Percent>(tax.tax_percent),
      tax_value: nullableUnits<Money>(tax.tax_value),
      fee_percent: nullableUnits<Percent>(tax.fee_percent),
      fee_value: nullableUnits<Money>(tax.fee_value),
    };
    const amount = orderTotals({ lines: mathLines, discounts: mathDiscounts, taxes: [mathTax], payments: [], deliveryFee: null }).totals.total_tax;
    const known = byTax.get(tax.tax_id);
    byTax.set(tax.tax_id, { taxId: tax.tax_id, name: known?.name ?? tax.name ?? '', amount: (known?.amount ?? 0n) + amount });
  }
  return [...byTax.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.taxId < b.taxId ? -1 : 1));
}
