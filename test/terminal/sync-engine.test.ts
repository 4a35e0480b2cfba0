import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Terminal, fetchTransport, type Transport } from '../../main/terminal/terminal.js';
import { SyncEngine, type SyncStatus, type Timers } from '../../main/terminal/sync-engine.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { receiptWorld, type ReceiptWorld } from '../helpers/receipts.js';
import { enrollmentCode, shopWorld, type ShopWorld } from '../helpers/terminals.js';

/** Timers the test fires by hand: it sees every delay the engine asks for. */
function manualTimers() {
  const waiting: { callback: () => void; ms: number; handle: number }[] = [];
  let next = 1;
  const timers: Timers = {
    set: (callback, ms) => {
      waiting.push({ callback, ms, handle: next });
      return next++;
    },
    clear: (handle) => {
      const index = waiting.findIndex((entry) => entry.handle === handle);
      if (index >= 0) waiting.splice(index, 1);
    },
  };
  return { timers, waiting, fire: () => waiting.shift()?.callback() };
}

describe('the sync engine', () => {
  let server: TestServer;
  let url: string;
  let shop: Tenant;
  let world: ShopWorld;
  let goods: ReceiptWorld;
  let cashier: string;
  let reachable = true;
  const terminals: Terminal[] = [];
  const switchable: Transport = async (target, body, token) => {
    if (!reachable) throw new Error('offline');
    return fetchTransport(target, body, token);
  };

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    shop = await registerTenant(server);
    world = await shopWorld(server, shop);
    goods = await receiptWorld(server, shop);
    cashier = (await cashierToken(server, shop, { workplaceId: world.workplace1 })).id;
  });
  afterAll(async () => {
    for (const terminal of terminals) await terminal.close();
    await server.close();
  });

  async function setup() {
    reachable = true;
    const terminal = await Terminal.open(':memory:', switchable);
    terminals.push(terminal);
    await terminal.enroll(url, await enrollmentCode(server, shop.token, world.workplace1));
    await terminal.bootstrap();
    const clock = manualTimers();
    const statuses: SyncStatus[] = [];
    const engine = new SyncEngine(terminal, { timers: clock.timers, random: () => 1, baseBackoffMs: 1000, maxBackoffMs: 8000, pullIntervalMs: 30_000, onStatus: (status) => statuses.push(status) });
    return { terminal, clock, statuses, engine };
  }
  const debtSale = () => ({ body: { client_id: goods.client, debt_amount: '1', employee_id: cashier, id_automated_point: world.point1 } });

  it('syncs at start, then pulls on its interval', async () => {
    const { clock, engine, statuses } = await setup();
    engine.start();
    expect(clock.waiting.map((entry) => entry.ms)).toEqual([0]);
    clock.fire();
    await engine.runOnce();
    expect(engine.current()).toMatchObject({ online: true, lastError: null, pendingOperations: 0 });
    expect(clock.waiting.map((entry) => entry.ms)).toEqual([30_000]);
    expect(statuses.some((status) => status.syncing)).toBe(true);
    await engine.stop();
  });

  it('backs off exponentially while offline, on its own timer, and resumes at once on reconnect', async () => {
    const { terminal, clock, engine } = await setup();
    reachable = false;
    engine.start();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      clock.fire();
      await engine.runOnce();
      delays.push(clock.waiting[0]!.ms);
    }
    // Full jitter with random() = 1: the ceiling itself, doubling up to the cap.
    expect(delays).toEqual([2000, 4000, 8000, 8000, 8000]);
    expect(engine.current()).toMatchObject({ online: false, lastError: 'offline' });
    // A sale while offline is queued and does not cut the back-off short.
    await terminal.run('ClientDebtController_createTransaction', debtSale(), cashier);
    engine.nudge();
    expect(clock.waiting.map((entry) => entry.ms)).toEqual([8000]);
    reachable = true;
    engine.reconnected();
    expect(clock.waiting.map((entry) => entry.ms)).toEqual([0]);
    clock.fire();
    await engine.runOnce();
    expect(engine.current()).toMatchObject({ online: true, pendingOperations: 0, lastError: null, retryAt: null });
    await engine.stop();
  });

  it('syncs soon after a local write while online', async () => {
    const { terminal, clock, engine } = await setup();
    engine.start();
    clock.fire();
    await engine.runOnce();
    await terminal.run('ClientDebtController_createTransaction', debtSale(), cashier);
    engine.nudge();
    expect(clock.waiting.map((entry) => entry.ms)).toEqual([50]);
    clock.fire();
    await engine.runOnce();
    expect(await terminal.pendingOperations()).toBe(0);
    await engine.stop();
  });
});
