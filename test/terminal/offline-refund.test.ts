/**
 * A refund made at a till (issue 16, "Refunds and voids"): done on the till's own store at once — the stock back
 * in its warehouse, the refund readable for its slip — queued, and applied once by the service when the till
 * syncs, with the same ids on both sides; the till refuses there and then what it knows is too much.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Terminal } from '../../main/terminal/terminal.js';
import { uuidv7 } from '../../shared/ids.js';
import { testEngines } from '../helpers/databases.js';
import type { Tenant, TestServer } from '../helpers/server.js';
import { startTillService, type TillService } from '../helpers/till-service.js';
import { createItem, type ShopWorld } from '../helpers/terminals.js';

describe.each(await testEngines())('a refund at a till against a %s service', (engine) => {
  let service: TillService;
  let server: TestServer;
  let shop: Tenant;
  let world: ShopWorld;
  let cashier: string;
  let manager: string;
  let cash: string;

  beforeAll(async () => {
    service = await startTillService(engine, { cashierRights: ['REFUNDS'] });
    ({ server, shop, world, cashier } = service);
    cash = (await service.rest('POST', '/payment-methods/create', { name: 'Cash', kind: 'CASH' })).body.id;
    const now = new Date().toISOString();
    const common = { business_id: shop.businessId, is_deleted: 0, dt_created: now, dt_updated: now };
    const role = { ...common, id: uuidv7(), name: 'Manager', access_resources: '["MANAGER"]' };
    await server.database.db.insertInto('employee_roles').values(role).execute();
    manager = uuidv7();
    await server.database.db
      .insertInto('employees')
      .values({ ...common, id: manager, full_name: 'Manager', guid: null, role_id: role.id, pin_hash: 'x', employee_address: null, workplace_id: null, telegram_id: null, phone_number: null, notes: null, email: null })
      .execute();
  });
  afterAll(() => service.close());

  const level = async (db: TestServer['database']['db'] | Terminal['store']['db'], itemId: string) => {
    const row = await db.selectFrom('stock_levels').select('quantity').where('item_id', '=', itemId).where('warehouse_id', '=', world.warehouse1).executeTakeFirst();
    return row ? BigInt(row.quantity) : 0n;
  };

  it('returns the stock on the till at once, and the service applies the queued refund once with the same ids', async () => {
    const item = await createItem(server, shop, 'Lemonade', '10');
    const terminal = await service.till();
    const order = (await terminal.run(
      'OrderController_create',
      {
        body: {
          order_id: 'S-1',
          automated_point_id: world.point1,
          workplace_id: world.workplace1,
          is_closed: true,
          items: [{ item_id: item, quantity: '3', price: '10', subtotal: '30' }],
          subtotal: '30',
          total_sum: '30',
          payments: [{ payment_type_id: cash, paid_sum: '30' }],
        },
      },
      cashier,
    )) as { id: string; items: { id: string }[] };
    expect(await level(terminal.store.db, item)).toBe(-3000n);
    const refundInput = (quantity: string, amount: string) => ({
      params: { id: order.id },
      body: { refund_number: 'R-1', manager_id: manager, lines: [{ order_line_id: order.items[0]!.id, quantity }], payments: [{ payment_type_id: cash, amount }] },
    });
    // Too much is refused at the till, where the cashier can fix it; nothing is queued.
    await expect(terminal.run('OrderRefundController_create', refundInput('4', '40'), cashier)).rejects.toThrow(/at most 3/);
    const refund = (await terminal.run('OrderRefundController_create', refundInput('2', '20'), cashier)) as { id: string; total_sum: string };
    expect(refund.total_sum).toBe('20');
    expect(await level(terminal.store.db, item)).toBe(-1000n);
    const local = (await terminal.run('OrderRefundController_findOne', { params: { id: refund.id } }, cashier)) as { id: string };
    expect(local.id).toBe(refund.id);

    await terminal.sync();
    await terminal.sync();
    const onService = await server.request('GET', `/api/v1/orders/refunds/${refund.id}`, { token: shop.token });
    expect(onService.status, JSON.stringify(onService.body)).toBe(200);
    expect(onService.body).toMatchObject({ id: refund.id, order_id: order.id, total_sum: '20', manager_id: manager, employee_id: cashier });
    expect(await level(server.database.db, item)).toBe(-1000n);
    expect(await server.database.db.selectFrom('order_refunds').select('id').where('business_id', '=', shop.businessId).execute()).toHaveLength(1);
    // The pulled rows leave the till where the service is.
    expect(await level(terminal.store.db, item)).toBe(-1000n);
    const mirrored = await terminal.store.db.selectFrom('order_refund_lines').select(['refund_id', 'quantity']).execute();
    expect(mirrored.map((row) => [row.refund_id, BigInt(row.quantity)])).toEqual([[refund.id, 2000n]]);
  });

  it('voids an open order at the till with the manager recorded, and the service voids it once when synced', async () => {
    const item = await createItem(server, shop, 'Samsa', '8');
    const terminal = await service.till();
    const order = (await terminal.run(
      'OrderController_create',
      { body: { order_id: 'S-2', automated_point_id: world.point1, workplace_id: world.workplace1, items: [{ item_id: item, quantity: '2', price: '8', subtotal: '16' }], subtotal: '16', total_sum: '16' } },
      cashier,
    )) as { id: string };
    expect(await level(terminal.store.db, item)).toBe(-2000n);
    const voided = (await terminal.run('OrderRefundController_void', { params: { id: order.id }, body: { manager_id: manager, reason: 'wrong order' } }, cashier)) as { is_voided: boolean };
    expect(voided.is_voided).toBe(true);
    expect(await level(terminal.store.db, item)).toBe(0n);
    await terminal.sync();
    await terminal.sync();
    expect(await level(server.database.db, item)).toBe(0n);
    const rows = await server.database.db.selectFrom('order_voids').select(['manager_id', 'employee_id', 'reason']).where('order_id', '=', order.id).execute();
    expect(rows).toEqual([{ manager_id: manager, employee_id: cashier, reason: 'wrong order' }]);
  });
});
