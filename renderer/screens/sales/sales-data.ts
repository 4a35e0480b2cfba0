/**
 * What the sales screen reads from the terminal's own store (so it works offline): the till's open shift and its
 * sales newest first (the latest sales of this till when no shift is open), what the refunds have paid back per
 * sale, and, for one sale, its lines, its refunds, the payment methods and the names of its items. Finding a sale
 * by the code printed on its receipt accepts either code: the QR holds the order's `id`, the Code 128 its number.
 */
import type { OperationRecord } from '../../../shared/catalogue/wire-types.js';
import { MONEY, unitsOf } from '../../../shared/decimal.js';
import type { Bridge } from '../../bridge.js';
import { loadOpenShift, type OpenShift } from '../../shift/open-shift.js';
import { saleState, type SaleState, type SaleRefund } from './refund-plan.js';

export type SaleHeader = OperationRecord<'OrderController_findAll'>;

export interface SalesList {
  /** This till's workplace: the one it was enrolled at, else the signed-in employee's. */
  readonly workplaceId: string | null;
  readonly shift: OpenShift | null;
  /** The shift's sales (or this till's latest), newest first. */
  readonly shown: readonly SaleHeader[];
  /** Every sale this till holds, for finding one by its receipt's code. */
  readonly all: readonly SaleHeader[];
  /** Per sale id: refunded whole (true) or in part (false); absent when never refunded. */
  readonly refunded: ReadonlyMap<string, boolean>;
}

const SHOWN = 500;

const newestFirst = (a: SaleHeader, b: SaleHeader) => (a.dt_created < b.dt_created ? 1 : a.dt_created > b.dt_created ? -1 : a.id < b.id ? 1 : -1);

export async function loadSales(bridge: Bridge, employeeWorkplace: string | null): Promise<SalesList> {
  // A manager allowed at every till has no workplace of their own: the till's is the one that counts.
  const scope = await bridge.terminal('terminal.enrollmentStatus').then((status) => status.scope ?? null, () => null);
  const workplaceId = scope?.workplaceId ?? employeeWorkplace;
  const [shift, orders, refunds] = await Promise.all([
    workplaceId ? loadOpenShift(bridge, workplaceId) : Promise.resolve(null),
    bridge.run('OrderController_findAll'),
    bridge.run('OrderRefundController_findAll', { query: {} }),
  ]);
  const all = orders.filter((order) => !order.is_deleted).sort(newestFirst);
  const shown = all.filter((order) => (shift ? order.settlement_id === shift.id : order.workplace_id === workplaceId)).slice(0, SHOWN);
  const paidBack = new Map<string, bigint>();
  for (const refund of refunds) paidBack.set(refund.order_id, (paidBack.get(refund.order_id) ?? 0n) + unitsOf(refund.total_sum, MONEY));
  const refunded = new Map<string, boolean>();
  for (const order of all) {
    const back = paidBack.get(order.id);
    if (back !== undefined) refunded.set(order.id, back >= unitsOf(order.total_sum, MONEY));
  }
  return { workplaceId, shift, shown, all, refunded };
}

/** The sale a scanned or typed code names: its id (the receipt's QR) or its number (the Code 128), exactly. */
export function findByCode(all: readonly SaleHeader[], code: string): SaleHeader | undefined {
  const wanted = code.trim();
  if (!wanted) return undefined;
  return all.find((order) => order.id === wanted) ?? all.find((order) => order.order_id.toLowerCase() === wanted.toLowerCase());
}

/** The shown sales whose number contains the typed text. */
export function filterByNumber(shown: readonly SaleHeader[], text: string): readonly SaleHeader[] {
  const wanted = text.trim().toLowerCase();
  return wanted ? shown.filter((order) => order.order_id.toLowerCase().includes(wanted) || order.id === text.trim()) : shown;
}

export interface SaleDetailData {
  readonly state: SaleState;
  readonly refunds: readonly SaleRefund[];
  /** Item and modifier names by id. */
  readonly names: ReadonlyMap<string, string>;
  /**
   * The manager who approved the sale's manual discount (`discount_approved_by`): null when nobody had to; the name
   * is '' when this session may not read employees (a cashier at the till).
   */
  readonly discountApprover: { readonly id: string; readonly name: string } | null;
}

export async function loadSaleDetail(bridge: Bridge, id: string): Promise<SaleDetailData> {
  const [sale, refunds, methods, items, modifiers] = await Promise.all([
    bridge.run('OrderController_findOne', { params: { id } }),
    bridge.run('OrderRefundController_findByOrder', { params: { id } }),
    bridge.run('PaymentMethodController_findAll').catch(() => []),
    bridge.run('ItemModifierController_findAllItems').catch(() => []),
    bridge.run('ItemModifierController_findAllModifiers', { query: {} }).catch(() => []),
  ]);
  const onSale = new Set(sale.items.map((line) => line.item_id));
  const names = new Map<string, string>();
  for (const entry of [...items, ...modifiers]) if (onSale.has(entry.id)) names.set(entry.id, entry.name);
  const approverId = sale.discount_approved_by ?? null;
  const approver = approverId ? await bridge.run('EmployeeController_findOne', { params: { id: approverId } }).catch(() => null) : null;
  const discountApprover = approverId ? { id: approverId, name: approver?.full_name ?? '' } : null;
  return { state: saleState(sale, refunds, methods), refunds, names, discountApprover };
}
