/**
 * Concurrent back-office work over REST, straight to the service (an owner in the office, not behind a till's
 * flaky network): goods receipts and write-offs on the hot items, debt entries, edits of cold items, new
 * clients, and — once each, mid-run — deleting the items and the client that terminals are still editing and
 * selling to on credit. Every request and its outcome is kept for the checkers: `ok` (the service answered 2xx),
 * `refused` (4xx: nothing changed), `unknown` (the connection broke: it may or may not have happened; the
 * model then stops asserting exact sums for what it touched).
 */
import { formatDecimal, MONEY, QUANTITY } from '../shared/decimal.js';
import type { Random } from './random.js';
import { rest } from './rest.js';
import { sleep } from './service.js';
import type { SimWorld } from './world.js';

export interface BackOfficeEvent {
  readonly name: string;
  readonly path: string;
  readonly body: unknown;
  readonly outcome: 'ok' | 'refused' | 'unknown';
  readonly status: number | null;
  /** The id of the record the request created or deleted, when known. */
  readonly id: string | null;
  readonly t: number;
}

export class BackOffice {
  readonly events: BackOfficeEvent[] = [];
  private running = false;
  private loop: Promise<void> = Promise.resolve();
  private counter = 0;
  /** Held by the nemesis while it backs up or restores the service's database (./disasters.ts). */
  private paused: { released: Promise<void>; release: () => void } | null = null;
  /** The request being sent, if any. */
  private current: Promise<void> = Promise.resolve();

  constructor(
    private readonly random: Random,
    private readonly world: SimWorld,
    private readonly baseUrl: string,
    /** Resolves when the service is up (the office waits out a server restart like a person would). */
    private readonly serviceUp: () => Promise<void>,
    /** When (ms after start) the doomed items and clients are deleted. */
    private readonly deleteAtMs: number,
  ) {}

  start(): void {
    this.running = true;
    const started = Date.now();
    let deleted = false;
    this.loop = (async () => {
      while (this.running) {
        await sleep(this.random.int(250, 800));
        if (!this.running) break;
        await this.serviceUp();
        if (!deleted && Date.now() - started >= this.deleteAtMs) {
          deleted = true;
          for (const id of this.world.doomedItems) await this.send('ItemModifierController_removeItem', 'DELETE', `/item-modifier/items/delete/${id}`, undefined, id);
          for (const id of this.world.doomedClients) await this.send('ClientController_remove', 'DELETE', `/clients/delete/${id}`, undefined, id);
          continue;
        }
        await this.step();
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.resume();
    await this.loop;
  }

  /**
   * Holds the office between two requests and resolves once none is in flight, so that each request is wholly
   * before or after the moment (a backup of the service, the service stopped for a restore); `resume` lets it go on.
   */
  async pause(): Promise<void> {
    if (!this.paused) {
      let release = () => undefined as void;
      const released = new Promise<void>((done) => (release = done));
      this.paused = { released, release };
    }
    await this.current;
  }

  resume(): void {
    const paused = this.paused;
    this.paused = null;
    paused?.release();
  }

  private async step(): Promise<void> {
    const { random, world } = this;
    this.counter += 1;
    const kind = random.weighted({ receipt: 3, writeOff: 3, debt: 3, itemEdit: 2, client: 1 });
    const warehouseId = random.pick([world.centralWarehouseId, ...world.points.map((point) => point.warehouseId)]);
    const itemId = random.pick(world.hotItems);
    const quantity = formatDecimal(BigInt(random.int(1, 6)) * 1000n, QUANTITY);
    switch (kind) {
      case 'receipt':
        await this.send('ReceiptController_create', 'POST', '/receipt/create', {
          name: `Office delivery ${this.counter}`,
          warehouseId: [warehouseId],
          organizationId: world.points[0]!.id,
          employeeId: world.ownerId,
          clientId: world.supplierId,
          conducted: true,
          total: quantity,
          totalPlanned: quantity,
          totalDiff: '0',
          items: [{ itemId, quantity, plannedQuantity: quantity, price: '1', measureId: world.measureId }],
        });
        return;
      case 'writeOff':
        await this.send('WriteOffController_create', 'POST', '/write-off/create', {
          name: `Office write-off ${this.counter}`,
          warehouseId: [warehouseId],
          organizationId: world.points[0]!.id,
          employeeId: world.ownerId,
          conducted: true,
          items: [{ itemId, quantity, price: '1', measureId: world.measureId }],
        });
        return;
      case 'debt': {
        const amount = BigInt(random.int(1, 50)) * 100n * (random.chance(0.5) ? -1n : 1n);
        await this.send('ClientDebtController_createTransaction', 'POST', '/client-debts/transactions/create', {
          client_id: random.pick(world.clients),
          debt_amount: formatDecimal(amount, MONEY),
          employee_id: world.ownerId,
          id_automated_point: world.points[0]!.id,
        });
        return;
      }
      case 'itemEdit':
        await this.send('ItemModifierController_updateItem', 'PATCH', `/item-modifier/items/update/${random.pick(world.coldItems)}`, { description: `office note ${this.counter}` });
        return;
      case 'client':
        await this.send('ClientController_create', 'POST', '/clients/create', { full_name: `Office client ${this.counter}` });
        return;
    }
  }

  private async send(name: string, method: string, path: string, body: unknown, id: string | null = null): Promise<void> {
    while (this.paused) await this.paused.released;
    // In the same turn as the check above: a pause either sees this request in flight or holds it back.
    const sending = this.request(name, method, path, body, id);
    this.current = sending;
    await sending;
  }

  private async request(name: string, method: string, path: string, body: unknown, id: string | null): Promise<void> {
    const t = Date.now();
    try {
      const answer = await rest(this.baseUrl, this.world.ownerToken, method, path, body, 10_000);
      const ok = answer.status >= 200 && answer.status < 300;
      const created = ok && answer.body && typeof answer.body === 'object' && typeof answer.body.id === 'string' ? (answer.body.id as string) : id;
      this.events.push({ name, path, body: body ?? null, outcome: ok ? 'ok' : answer.status >= 500 ? 'unknown' : 'refused', status: answer.status, id: created, t });
    } catch {
      this.events.push({ name, path, body: body ?? null, outcome: 'unknown', status: null, id, t });
    }
  }
}
