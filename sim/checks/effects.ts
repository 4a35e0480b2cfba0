/**
 * The reference model: what an operation does to stock and to client debt, computed from what was asked
 * (operation name, parameters, body, basis) — never from what the service stored. Summed over every operation
 * that took effect, plus the back office's, plus the opening stock, it gives the levels and balances the service
 * must hold; a lost update or an effect applied twice shows as a difference.
 *
 * Inventory counts are left out on purpose: a count sets a level to what was counted at the moment it is applied,
 * so its effect depends on the order of arrival; the items counted are kept out of the model (the ledger check
 * still covers them).
 */
import { MONEY, QUANTITY, unitsOf } from '../../shared/decimal.js';

export interface ModelLookups {
  /** A point's default warehouse. */
  warehouseOfPoint(pointId: string): string | null;
  /** The (item, warehouse) of a stock level row. */
  levelPair(levelId: string): { itemId: string; warehouseId: string } | null;
  /** The client of a debt record. */
  clientOfDebt(debtId: string): string | null;
  /** Is this payment method of the DEBT kind? */
  isDebtMethod(methodId: string): boolean;
}

export interface Effects {
  /** Signed thousandths per `${warehouseId}|${itemId}`. */
  readonly stock: Map<string, bigint>;
  /** Signed hundredths per client. */
  readonly debt: Map<string, bigint>;
  /** Ledger entries the operation posts (stock moves, debt entries): exact, or an upper bound when `atMost`. */
  readonly entries: number;
  readonly atMost: boolean;
}

export const stockKey = (warehouseId: string, itemId: string) => `${warehouseId}|${itemId}`;

const add = (map: Map<string, bigint>, key: string, delta: bigint) => map.set(key, (map.get(key) ?? 0n) + delta);
const q = (text: unknown) => unitsOf(String(text), QUANTITY);
const m = (text: unknown) => unitsOf(String(text), MONEY);

/** Nets moves per pair and counts the pairs that moved (one ledger entry each). */
function netted(moves: [string, bigint][]): Map<string, bigint> {
  const net = new Map<string, bigint>();
  for (const [key, delta] of moves) add(net, key, delta);
  for (const [key, delta] of [...net]) if (delta === 0n) net.delete(key);
  return net;
}

export function effectsOf(name: string, params: Record<string, string>, args: any, basis: string | null, lookups: ModelLookups): Effects {
  const none: Effects = { stock: new Map(), debt: new Map(), entries: 0, atMost: false };
  const body = args ?? {};
  switch (name) {
    case 'OrderController_create': {
      const warehouse = lookups.warehouseOfPoint(String(body.automated_point_id));
      const stock = netted(
        (body.items ?? []).flatMap((line: any) => {
          const warehouseId = line.warehouse_id ?? warehouse;
          return warehouseId ? [[stockKey(warehouseId, line.item_id), -q(line.quantity)] as [string, bigint]] : [];
        }),
      );
      const debt = new Map<string, bigint>();
      const onDebt = (body.payments ?? []).filter((payment: any) => lookups.isDebtMethod(payment.payment_type_id)).reduce((sum: bigint, payment: any) => sum + m(payment.paid_sum), 0n);
      if (onDebt !== 0n && body.client_id) debt.set(body.client_id, onDebt);
      return { stock, debt, entries: stock.size + debt.size, atMost: false };
    }
    case 'ClientDebtController_createTransaction':
      return { stock: new Map(), debt: new Map([[body.client_id, m(body.debt_amount)]]), entries: 1, atMost: false };
    case 'WriteOffController_create':
    case 'ReceiptController_create': {
      if (body.conducted !== true) return none;
      const sign = name === 'ReceiptController_create' ? 1n : -1n;
      const header = (body.warehouseId ?? [])[0];
      const stock = netted((body.items ?? []).map((line: any) => [stockKey(line.warehouseId ?? header, line.itemId), sign * q(line.quantity)] as [string, bigint]));
      return { stock, debt: new Map(), entries: stock.size, atMost: false };
    }
    case 'MovementController_create': {
      const moves: [string, bigint][] = [];
      for (const line of body.items ?? []) {
        moves.push([stockKey(body.warehouseId, line.itemId), -q(line.quantity)], [stockKey(body.toWarehouseId, line.itemId), q(line.quantity)]);
      }
      const stock = netted(moves);
      return { stock, debt: new Map(), entries: stock.size, atMost: false };
    }
    case 'StockQuantityController_update': {
      const pair = lookups.levelPair(params.id ?? '');
      if (!pair || body.stock_quantity === undefined || body.stock_quantity === null || basis === null) return none;
      const delta = q(body.stock_quantity) - q(basis);
      const stock = delta === 0n ? new Map() : new Map([[stockKey(pair.warehouseId, pair.itemId), delta]]);
      return { stock, debt: new Map(), entries: stock.size, atMost: false };
    }
    case 'ClientDebtController_updateDebt': {
      const client = lookups.clientOfDebt(params.id ?? '');
      if (!client || body.debt_amount === undefined || body.debt_amount === null || basis === null) return none;
      const delta = m(body.debt_amount) - m(basis);
      const debt = delta === 0n ? new Map() : new Map([[client, delta]]);
      return { stock: new Map(), debt, entries: debt.size, atMost: false };
    }
    case 'InventoryController_create':
      return { stock: new Map(), debt: new Map(), entries: (body.items ?? []).length, atMost: true };
    default:
      return none;
  }
}

/** The stock pairs an inventory count touches (kept out of the model). */
export function countedPairs(args: any): string[] {
  const header = (args?.warehouseId ?? [])[0];
  return (args?.items ?? []).map((line: any) => stockKey(line.warehouseId ?? header, line.itemId));
}

/** The stock pairs and clients an operation may change, whatever its amounts (for operations of unknown outcome). */
export function touchedKeys(name: string, params: Record<string, string>, args: any, lookups: ModelLookups): { stock: string[]; debt: string[] } {
  if (name === 'StockQuantityController_update') {
    const pair = lookups.levelPair(params.id ?? '');
    return { stock: pair ? [stockKey(pair.warehouseId, pair.itemId)] : [], debt: [] };
  }
  if (name === 'ClientDebtController_updateDebt') {
    const client = lookups.clientOfDebt(params.id ?? '');
    return { stock: [], debt: client ? [client] : [] };
  }
  if (name === 'InventoryController_create') return { stock: countedPairs(args), debt: [] };
  const effects = effectsOf(name, params, args, null, lookups);
  return { stock: [...effects.stock.keys()], debt: [...effects.debt.keys()] };
}
