import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Terminal, fetchTransport, type Transport } from '../../main/terminal/terminal.js';
import { testEngines } from '../helpers/databases.js';
import type { Tenant, TestServer } from '../helpers/server.js';
import { startTillService, type TillService } from '../helpers/till-service.js';
import { receiptWorld, type ReceiptWorld } from '../helpers/receipts.js';
import { enrollmentCode, type ShopWorld } from '../helpers/terminals.js';

describe.each(await testEngines())('the terminal core against a %s service', (engine) => {
  let service: TillService;
  let server: TestServer;
  let url: string;
  let shop: Tenant;
  let world: ShopWorld;
  let goods: ReceiptWorld;
  let cashier: string;

  beforeAll(async () => {
    service = await startTillService(engine, { cashierRights: ['STOCK', 'CLIENT_DEBTS'] });
    ({ server, url, shop, world, cashier } = service);
    goods = await receiptWorld(server, shop);
  });
  afterAll(() => service.close());

  /** A new till: its own store, enrolled at till 1 and bootstrapped. */
  const till = (transport?: Transport) => service.till(transport);

  const rest = (method: string, path: string, body?: unknown) => service.rest(method, path, body);
  const serverBalance = async () => (await rest('GET', `/client-debts/transactions/all?client_id=${goods.client}`)).body as { debt_amount: string }[];
  const localBalance = async (terminal: Terminal) => {
    const row = await terminal.store.db.selectFrom('client_debts').select('debt_amount').where('client_id', '=', goods.client).executeTakeFirst();
    return row ? BigInt(row.debt_amount) : 0n;
  };
  const debtSale = (amount: string) => ({
    body: { client_id: goods.client, debt_amount: amount, employee_id: cashier, id_automated_point: world.point1 },
  });
  const localStock = async (terminal: Terminal, itemId: string) => {
    const row = await terminal.store.db.selectFrom('stock_levels').select('quantity').where('item_id', '=', itemId).where('warehouse_id', '=', world.warehouse1).executeTakeFirst();
    return row ? BigInt(row.quantity) : 0n;
  };
  const writeOff = (itemId: string, quantity: string) => ({
    body: {
      name: 'Spoiled',
      warehouseId: [world.warehouse1],
      organizationId: world.point1,
      employeeId: cashier,
      conducted: true,
      items: [{ itemId, quantity, price: '1', measureId: goods.measure }],
    },
  });

  it('names its business, till and point for the sign-in screen once enrolled, and nothing before', async () => {
    const fresh = await Terminal.open(':memory:', fetchTransport);
    service.track(fresh);
    expect(await fresh.identity()).toEqual({ business: null, till: null, point: null });
    const terminal = await till();
    const business = await server.database.db.selectFrom('businesses').select('name').where('id', '=', shop.businessId).executeTakeFirstOrThrow();
    const workplace = await server.database.db.selectFrom('workplaces').select('name').where('id', '=', world.workplace1).executeTakeFirstOrThrow();
    const point = await server.database.db.selectFrom('points').select('name').where('id', '=', world.point1).executeTakeFirstOrThrow();
    expect(await terminal.identity()).toEqual({ business: business.name, till: workplace.name, point: point.name });
    expect(business.name).not.toBe('');
  });

  it('bootstraps the catalogue of its business and works offline at once: a debt sale shows before any sync', async () => {
    const terminal = await till();
    const items = await terminal.store.db.selectFrom('items').select('id').execute();
    expect(items.map((item) => item.id)).toEqual(expect.arrayContaining([goods.item, goods.item2]));
    const before = await localBalance(terminal);
    await terminal.run('ClientDebtController_createTransaction', debtSale('120.5'), cashier);
    expect((await localBalance(terminal)) - before).toBe(12050n);
    expect(await terminal.pendingOperations()).toBe(1);
    // Reads take their query parameters, as over HTTP: the client's history shows the pending sale.
    const history = (await terminal.run('ClientDebtController_findAllTransactions', { query: { client_id: goods.client } }, cashier)) as { debt_amount: string }[];
    expect(history.map((entry) => entry.debt_amount)).toContain('120.5');
    await expect(terminal.run('ClientDebtController_findAllTransactions', { query: { client: 'x' } }, cashier)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('records an adjustment’s reason at the till, shows it in the row’s history offline, and delivers it to the service', async () => {
    const created = await rest('POST', '/stock-quantity/create', {
      itemId: goods.item,
      warehouseId: world.warehouse1,
      stock_quantity: '20',
      price: '10',
      measureId: goods.measure,
      dateFrom: '2026-03-01',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const terminal = await till();
    const row = { id: (created.body as { id: string }).id };
    await terminal.run('StockQuantityController_update', { params: { id: row.id }, body: { stock_quantity: '18.5', adjustment_reason: 'expiry' } }, cashier);
    const local = (await terminal.run('StockQuantityController_history', { params: { id: row.id } }, cashier)) as { change: string; adjustment_reason: string | null }[];
    expect(local[0]).toMatchObject({ change: '-1.5', adjustment_reason: 'expiry' });
    await expect(
      terminal.run('StockQuantityController_update', { params: { id: row.id }, body: { stock_quantity: '1', adjustment_reason: 'lost' } }, cashier),
    ).rejects.toMatchObject({ statusCode: 400 });
    await terminal.sync();
    expect(await terminal.pendingOperations()).toBe(0);
    const stored = await server.database.db.selectFrom('stock_moves').select(['delta', 'adjustment_reason']).where('doc_id', '=', row.id).where('adjustment_reason', 'is not', null).execute();
    expect(stored.map((move) => [BigInt(move.delta), move.adjustment_reason])).toEqual([[-1500n, 'expiry']]);
  });

  it('delivers queued operations exactly once and converges with the service', async () => {
    const terminal = await till();
    const entriesBefore = (await serverBalance()).length;
    await terminal.run('ClientDebtController_createTransaction', debtSale('10'), cashier);
    await terminal.run('ClientDebtController_createTransaction', debtSale('-4'), cashier);
    const synced = await terminal.sync();
    expect(synced.acknowledged).toBe(2);
    expect(await terminal.pendingOperations()).toBe(0);
    expect((await serverBalance()).length).toBe(entriesBefore + 2);
    // Synced again: nothing new, nothing doubled.
    await terminal.sync();
    expect((await serverBalance()).length).toBe(entriesBefore + 2);
    const server = await server_debt();
    expect(await localBalance(terminal)).toBe(server);
  });

  async function server_debt(): Promise<bigint> {
    const row = await server.database.db.selectFrom('client_debts').select('debt_amount').where('business_id', '=', shop.businessId).where('client_id', '=', goods.client).executeTakeFirst();
    return row ? BigInt(row.debt_amount) : 0n;
  }

  it('asks only for the results it does not hold yet (knownAck), so pulls do not grow with history', async () => {
    const pulls: { knownAck: number; results: number }[] = [];
    const spying: Transport = async (target, body, token) => {
      const answer = await fetchTransport(target, body, token);
      if (target.endsWith('/sync/pull')) pulls.push({ knownAck: (body as { knownAck: number }).knownAck, results: JSON.parse(answer.text).mutationResults.length });
      return answer;
    };
    const terminal = await till(spying);
    await terminal.run('ClientDebtController_createTransaction', debtSale('1'), cashier);
    await terminal.run('ClientDebtController_createTransaction', debtSale('2'), cashier);
    await terminal.sync();
    await terminal.run('ClientDebtController_createTransaction', debtSale('3'), cashier);
    await terminal.sync();
    await terminal.pull();
    expect(pulls.slice(-3)).toEqual([
      { knownAck: 0, results: 2 },
      { knownAck: 2, results: 1 },
      { knownAck: 3, results: 0 },
    ]);
  });

  it('applies a push whose answer was lost once, when it is sent again', async () => {
    let dropNextPush = true;
    const lossy: Transport = async (target, body, token) => {
      const answer = await fetchTransport(target, body, token);
      if (target.endsWith('/sync/push') && dropNextPush) {
        dropNextPush = false;
        throw new Error('connection reset after the service committed');
      }
      return answer;
    };
    const terminal = await till(lossy);
    const entriesBefore = (await serverBalance()).length;
    await terminal.run('ClientDebtController_createTransaction', debtSale('3'), cashier);
    await expect(terminal.push()).rejects.toThrow('connection reset');
    await terminal.sync();
    expect((await serverBalance()).length).toBe(entriesBefore + 1);
    expect(await terminal.pendingOperations()).toBe(0);
  });

  it('keeps a pending write-off on top of the service’s stock while other changes arrive, then settles on the service’s figure', async () => {
    const terminal = await till();
    // 10 received at the back office, pulled by the till.
    const received = await rest('POST', '/stock-quantity/create', {
      itemId: goods.item2,
      warehouseId: world.warehouse1,
      stock_quantity: '10',
      price: '1',
      measureId: goods.measure,
      dateFrom: '2026-11-01',
    });
    expect(received.status).toBe(201);
    await terminal.pull();
    expect(await localStock(terminal, goods.item2)).toBe(10000n);
    // The till writes 2 off (offline, pending); the back office adds 5 meanwhile.
    await terminal.run('WriteOffController_create', writeOff(goods.item2, '2'), cashier);
    expect(await localStock(terminal, goods.item2)).toBe(8000n);
    await rest('PATCH', `/stock-quantity/update/${received.body.id}`, { stock_quantity: '15' });
    await terminal.pull();
    // The service's 15, minus the till's pending 2.
    expect(await localStock(terminal, goods.item2)).toBe(13000n);
    await terminal.sync();
    expect(await terminal.pendingOperations()).toBe(0);
    expect(await localStock(terminal, goods.item2)).toBe(13000n);
    const onServer = await rest('GET', `/stock-quantity/${received.body.id}`);
    expect(onServer.body.stock_quantity).toBe('13');
  });

  it('applies an offline stock row create for a pair it already has as an edit by what the cashier changed, not a rejection', async () => {
    const terminal = await till();
    const rowBody = (quantity: string) => ({
      itemId: goods.item,
      warehouseId: world.warehouse1,
      stock_quantity: quantity,
      price: '1',
      measureId: goods.measure,
      dateFrom: '2026-11-01',
    });
    const created = await rest('POST', '/stock-quantity/create', rowBody('10'));
    expect(created.status).toBe(201);
    await terminal.pull();
    // The till shows 10; the cashier "creates" the pair with 12 (2 found); meanwhile the back office sets 7.
    await terminal.run('StockQuantityController_create', { body: rowBody('12') }, cashier);
    expect(await localStock(terminal, goods.item)).toBe(12000n);
    expect((await rest('POST', '/stock-quantity/create', rowBody('7'))).status).toBe(201);
    const synced = await terminal.sync();
    expect(synced.rejected).toBe(0);
    expect(await terminal.inbox()).toHaveLength(0);
    // 7 + (12 − 10): the back office's edit is kept, the cashier's difference added, on the one row of the pair.
    expect((await rest('GET', `/stock-quantity/${created.body.id}`)).body.stock_quantity).toBe('9');
    expect(await localStock(terminal, goods.item)).toBe(9000n);
  });

  it('moves an operation the service rejects to the inbox with its payload and reason', async () => {
    const terminal = await till();
    // Valid here (the client exists locally), but the back office deletes the client before the till syncs. A
    // client edit is descriptive, not a fact: a deleted record refuses it (a credit sale would be applied, with a
    // warning — test/server/sync-warnings.test.ts).
    const client = await rest('POST', '/clients/create', { full_name: 'Leaving soon' });
    await terminal.pull();
    await terminal.run('ClientController_update', { params: { id: client.body.id }, body: { phone_number: '+998901112233' } }, cashier);
    await rest('DELETE', `/clients/delete/${client.body.id}`);
    const synced = await terminal.sync();
    expect(synced.rejected).toBe(1);
    expect(await terminal.pendingOperations()).toBe(0);
    const inbox = await terminal.inbox();
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ name: 'ClientController_update' });
    expect(JSON.parse(String(inbox[0]!.params)).id).toBe(client.body.id);
    expect(JSON.parse(String(inbox[0]!.args)).phone_number).toBe('+998901112233');
    expect(String(inbox[0]!.reason)).toContain(client.body.id);
  });

  it('logs an employee in by PIN offline, counting failures across restarts and locking after five', async () => {
    const created = await rest('POST', '/employee/create', { full_name: 'Night cashier', role_id: '0', password: '4826', workplace_id: world.workplace1 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const file = join(mkdtempSync(join(tmpdir(), 'kassa-till-')), 'till.sqlite');
    let terminal = await Terminal.open(file);
    await terminal.enroll(url, await enrollmentCode(server, shop.token, world.workplace1), 'Till');
    await terminal.bootstrap();
    await terminal.close();
    // From here on the service is unreachable.
    const offline: Transport = async () => {
      throw new Error('offline');
    };
    terminal = await Terminal.open(file, offline);
    const employee = await terminal.pinLogin('4826');
    expect(employee).toMatchObject({ id: created.body.id, full_name: 'Night cashier' });
    expect(JSON.stringify(employee)).not.toMatch(/scrypt|pin_hash|4826/);
    for (let attempt = 0; attempt < 3; attempt += 1) await expect(terminal.pinLogin('0000')).rejects.toMatchObject({ statusCode: 401 });
    await terminal.close();
    terminal = await Terminal.open(file, offline);
    service.track(terminal);
    await expect(terminal.pinLogin('0000')).rejects.toMatchObject({ statusCode: 401 });
    await expect(terminal.pinLogin('0000')).rejects.toMatchObject({ statusCode: 401 });
    await expect(terminal.pinLogin('4826')).rejects.toMatchObject({ statusCode: 429 });
    // After the lock has passed, the right PIN works again and clears the count.
    expect(await terminal.pinLogin('4826', new Date(Date.now() + 31_000))).toMatchObject({ id: created.body.id });
  });

  it('resubmits an edited rejected operation as a new one, and discards only on a manager’s PIN', async () => {
    const role = await rest('POST', '/employee-role/create', { name: 'Manager', access_resources: ['MANAGER'] });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    await rest('POST', '/employee/create', { full_name: 'Manager', role_id: role.body.id, password: '7391', workplace_id: world.workplace1 });
    await rest('POST', '/employee/create', { full_name: 'Cashier', role_id: '0', password: '5172', workplace_id: world.workplace1 });
    const terminal = await till();
    // An edit of a client the back office deletes before the till syncs: refused (an edit is not a fact).
    const reject = async () => {
      const client = await rest('POST', '/clients/create', { full_name: 'Gone' });
      await terminal.pull();
      await terminal.run('ClientController_update', { params: { id: client.body.id }, body: { address: 'Chilonzor 5' } }, cashier);
      await rest('DELETE', `/clients/delete/${client.body.id}`);
      await terminal.sync();
      return (await terminal.inbox()).at(-1)!.mutation_id as string;
    };
    const first = await reject();
    const staying = await rest('POST', '/clients/create', { full_name: 'Staying' });
    await terminal.pull();
    const edited = { params: { id: staying.body.id }, body: { address: 'Chilonzor 5' } };
    await terminal.resubmit(first, edited, cashier);
    await expect(terminal.resubmit(first, edited, cashier)).rejects.toMatchObject({ statusCode: 404 });
    await terminal.sync();
    expect((await rest('GET', `/clients/${staying.body.id}`)).body.address).toBe('Chilonzor 5');
    const second = await reject();
    await expect(terminal.discard(second, '5172')).rejects.toMatchObject({ statusCode: 403 });
    await terminal.discard(second, '7391');
    expect(await terminal.inbox()).toEqual([]);
  });

  it('a manager whose role was deleted discards nothing: a deleted role grants no MANAGER right', async () => {
    const role = await rest('POST', '/employee-role/create', { name: 'Shift lead', access_resources: ['MANAGER'] });
    await rest('POST', '/employee/create', { full_name: 'Shift lead', role_id: role.body.id, password: '6403', workplace_id: world.workplace1 });
    const terminal = await till();
    const client = await rest('POST', '/clients/create', { full_name: 'Gone too' });
    await terminal.pull();
    // An edit of a client deleted meanwhile: refused (a fact naming it would be applied with a warning instead).
    await terminal.run('ClientController_update', { params: { id: client.body.id }, body: { address: 'Chilonzor 5' } }, cashier);
    await rest('DELETE', `/clients/delete/${client.body.id}`);
    expect((await rest('DELETE', `/employee-role/delete/${role.body.id}`)).status).toBe(200);
    await terminal.sync();
    await terminal.pull();
    const rejected = (await terminal.inbox()).at(-1)!.mutation_id as string;
    await expect(terminal.discard(rejected, '6403')).rejects.toMatchObject({ statusCode: 403 });
    expect((await terminal.inbox()).map((entry) => entry.mutation_id)).toContain(rejected);
  });

  it('refuses locally a stock document for another point (the role matrix), and queues nothing', async () => {
    const terminal = await till();
    const foreign = writeOff(goods.item, '1');
    await expect(terminal.run('WriteOffController_create', { body: { ...foreign.body, organizationId: world.point2 } }, cashier)).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(await terminal.pendingOperations()).toBe(0);
    await terminal.run('WriteOffController_create', foreign, cashier);
    expect(await terminal.pendingOperations()).toBe(1);
  });

  it('refuses an invalid operation locally and queues nothing', async () => {
    const terminal = await till();
    await expect(terminal.run('ClientDebtController_createTransaction', debtSale('0'), cashier)).rejects.toMatchObject({ statusCode: 400 });
    expect(await terminal.pendingOperations()).toBe(0);
  });
});
