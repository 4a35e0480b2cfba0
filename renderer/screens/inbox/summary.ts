/**
 * A refused operation in words, with what it was about: "Repayment 50 000.00 — Dilnoza Yusupova" rather than
 * `ClientDebtController_createTransaction`. Names come from this till's own store (clients, payment methods,
 * suppliers, items, stock rows); a record no longer there is said so rather than shown as an id.
 */
import { formatMoney, MONEY } from '../../../shared/decimal.js';
import type { Bridge } from '../../bridge.js';
import type { Translate } from '../../i18n/index.js';
import { showMoney, showQuantity, unitsOrUndefined } from '../../lib/format.js';
import type { Phrase } from './reason.js';

export interface Names {
  readonly clients: ReadonlyMap<string, string>;
  readonly methods: ReadonlyMap<string, string>;
  readonly suppliers: ReadonlyMap<string, string>;
  readonly items: ReadonlyMap<string, string>;
  /** Stock row id → its item's id. */
  readonly stockItems: ReadonlyMap<string, string>;
}


const byName = (rows: readonly { readonly id: string; readonly name: string }[]) => new Map(rows.map((row) => [row.id, row.name]));
/** A list this screen can do without: its names are then simply unknown. */
const optional = <T>(read: Promise<readonly T[]>) => read.catch((): readonly T[] => []);

export async function loadNames(bridge: Bridge): Promise<Names> {
  const [clients, methods, suppliers, items, stock] = await Promise.all([
    optional(bridge.run('ClientController_findAll')),
    optional(bridge.run('PaymentMethodController_findAll')),
    optional(bridge.run('SupplierController_findAll')),
    optional(bridge.run('ItemModifierController_findAllItems')),
    optional(bridge.run('StockQuantityController_findAll')),
  ]);
  return {
    clients: new Map(clients.map((row) => [row.id, row.full_name])),
    methods: byName(methods),
    suppliers: byName(suppliers),
    items: byName(items),
    stockItems: new Map(stock.map((row) => [row.id, row.itemId])),
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The operation's summary; `unknown` fills a name this till does not hold. */
export function summarize(name: string, params: Readonly<Record<string, string>>, args: unknown, names: Names, unknown: string): Phrase {
  const body = (typeof args === 'object' && args !== null ? args : {}) as Record<string, unknown>;
  switch (name) {
    case 'ClientDebtController_createTransaction': {
      const units = unitsOrUndefined(text(body.debt_amount), MONEY) ?? 0n;
      const amount = showMoney(formatMoney(units < 0n ? -units : units));
      const client = names.clients.get(text(body.client_id)) ?? unknown;
      const method = names.methods.get(text(body.payment_type_id));
      if (units >= 0n) return { key: 'inbox.op.creditSale', values: { amount, client } };
      return method ? { key: 'inbox.op.repaymentBy', values: { amount, client, method } } : { key: 'inbox.op.repayment', values: { amount, client } };
    }
    case 'ReceiptController_create': {
      const lines = Array.isArray(body.items) ? body.items.length : 0;
      return { key: 'inbox.op.receipt', values: { name: text(body.name), supplier: names.suppliers.get(text(body.clientId)) ?? names.clients.get(text(body.clientId)) ?? unknown, lines } };
    }
    case 'ReceiptController_update':
    case 'ReceiptController_remove':
      return { key: 'inbox.op.receiptChange' };
    case 'StockQuantityController_update': {
      const item = names.items.get(names.stockItems.get(params.id ?? '') ?? '') ?? unknown;
      return { key: 'inbox.op.stockCount', values: { quantity: showQuantity(text(body.stock_quantity)), item } };
    }
    case 'WriteOffController_create':
      return { key: 'inbox.op.writeOff', values: { name: text(body.name) } };
    case 'ItemModifierController_createModifierGroup':
    case 'ItemModifierController_updateModifierGroup':
      return { key: 'inbox.op.modifierGroup', values: { name: text(body.name) } };
    case 'ItemModifierController_createModifier':
    case 'ItemModifierController_updateModifier':
      return { key: 'inbox.op.modifier', values: { name: text(body.name) } };
    case 'ClientDebtController_updateDebt':
    case 'ClientDebtController_removeDebt':
    case 'ClientDebtController_createDebt':
      return { key: 'inbox.op.debtChange' };
    default:
      return { key: 'inbox.op.other' };
  }
}

/** A phrase in the employee's language, its field names translated first. */
export function say(t: Translate, phrase: Phrase): string {
  const values = { ...phrase.values };
  for (const name of phrase.translate ?? []) values[name] = t(String(values[name]) as Parameters<Translate>[0]);
  return t(phrase.key, values);
}
