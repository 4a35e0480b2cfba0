/**
 * The sale each fleet terminal pushes in `bench:sync` (issue 16, "Speed"): a real sale as the payment step makes it
 * (renderer/screens/payment/tender.ts `saleBody`) — one `OrderController_create` of five lines, paid part in cash and
 * part on account (a DEBT method, with the terminal's client), in the open shift of the terminal's own workplace,
 * closed. Amounts are exact decimal strings worked out with shared/decimal.ts, never floats.
 *
 * The setup is made through the service's API, as a back office would: five items with stock in the point's
 * warehouse, the DEBT method (registration made Cash), and per terminal a workplace with its shift open.
 */
import { formatMoney, formatQuantity, lineAmount, sum, unitsOf, MONEY, QUANTITY, type Money, type Quantity } from '../../shared/decimal.js';
import type { apiClient } from '../server/fixtures.js';

type Api = ReturnType<typeof apiClient>;

/** The five lines of every fleet sale: price and quantity (one line by weight, with grams). */
const LINES = [
  { name: 'Bench milk 1 l', price: '12000', quantity: '1', measurement: 'dona' },
  { name: 'Bench bread', price: '4000', quantity: '2', measurement: 'dona' },
  { name: 'Bench potatoes', price: '6000', quantity: '1.25', measurement: 'kg' },
  { name: 'Bench tea 100 g', price: '12500.5', quantity: '1', measurement: 'dona' },
  { name: 'Bench soap', price: '6000', quantity: '3', measurement: 'dona' },
] as const;

/** Of every sale, the part paid in cash; the rest goes on account. */
const CASH_PART = '20000';

export interface FleetSaleSetup {
  readonly items: readonly string[];
  readonly cashMethodId: string;
  readonly debtMethodId: string;
}

export interface FleetTill {
  readonly workplaceId: string;
  readonly settlementId: string;
}

/** Items (with plenty of stock, so a sale never takes the floor negative) and the payment methods. */
export async function prepareFleetSales(api: Api, warehouseId: string): Promise<FleetSaleSetup> {
  const items: string[] = [];
  for (const line of LINES) {
    const created = await api.post('/item-modifier/items/create', { name: line.name, measurement: line.measurement, price: line.price, type: 'ITEM', stock_quantity: '100000000', warehouseId });
    items.push(created.id as string);
  }
  const methods = (await api.get('/payment-methods/all')) as { id: string; kind: string | null; is_deleted?: boolean | null }[];
  const cash = methods.find((method) => method.kind === 'CASH' && !method.is_deleted);
  if (!cash) throw new Error('the registered business has no CASH payment method');
  const debt = await api.post('/payment-methods/create', { name: 'On account', kind: 'DEBT' });
  return { items, cashMethodId: cash.id, debtMethodId: debt.id as string };
}

/** A till of the fleet: its own workplace at the point, with its shift open (one open settlement per workplace). */
export async function openFleetTill(api: Api, pointId: string, index: number): Promise<FleetTill> {
  const workplace = await api.post('/business-config/workplaces/create', { name: `Fleet till ${index}`, automated_point_id: pointId });
  const shift = await api.post('/settlements/create', { name: `Fleet shift ${index}`, workplace_id: workplace.id, opening_cash: '0' });
  return { workplaceId: workplace.id as string, settlementId: shift.id as string };
}

const lineUnits = LINES.map((line) => lineAmount(unitsOf(line.price, MONEY) as Money, unitsOf(line.quantity, QUANTITY) as Quantity));
const totalUnits = sum(lineUnits);
const cashUnits = unitsOf(CASH_PART, MONEY);
if (cashUnits <= 0n || cashUnits >= totalUnits) throw new Error('the fleet sale must be paid part in cash, part on account');

/** The `args` of one sale's `OrderController_create`. `orderId` and `guid` are new for every sale. */
export function fleetSaleArgs(setup: FleetSaleSetup, till: FleetTill, sale: { pointId: string; clientId: string; orderId: string; guid: string }) {
  const items = LINES.map((line, index) => ({
    item_id: setup.items[index]!,
    quantity: formatQuantity(unitsOf(line.quantity, QUANTITY)),
    price: formatMoney(unitsOf(line.price, MONEY)),
    subtotal: formatMoney(lineUnits[index]!),
    // TODO(modifiers): the fleet sale has a modifier on one line; add it here once order lines carry
    // modifiers (another engineer's work in progress), with its price in the line's subtotal and the totals.
  }));
  const total = formatMoney(totalUnits);
  return {
    guid: sale.guid,
    order_id: sale.orderId,
    automated_point_id: sale.pointId,
    workplace_id: till.workplaceId,
    client_id: sale.clientId,
    items,
    subtotal: total,
    total_sum: total,
    payments: [
      { payment_type_id: setup.cashMethodId, paid_sum: formatMoney(cashUnits), settlement_id: till.settlementId },
      { payment_type_id: setup.debtMethodId, paid_sum: formatMoney(totalUnits - cashUnits), settlement_id: till.settlementId },
    ],
    total_paid: total,
    total_change: '0',
    settlement_id: till.settlementId,
    is_closed: true,
  };
}
