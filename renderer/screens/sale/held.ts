/**
 * Held orders, the way the service itself represents an open order (docs/api/orders-and-settlements.md): parking a
 * cart is an `OrderController_create` with `is_closed: false`, no payments, the shift's `settlement_id` and the
 * café's table in `order_name` — one queueable operation, so it works offline and reaches the service like any
 * sale (an open order already takes its stock, as on the service). The till's held orders are its workplace's live
 * orders that are neither closed, voided nor refunded (`OrderController_findAll`; `findLastOpen` answers only the
 * newest). Resuming loads the order back into the cart and deletes it (`OrderController_remove`, which returns
 * its stock exactly as a refund would), so the sale is then completed as one new order and nothing is counted twice.
 * A shift cannot close while a held order names it (the service refuses), which is what a cashier must be told.
 */
import type { OperationRecord } from '../../../shared/catalogue/wire-types.js';
import type { Bridge } from '../../bridge.js';
import type { CartDiscount, CartLine, CartState } from './cart.js';
import type { SaleCatalogue } from './catalogue.js';
import type { SaleDraft } from './sale-draft.js';
import { cartModifiersOf, type ModifierMenus } from './modifiers.js';

export type HeldOrder = Pick<OperationRecord<'OrderController_findAll'>, 'id' | 'order_name' | 'total_sum' | 'dt_created'>;

export async function holdOrder(bridge: Bridge, draft: SaleDraft, settlementId: string): Promise<string> {
  const order = await bridge.run('OrderController_create', {
    body: { ...draft.order, settlement_id: settlementId, is_closed: false, payments: [], total_paid: '0' },
  });
  return order.id;
}

export async function listHeld(bridge: Bridge, workplaceId: string): Promise<HeldOrder[]> {
  const orders = await bridge.run('OrderController_findAll');
  return orders.filter(
    (order) => order.workplace_id === workplaceId && !order.is_closed && !order.is_voided && !order.is_refunded && !order.is_deleted,
  );
}

export interface Resumed {
  readonly cart: Omit<CartState, 'nextKey' | 'notice' | 'selectedKey'>;
  /** Lines whose item this till no longer sells (left out of the cart). */
  readonly missing: number;
}

/** The held order as a cart (prices are the catalogue's current ones); the order is then deleted on the till. */
export async function resumeHeld(bridge: Bridge, id: string, catalogue: SaleCatalogue, menus: ModifierMenus = new Map()): Promise<Resumed> {
  const order = await bridge.run('OrderController_findOne', { params: { id } });
  let missing = 0;
  const lines: CartLine[] = [];
  for (const line of order.items) {
    const item = catalogue.byId.get(line.item_id);
    if (!item) {
      missing += 1;
      continue;
    }
    const modifiers = line.modifiers ? { modifiers: cartModifiersOf(line.modifiers, menus.get(line.item_id)) } : {};
    lines.push({ key: '', item, quantity: line.quantity, note: line.note ?? '', fromLabel: true, ...modifiers });
  }
  const asDiscount = (entry: (typeof order.discounts)[number]): CartDiscount =>
    entry.discount_id
      ? { kind: 'finance', id: entry.discount_id, name: '', percent: entry.discount_percent, value: entry.discount_value }
      : // The manager who approved it when the cart was held still stands behind it (migration 0029).
        { kind: 'manual', percent: entry.discount_percent, value: entry.discount_value, approvedBy: order.discount_approved_by ?? null };
  const itemDiscounts: Record<string, CartDiscount> = {};
  let orderDiscount: CartDiscount | null = null;
  for (const entry of order.discounts) {
    if (entry.item_id === null) orderDiscount = asDiscount(entry);
    else if (lines.some((line) => line.item.id === entry.item_id)) itemDiscounts[entry.item_id] = asDiscount(entry);
  }
  let client: CartState['client'] = null;
  if (order.client_id) {
    const found = await bridge.run('ClientController_findOne', { params: { id: order.client_id } }).catch(() => null);
    client = { id: order.client_id, name: found?.full_name ?? '' };
  }
  await bridge.run('OrderController_remove', { params: { id } });
  return { cart: { lines, itemDiscounts, orderDiscount, client, orderName: order.order_name ?? '' }, missing };
}
