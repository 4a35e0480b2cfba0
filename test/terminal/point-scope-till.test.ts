/**
 * Point scope at the till itself (issue 28 §1): an operation run at a till of point 1 that names point 2's shift,
 * warehouse, point or till is refused there, 403 naming the field, before anything is done or queued — the same
 * role matrix as the service's (app/security/role-matrix.ts), run on the till's own copy of the records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { testEngines } from '../helpers/databases.js';
import { insertClient, insertItem, insertMeasurement } from '../helpers/fixtures.js';
import { startTillService, type TillService } from '../helpers/till-service.js';
import type { Terminal } from '../../main/terminal/terminal.js';

describe.each(await testEngines())('point scope at a till, against a %s service', (engine) => {
  let service: TillService;
  let terminal: Terminal;
  let shift2: string;
  let stock2: string;
  let item: string;
  let client: string;
  let measure: string;

  beforeAll(async () => {
    // The cashier may do stock work, so what is refused here is the point alone (rights: test/terminal/rights.test.ts).
    service = await startTillService(engine, { cashierRights: ['STOCK'] });
    const { server, shop, world } = service;
    item = await insertItem(server, shop, { name: 'Tea', price: 700000n });
    client = await insertClient(server, shop);
    shift2 = (await service.rest('POST', '/settlements/create', { name: 'Till 2 shift', workplace_id: world.workplace2 })).body.id as string;
    const row = await service.rest('POST', '/stock-quantity/create', {
      itemId: item,
      stock_quantity: '5',
      price: '1',
      measureId: (measure = await insertMeasurement(server, shop)),
      dateFrom: '2026-11-20',
      warehouseId: world.warehouse2,
    });
    stock2 = row.body.id as string;
    terminal = await service.till();
  });
  afterAll(() => service.close());

  const queued = async () =>
    Number((await sql<{ count: number }>`select count(*) as count from outbox`.execute(terminal.store.db as unknown as Kysely<unknown>)).rows[0]?.count ?? 0);

  it('refuses at the till a sale on another point’s shift, stock in its warehouse, a debt at it and moving its till, queueing nothing', async () => {
    const { world, cashier } = service;
    const before = await queued();
    const sale = {
      order_id: 'T-1',
      automated_point_id: world.point1,
      workplace_id: world.workplace1,
      settlement_id: shift2,
      items: [{ item_id: item, quantity: '1', price: '7000', subtotal: '7000' }],
      subtotal: '7000',
      total_sum: '7000',
    };
    const refusals: [name: string, input: Record<string, unknown>, message: string][] = [
      ['OrderController_create', { body: sale }, 'settlement_id must be a shift of your own point'],
      // (The till holds only its own point's stock rows: another point's row is not even found here.)
      ['StockQuantityController_update', { params: { id: stock2 }, body: { stock_quantity: '9' } }, 'not found'],
      [
        'StockQuantityController_create',
        { body: { itemId: item, stock_quantity: '9', price: '1', measureId: measure, dateFrom: '2026-11-20', warehouseId: world.warehouse2 } },
        'warehouseId must be a warehouse of your own point',
      ],
      [
        'ClientDebtController_createTransaction',
        { body: { client_id: client, debt_amount: '5', employee_id: cashier, id_automated_point: world.point2 } },
        'id_automated_point must name your own point',
      ],
      ['BusinessController_updateWorkplace', { params: { id: world.workplace2 }, body: { automated_point_id: world.point1 } }, 'Forbidden resource'],
    ];
    for (const [name, input, message] of refusals) {
      // 403 for every refusal of the point scope; the missing row is the till's 404.
      const statusCode = message === 'not found' ? 404 : 403;
      await expect(terminal.run(name as never, input, cashier), name).rejects.toMatchObject({ statusCode, message: expect.stringContaining(message) });
    }
    expect(await queued()).toBe(before);
    // Its own point's debt runs and is queued.
    await terminal.run('ClientDebtController_createTransaction', { body: { client_id: client, debt_amount: '5', employee_id: cashier, id_automated_point: world.point1 } }, cashier);
    expect(await queued()).toBe(before + 1);
  });
});
