/**
 * Facts are never rejected for business rules (docs/sync.md, "Facts and warnings"): a queued sale that takes stock
 * below zero, names an item or client deleted meanwhile, was rung up by an employee since removed, or lands in a
 * shift closed meanwhile is applied, and what it broke comes back as structured warnings and is logged (type
 * WARNING) for the back office. Also: a till's operations are recorded against its point, never the reference's "0".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { enrollTerminal, receiptNeeds, receive, shopWorld, createItem, type EnrolledTerminal, type ShopWorld } from '../helpers/terminals.js';

const PUSH = '/api/v1/sync/push';

describe.each(await testEngines())('warnings of queued facts on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let world: ShopWorld;
  let needs: { measure: string; supplier: string };
  let cashier: string;
  let cash: string;
  let client: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server);
    world = await shopWorld(server, shop);
    needs = await receiptNeeds(server, shop);
    cashier = (await cashierToken(server, shop, { workplaceId: world.workplace1, rights: ['STOCK', 'CATALOGUE'] })).id;
    cash = (await server.request('POST', '/api/v1/payment-methods/create', { token: shop.token, body: { name: 'Cash', kind: 'CASH' } })).body.id;
    client = (await server.request('POST', '/api/v1/clients/create', { token: shop.token, body: { full_name: 'Dilnoza' } })).body.id;
  });
  afterAll(() => server.close());

  let clock = Date.parse('2026-11-20T09:00:00.000Z');
  const seqs = new Map<string, number>();
  function operation(till: EnrolledTerminal, name: string, args: unknown, extra: Record<string, unknown> = {}) {
    clock += 1000;
    const seq = (seqs.get(till.terminalId) ?? 0) + 1;
    seqs.set(till.terminalId, seq);
    return { seq, mutationId: uuidv7(), name, v: 1, occurredAt: new Date(clock).toISOString(), actor: { employeeId: cashier }, args, ...extra };
  }
  const push = async (till: EnrolledTerminal, mutations: unknown[]) => {
    const response = await server.request('POST', PUSH, {
      token: till.token,
      body: { protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, mutations },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.results as { status: string; result: { warnings?: Record<string, unknown>[]; error?: { message: unknown } } }[];
  };
  const saleArgs = (itemId: string, quantity: string, extra: Record<string, unknown> = {}) => ({
      order_id: `sale-${uuidv7()}`,
      automated_point_id: world.point1,
      workplace_id: world.workplace1,
      items: [{ item_id: itemId, quantity, price: '10', subtotal: String(10 * Number(quantity)) }],
      subtotal: String(10 * Number(quantity)),
      total_sum: String(10 * Number(quantity)),
      payments: [{ payment_type_id: cash, paid_sum: String(10 * Number(quantity)) }],
      ...extra,
    });
  const sale = (till: EnrolledTerminal, itemId: string, quantity: string, extra: Record<string, unknown> = {}) =>
    operation(till, 'OrderController_create', saleArgs(itemId, quantity, extra));
  const level = async (itemId: string) => {
    const row = await server.database.db
      .selectFrom('stock_levels')
      .select('quantity')
      .where('business_id', '=', shop.businessId)
      .where('item_id', '=', itemId)
      .where('warehouse_id', '=', world.warehouse1)
      .executeTakeFirst();
    return row ? BigInt(row.quantity) : 0n;
  };
  const warningLogs = async () => {
    const response = await server.request('GET', '/api/v1/logs/all?type=WARNING&limit=1000', { token: shop.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return (response.body as { type: string; action: string; user_id: string; details: string }[]).map((entry) => ({
      ...entry,
      details: JSON.parse(entry.details) as Record<string, any>,
    }));
  };

  it('applies two tills’ offline sales of the last 3 units each, and warns the second of stock below zero, logged for the back office', async () => {
    const item = await createItem(server, shop, 'Last cola');
    await receive(server, world, needs, world.warehouse1, [{ itemId: item, quantity: 3 }]);
    const [till1, till2] = [await enrollTerminal(server, shop, world.workplace1), await enrollTerminal(server, shop, world.workplace1)];
    const first = sale(till1, item, '3');
    const second = sale(till2, item, '3');

    const [firstResult] = await push(till1, [first]);
    const [secondResult] = await push(till2, [second]);

    expect(firstResult).toMatchObject({ status: 'applied', result: { warnings: [] } });
    expect(secondResult).toMatchObject({
      status: 'applied',
      result: { warnings: [{ code: 'STOCK_BELOW_ZERO', itemId: item, warehouseId: world.warehouse1, quantity: '-3' }] },
    });
    expect(await level(item)).toBe(-3000n);
    const logged = (await warningLogs()).filter((entry) => entry.details.mutationId === second.mutationId);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      type: 'WARNING',
      action: 'STOCK_BELOW_ZERO',
      user_id: cashier,
      details: {
        operation: 'OrderController_create',
        terminalId: till2.terminalId,
        employeeId: cashier,
        warning: { code: 'STOCK_BELOW_ZERO', itemId: item, quantity: '-3' },
      },
    });
    expect((await warningLogs()).some((entry) => entry.details.mutationId === first.mutationId)).toBe(false);
  });

  it('applies an offline sale and a goods receipt of an item the office deleted meanwhile, with a DELETED_REFERENCE warning', async () => {
    const item = await createItem(server, shop, 'Discontinued tea');
    await receive(server, world, needs, world.warehouse1, [{ itemId: item, quantity: 5 }]);
    const till = await enrollTerminal(server, shop, world.workplace1);
    const sold = sale(till, item, '2');
    const received = operation(till, 'ReceiptController_create', {
      name: 'Delivery',
      warehouseId: [world.warehouse1],
      organizationId: world.point1,
      employeeId: cashier,
      clientId: needs.supplier,
      conducted: true,
      total: '4',
      totalPlanned: '4',
      totalDiff: '0',
      items: [{ itemId: item, quantity: '4', plannedQuantity: '4', price: '1', measureId: needs.measure }],
    });
    expect((await server.request('DELETE', `/api/v1/item-modifier/items/delete/${item}`, { token: shop.token })).status).toBe(200);

    const results = await push(till, [sold, received]);

    for (const result of results) {
      expect(result).toMatchObject({ status: 'applied', result: { warnings: [{ code: 'DELETED_REFERENCE', table: 'items', id: item }] } });
    }
    expect(await level(item)).toBe(7000n);
    const actions = (await warningLogs()).filter((entry) => [sold.mutationId, received.mutationId].includes(entry.details.mutationId));
    expect(actions.map((entry) => entry.action)).toEqual(['DELETED_REFERENCE', 'DELETED_REFERENCE']);
  });

  it('still refuses a deleted item in a live REST sale and in a queued descriptive edit', async () => {
    const item = await createItem(server, shop, 'Gone for good');
    expect((await server.request('DELETE', `/api/v1/item-modifier/items/delete/${item}`, { token: shop.token })).status).toBe(200);
    const till = await enrollTerminal(server, shop, world.workplace1);
    const body = saleArgs(item, '1');
    const rest = await server.request('POST', '/api/v1/orders/create', { token: shop.token, body });
    expect(rest.status).toBe(400);
    expect(JSON.stringify(rest.body)).toContain('items.0.item_id must be an existing item or modifier');

    const [edit] = await push(till, [operation(till, 'ItemModifierController_updateItem', { name: 'Renamed' }, { params: { id: item } })]);
    expect(edit?.status).toBe('rejected');
  });

  it('applies an offline credit repayment of a client deleted meanwhile, warning of the deleted client', async () => {
    const gone = (await server.request('POST', '/api/v1/clients/create', { token: shop.token, body: { full_name: 'Moved away' } })).body.id;
    const till = await enrollTerminal(server, shop, world.workplace1);
    const repayment = operation(till, 'ClientDebtController_createTransaction', {
      client_id: gone,
      debt_amount: '-50',
      employee_id: cashier,
      id_automated_point: world.point1,
    });
    expect((await server.request('DELETE', `/api/v1/clients/delete/${gone}`, { token: shop.token })).status).toBe(200);

    const [result] = await push(till, [repayment]);

    expect(result).toMatchObject({ status: 'applied', result: { warnings: [{ code: 'DELETED_REFERENCE', table: 'clients', id: gone }] } });
    const entries = await server.database.db.selectFrom('client_debt_txns').select('amount').where('business_id', '=', shop.businessId).where('client_id', '=', gone).execute();
    expect(entries.map((entry) => BigInt(entry.amount))).toEqual([-5000n]);
  });

  it('applies an offline repayment by a payment method deleted meanwhile, warning of the deleted method; a method made a debt method is still refused', async () => {
    const card = (await server.request('POST', '/api/v1/payment-methods/create', { token: shop.token, body: { name: 'Card', kind: 'CARD' } })).body.id;
    const renamed = (await server.request('POST', '/api/v1/payment-methods/create', { token: shop.token, body: { name: 'Humo', kind: 'CARD' } })).body.id;
    const payer = (await server.request('POST', '/api/v1/clients/create', { token: shop.token, body: { full_name: 'Pays by card' } })).body.id;
    const till = await enrollTerminal(server, shop, world.workplace1);
    const repayment = (method: string) =>
      operation(till, 'ClientDebtController_createTransaction', {
        client_id: payer,
        debt_amount: '-20',
        employee_id: cashier,
        id_automated_point: world.point1,
        payment_type_id: method,
      });
    const [byCard, byHumo] = [repayment(card), repayment(renamed)];
    expect((await server.request('DELETE', `/api/v1/payment-methods/delete/${card}`, { token: shop.token })).status).toBe(200);
    const changed = await server.request('PATCH', `/api/v1/payment-methods/update/${renamed}`, { token: shop.token, body: { kind: 'DEBT' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const [applied, refused] = await push(till, [byCard, byHumo]);

    expect(applied).toMatchObject({ status: 'applied', result: { warnings: [{ code: 'DELETED_REFERENCE', table: 'payment_methods', id: card }] } });
    expect(refused).toMatchObject({ status: 'rejected' });
    expect(JSON.stringify(refused!.result.error?.message)).toContain('payment_type_id must be a payment method that takes money');
    const paid = await server.database.db
      .selectFrom('client_debt_txns')
      .select('payment_type_id')
      .where('business_id', '=', shop.businessId)
      .where('client_id', '=', payer)
      .execute();
    expect(paid).toEqual([{ payment_type_id: card }]);
  });

  it('applies a sale by an employee removed meanwhile, and logs EMPLOYEE_INACTIVE naming the employee', async () => {
    const item = await createItem(server, shop, 'Water');
    await receive(server, world, needs, world.warehouse1, [{ itemId: item, quantity: 10 }]);
    const leaver = (await cashierToken(server, shop, { workplaceId: world.workplace1 })).id;
    const till = await enrollTerminal(server, shop, world.workplace1);
    const sold = { ...sale(till, item, '1'), actor: { employeeId: leaver } };
    await server.database.db.updateTable('employees').set({ is_deleted: 1 }).where('id', '=', leaver).execute();

    const [result] = await push(till, [sold]);

    expect(result).toMatchObject({ status: 'applied', result: { warnings: [{ code: 'EMPLOYEE_INACTIVE', employeeId: leaver }] } });
    const logged = (await warningLogs()).find((entry) => entry.details.mutationId === sold.mutationId);
    expect(logged).toMatchObject({ action: 'EMPLOYEE_INACTIVE', user_id: leaver, details: { employeeId: leaver, terminalId: till.terminalId } });
  });

  it('applies an offline sale into a shift closed meanwhile with SHIFT_CLOSED, and still refuses it live', async () => {
    const item = await createItem(server, shop, 'Bread');
    await receive(server, world, needs, world.warehouse1, [{ itemId: item, quantity: 10 }]);
    const shift = await server.request('POST', '/api/v1/settlements/create', { token: shop.token, body: { name: 'Morning' } });
    expect(shift.status, JSON.stringify(shift.body)).toBe(201);
    const till = await enrollTerminal(server, shop, world.workplace1);
    const sold = sale(till, item, '1', { settlement_id: shift.body.id });
    const closed = await server.request('PATCH', `/api/v1/settlements/update/${shift.body.id}`, { token: shop.token, body: { is_closed: true } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    const live = await server.request('POST', '/api/v1/orders/create', { token: shop.token, body: saleArgs(item, '1', { settlement_id: shift.body.id }) });
    expect(live.status).toBe(409);
    const [result] = await push(till, [sold]);

    expect(result).toMatchObject({ status: 'applied', result: { warnings: [{ code: 'SHIFT_CLOSED', settlementId: shift.body.id }] } });
  });

  it('records a till’s debt entry sent with point "0" against the till’s point, and rejects a point that does not exist', async () => {
    const till = await enrollTerminal(server, shop, world.workplace1);
    const zero = operation(till, 'ClientDebtController_createTransaction', { client_id: client, debt_amount: '30', employee_id: cashier, id_automated_point: '0' });
    const unknown = operation(till, 'ClientDebtController_createTransaction', { client_id: client, debt_amount: '30', employee_id: cashier, id_automated_point: uuidv7() });

    const [applied, rejected] = await push(till, [zero, unknown]);

    expect(applied?.status).toBe('applied');
    expect(rejected?.status).toBe('rejected');
    expect(JSON.stringify(rejected?.result.error?.message)).toContain('id_automated_point must be an existing point');
    const points = await server.database.db
      .selectFrom('client_debt_txns')
      .select('id_automated_point')
      .where('business_id', '=', shop.businessId)
      .where('client_id', '=', client)
      .execute();
    expect(points.map((row) => row.id_automated_point)).toEqual([world.point1]);
  });
});
