/**
 * What a simulated cashier does: a seeded mix of the operations a till queues — sales of a few hot items (some on
 * credit), debt repayments and credit sales, write-offs, goods receipts, movements to and from the central store,
 * absolute stock edits (with the value the cashier saw as basis), inventory counts, field edits of shared items
 * (each terminal its own field), edits of items the back office is about to delete, client edits, a client
 * created offline and sold to at once, absolute debt edits, and deletes of clearance items (which other tills
 * are editing). Every choice comes from the
 * terminal's own stream; values that depend on what the till shows (a level, a balance) are read from its store.
 */
import { formatDecimal, MONEY, QUANTITY } from '../shared/decimal.js';
import type { LocalInput } from '../main/terminal/local-run.js';
import type { Random } from './random.js';
import type { SimTerminalSeat, SimWorld } from './world.js';

export interface PlannedOperation {
  readonly name: string;
  readonly input: LocalInput;
  /** A follow-up done right after this one succeeds (e.g. selling to the client just created). */
  readonly followUp?: (result: unknown) => PlannedOperation | null;
}

/** What the till shows, read from its store. */
export interface LocalView {
  level(itemId: string, warehouseId: string): Promise<{ id: string; quantity: bigint } | null>;
  debt(clientId: string): Promise<{ id: string; amount: bigint } | null>;
}

export const WORKLOAD_WEIGHTS = {
  sale: 30,
  debtPayment: 10,
  writeOff: 8,
  receipt: 6,
  movement: 5,
  stockEdit: 6,
  count: 3,
  sharedItemEdit: 8,
  doomedItemEdit: 8,
  clientEdit: 3,
  newClientSale: 2,
  debtEdit: 3,
  itemDelete: 1,
} as const;

export type WorkloadKind = keyof typeof WORKLOAD_WEIGHTS;

const qty = (units: bigint) => formatDecimal(units, QUANTITY);
const money = (units: bigint) => formatDecimal(units, MONEY);

export class Workload {
  private counter = 0;

  constructor(
    private readonly random: Random,
    private readonly world: SimWorld,
    private seat: SimTerminalSeat,
    private readonly view: LocalView,
  ) {}

  /** The till was enrolled anew at another workplace of its point (a copy of a till, ./disasters.ts): it sells there. */
  moveTo(workplaceId: string): void {
    this.seat = { ...this.seat, workplaceId };
  }

  async next(): Promise<PlannedOperation | null> {
    this.counter += 1;
    const kind = this.random.weighted(WORKLOAD_WEIGHTS);
    return this.plan(kind);
  }

  private pickStockItem(): string {
    return this.random.chance(0.75) ? this.random.pick(this.world.hotItems) : this.random.pick(this.world.coldItems);
  }

  async plan(kind: WorkloadKind): Promise<PlannedOperation | null> {
    const { world, seat, random } = this;
    switch (kind) {
      case 'sale':
        return this.sale(random.chance(0.3) ? random.pick(world.clients) : null);
      case 'debtPayment': {
        const client = random.chance(0.25) ? random.pick(world.doomedClients) : random.pick(world.clients);
        const amount = BigInt(random.int(1, 40)) * 100n * (random.chance(0.4) ? -1n : 1n);
        return { name: 'ClientDebtController_createTransaction', input: { body: this.debtBody(client, amount) } };
      }
      case 'writeOff': {
        const items = this.distinct(random.int(1, 2), () => random.pick(world.hotItems));
        return {
          name: 'WriteOffController_create',
          input: {
            body: {
              name: `Spoiled ${seat.name}-${this.counter}`,
              warehouseId: [seat.warehouseId],
              organizationId: seat.pointId,
              employeeId: seat.employeeId,
              conducted: true,
              items: items.map((itemId) => ({ itemId, quantity: String(random.int(1, 2)), price: '1', measureId: world.measureId })),
            },
          },
        };
      }
      case 'receipt': {
        const items = this.distinct(random.int(1, 2), () => this.pickStockItem());
        const lines = items.map((itemId) => ({ itemId, quantity: BigInt(random.int(3, 9)) * 1000n }));
        const total = money(lines.reduce((sum, line) => sum + line.quantity / 10n, 0n));
        return {
          name: 'ReceiptController_create',
          input: {
            body: {
              name: `Delivery ${seat.name}-${this.counter}`,
              warehouseId: [seat.warehouseId],
              organizationId: seat.pointId,
              employeeId: seat.employeeId,
              clientId: world.supplierId,
              conducted: true,
              total,
              totalPlanned: total,
              totalDiff: '0',
              items: lines.map((line) => ({ itemId: line.itemId, quantity: qty(line.quantity), plannedQuantity: qty(line.quantity), price: '1', measureId: world.measureId })),
            },
          },
        };
      }
      case 'movement': {
        const outward = random.chance(0.5);
        return {
          name: 'MovementController_create',
          input: {
            body: {
              name: `Transfer ${seat.name}-${this.counter}`,
              warehouseId: outward ? seat.warehouseId : world.centralWarehouseId,
              toWarehouseId: outward ? world.centralWarehouseId : seat.warehouseId,
              organizationId: seat.pointId,
              employeeId: seat.employeeId,
              items: [{ itemId: this.pickStockItem(), quantity: String(random.int(1, 3)), price: '1', measureId: world.measureId }],
            },
          },
        };
      }
      case 'stockEdit': {
        const itemId = this.pickStockItem();
        const level = await this.view.level(itemId, seat.warehouseId);
        if (!level) return null;
        const shelf = level.quantity + BigInt(random.int(-3, 5)) * 1000n;
        return { name: 'StockQuantityController_update', input: { params: { id: level.id }, body: { stock_quantity: qty(shelf < 0n ? 0n : shelf) } } };
      }
      case 'count': {
        const items = this.distinct(random.int(1, world.countItems.length), () => random.pick(world.countItems));
        const lines: { itemId: string; counted: bigint; planned: bigint }[] = [];
        for (const itemId of items) {
          const level = await this.view.level(itemId, seat.warehouseId);
          lines.push({ itemId, counted: BigInt(random.int(150, 250)) * 1000n, planned: level?.quantity ?? 0n });
        }
        const total = lines.reduce((sum, line) => sum + line.counted / 10n, 0n);
        const planned = lines.reduce((sum, line) => sum + line.planned / 10n, 0n);
        return {
          name: 'InventoryController_create',
          input: {
            body: {
              name: `Count ${seat.name}-${this.counter}`,
              warehouseId: [seat.warehouseId],
              organizationId: seat.pointId,
              employeeId: seat.employeeId,
              clientId: world.supplierId,
              conducted: true,
              total: money(total),
              totalPlanned: money(planned),
              totalDiff: money(total - planned),
              items: lines.map((line) => ({ itemId: line.itemId, quantity: qty(line.counted), plannedQuantity: qty(line.planned), price: '1', measureId: world.measureId })),
            },
          },
        };
      }
      case 'sharedItemEdit': {
        if (!seat.lwwField) return null;
        const value = seat.lwwField === 'cost' ? `${random.int(1, 999)}.${random.int(10, 99)}` : `${seat.lwwField} ${seat.name}-${this.counter}-${random.tag(4)}`;
        return { name: 'ItemModifierController_updateItem', input: { params: { id: random.pick(world.lwwItems) }, body: { [seat.lwwField]: value } } };
      }
      case 'doomedItemEdit':
        return {
          name: 'ItemModifierController_updateItem',
          input: { params: { id: random.pick([...world.doomedItems, ...world.clearanceItems]) }, body: { description: `seen by ${seat.name} #${this.counter}` } },
        };
      case 'clientEdit':
        return {
          name: 'ClientController_update',
          input: { params: { id: random.pick([...world.clients, ...world.doomedClients]) }, body: { phone_number: `+998-${seat.name}-${random.int(1000, 9999)}` } },
        };
      case 'newClientSale':
        return {
          name: 'ClientController_create',
          input: { body: { full_name: `Walk-in ${seat.name}-${this.counter}` } },
          followUp: (result) => {
            const id = (result as { id?: unknown } | null)?.id;
            return typeof id === 'string' ? { name: 'ClientDebtController_createTransaction', input: { body: this.debtBody(id, BigInt(random.int(1, 30)) * 100n) } } : null;
          },
        };
      case 'debtEdit': {
        const client = random.pick(world.clients);
        const debt = await this.view.debt(client);
        if (!debt) return null;
        return { name: 'ClientDebtController_updateDebt', input: { params: { id: debt.id }, body: { debt_amount: money(debt.amount + BigInt(random.int(-20, 20)) * 100n) } } };
      }
      case 'itemDelete':
        // Only items the workload never sells or counts: deleting a hot item would just turn sales into rejections.
        return { name: 'ItemModifierController_removeItem', input: { params: { id: random.pick(world.clearanceItems) } } };
    }
  }

  private sale(clientId: string | null): PlannedOperation {
    const { random, world, seat } = this;
    const items = this.distinct(random.int(1, 3), () => this.pickStockItem());
    const lines = items.map((itemId) => {
      const quantity = BigInt(random.int(1, 3));
      const price = BigInt(world.itemPrices[itemId] ?? '1') * 100n;
      return { item_id: itemId, quantity: String(quantity), price: money(price), subtotal: money(price * quantity), units: price * quantity };
    });
    const total = lines.reduce((sum, line) => sum + line.units, 0n);
    const onCredit = clientId !== null;
    return {
      name: 'OrderController_create',
      input: {
        body: {
          order_id: `${seat.name}-${this.counter}`,
          automated_point_id: seat.pointId,
          workplace_id: seat.workplaceId,
          ...(onCredit ? { client_id: clientId } : {}),
          items: lines.map(({ units: _units, ...line }) => line),
          subtotal: money(total),
          total_sum: money(total),
          payments: [{ payment_type_id: onCredit ? world.debtMethodId : world.cashMethodId, paid_sum: money(total) }],
        },
      },
    };
  }

  private debtBody(clientId: string, amount: bigint) {
    return { client_id: clientId, debt_amount: money(amount), employee_id: this.seat.employeeId, id_automated_point: this.seat.pointId };
  }

  private distinct(count: number, draw: () => string): string[] {
    const chosen = new Set<string>();
    for (let attempt = 0; attempt < count * 4 && chosen.size < count; attempt += 1) chosen.add(draw());
    return [...chosen];
  }
}

