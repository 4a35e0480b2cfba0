/**
 * Point scope without holes (issue 28 §1): a cashier's PIN token and a till of point P1 act on nothing of point P2
 * by naming it — P2's shift in a sale, P2's till, P2's warehouse, a debt at P2 or in a colleague's name — and change
 * no structure (points, workplaces, warehouses) at all; over REST and through a till's push alike, each refusal a
 * 403 naming the field that changes nothing. The owner is not limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { expectErrorBody } from '../helpers/checks.js';
import { insertClient, insertItem, insertMeasurement } from '../helpers/fixtures.js';
import { enrollTerminal, shopWorld, type EnrolledTerminal, type ShopWorld } from '../helpers/terminals.js';
import { findOperation } from '../../shared/catalogue/index.js';
import { POINT_REFERENCES } from '../../app/security/point-references.js';

const API = '/api/v1';

describe('the references table', () => {
  it('names only cashier-open writes of the catalogue, and fields their bodies have', () => {
    for (const [operationId, references] of Object.entries(POINT_REFERENCES)) {
      const spec = findOperation(operationId);
      expect(spec?.access, operationId).toContain('EMPLOYEE');
      const shape = (spec?.body as unknown as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      for (const reference of references ?? []) expect(Object.keys(shape), `${operationId} ${reference.field}`).toContain(reference.field.split('.')[0]);
    }
  });
});

describe.each(await testEngines())('point scope on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let world: ShopWorld;
  /** A cashier of point 1 at till 1, and a colleague of point 2 at till 2. */
  let cashier: { id: string; token: string };
  let colleague: { id: string; token: string };
  let shift1: string;
  let shift2: string;
  let item: string;
  let measure: string;
  let client: string;
  let till: EnrolledTerminal;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server);
    world = await shopWorld(server, shop);
    // Rights to do stock and catalogue work, so what is refused here is the point alone (rights: role-matrix-rights.test.ts).
    cashier = await cashierToken(server, shop, { pointId: world.point1, workplaceId: world.workplace1, rights: ['STOCK', 'CATALOGUE'] });
    colleague = await cashierToken(server, shop, { pointId: world.point2, workplaceId: world.workplace2 });
    shift1 = await created('/settlements/create', { name: 'Till 1 shift', workplace_id: world.workplace1 });
    shift2 = await created('/settlements/create', { name: 'Till 2 shift', workplace_id: world.workplace2 });
    item = await insertItem(server, shop, { name: 'Tea', price: 700000n });
    measure = await insertMeasurement(server, shop);
    client = await insertClient(server, shop);
    till = await enrollTerminal(server, shop, world.workplace1);
  });
  afterAll(() => server.close());

  async function created(path: string, body: Record<string, unknown>, token = shop.token): Promise<string> {
    const response = await server.request('POST', `${API}${path}`, { token, body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as string;
  }

  const sale = (overrides: Record<string, unknown> = {}) => ({
    order_id: `S-${uuidv7().slice(-8)}`,
    automated_point_id: world.point1,
    workplace_id: world.workplace1,
    settlement_id: shift1,
    employee_id: cashier.id,
    items: [{ item_id: item, quantity: '1', price: '7000', subtotal: '7000' }],
    subtotal: '7000',
    total_sum: '7000',
    ...overrides,
  });

  let seq = 0;
  let clock = Date.parse('2026-11-20T09:00:00.000Z');
  function pushed(name: string, args: unknown, params?: Record<string, string>) {
    clock += 1000;
    seq += 1;
    return { seq, mutationId: uuidv7(), name, v: 1, occurredAt: new Date(clock).toISOString(), actor: { employeeId: cashier.id }, args, ...(params ? { params } : {}) };
  }
  /** Pushes from till 1 (point 1) as the cashier; answers each operation's [status, error status, message]. */
  async function push(...mutations: ReturnType<typeof pushed>[]) {
    const response = await server.request('POST', `${API}/sync/push`, {
      token: till.token,
      body: { protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, mutations },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return (response.body.results as { status: string; result: { error?: { statusCode: number; message: string } } }[]).map((result) => [
      result.status,
      result.result.error?.statusCode ?? null,
      result.result.error?.message ?? null,
    ]);
  }

  const ordersOfShift = async (settlementId: string) =>
    Number(
      (
        await server.database.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<bigint>().as('count'))
          .where('business_id', '=', shop.businessId)
          .where('settlement_id', '=', settlementId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  describe('references a sale names', () => {
    it('a cashier cannot sell on another point’s shift (403 naming settlement_id), only on their own point’s', async () => {
      const before = await ordersOfShift(shift2);
      expectErrorBody(
        await server.request('POST', `${API}/orders/create`, { token: cashier.token, body: sale({ settlement_id: shift2 }) }),
        403,
        'settlement_id must be a shift of your own point',
      );
      expectErrorBody(
        await server.request('POST', `${API}/orders/create`, {
          token: cashier.token,
          body: sale({ settlement_id: null, payments: [{ payment_type_id: 'x', paid_sum: '7000', settlement_id: shift2 }] }),
        }),
        403,
        'payments.0.settlement_id must be a shift of your own point',
      );
      expect(await ordersOfShift(shift2)).toBe(before);
      const own = await server.request('POST', `${API}/orders/create`, { token: cashier.token, body: sale() });
      expect(own.status, JSON.stringify(own.body)).toBe(201);
    });

    it('a till’s pushed sale on another point’s shift is rejected 403 and P2’s shift gets no sale; its own applies', async () => {
      const before = await ordersOfShift(shift2);
      const results = await push(pushed('OrderController_create', sale({ settlement_id: shift2 })), pushed('OrderController_create', sale()));
      expect(results[0]).toEqual(['rejected', 403, expect.stringContaining('settlement_id must be a shift of your own point')]);
      expect(results[1]).toEqual(['applied', null, null]);
      expect(await ordersOfShift(shift2)).toBe(before);
    });

    it('a sale cannot name another point’s till or take stock from another point’s warehouse, and is the cashier’s own', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ workplace_id: world.workplace2 }, 'workplace_id must be a workplace of your own point'],
        [{ items: [{ item_id: item, quantity: '1', price: '7000', subtotal: '7000', warehouse_id: world.warehouse2 }] }, 'items.0.warehouse_id must be a warehouse of your own point'],
      ];
      for (const [overrides, message] of cases) {
        expectErrorBody(await server.request('POST', `${API}/orders/create`, { token: cashier.token, body: sale(overrides) }), 403, message);
        const [result] = await push(pushed('OrderController_create', sale(overrides)));
        expect(result).toEqual(['rejected', 403, expect.stringContaining(message)]);
      }
      const ownWarehouse = sale({ items: [{ item_id: item, quantity: '1', price: '7000', subtotal: '7000', warehouse_id: world.warehouse1 }] });
      expect((await server.request('POST', `${API}/orders/create`, { token: cashier.token, body: ownWarehouse })).status).toBe(201);
      // A sale naming a colleague is recorded in the cashier's own name all the same.
      const named = await server.request('POST', `${API}/orders/create`, { token: cashier.token, body: sale({ employee_id: colleague.id }) });
      expect([named.status, named.body.employee_id]).toEqual([201, cashier.id]);
    });

    it('a cashier cannot move their own sale onto another point’s shift', async () => {
      const mine = await created('/orders/create', sale(), cashier.token);
      expectErrorBody(
        await server.request('POST', `${API}/orders/update/${mine}`, { token: cashier.token, body: { settlement_id: shift2 } }),
        403,
        'settlement_id must be a shift of your own point',
      );
      const row = await server.database.db.selectFrom('orders').select('settlement_id').where('id', '=', mine).executeTakeFirstOrThrow();
      expect(row.settlement_id).toBe(shift1);
    });

    it('the owner sells on any point’s shift, till and warehouse, in anyone’s name', async () => {
      const body = sale({
        automated_point_id: world.point2,
        workplace_id: world.workplace2,
        settlement_id: shift2,
        employee_id: colleague.id,
        items: [{ item_id: item, quantity: '1', price: '7000', subtotal: '7000', warehouse_id: world.warehouse2 }],
      });
      expect((await server.request('POST', `${API}/orders/create`, { token: shop.token, body })).status).toBe(201);
    });
  });

  describe('structure: points, workplaces and warehouses', () => {
    it('a cashier cannot move another point’s workplace to their own point, nor change any point, workplace or warehouse (403)', async () => {
      const attempts: [method: 'POST' | 'PATCH', path: string, body: Record<string, unknown>][] = [
        ['PATCH', `/business-config/workplaces/update/${world.workplace2}`, { automated_point_id: world.point1 }],
        ['PATCH', `/business-config/workplaces/update/${world.workplace1}`, { name: 'Renamed' }],
        ['PATCH', `/business-config/points/update/${world.point2}`, { default_warehouse_id: world.warehouse1 }],
        ['PATCH', `/business-config/points/update/${world.point1}`, { default_warehouse_id: world.warehouse2 }],
        ['POST', '/business-config/points/create', { name: 'Cashier point' }],
        ['POST', '/business-config/workplaces/create', { name: 'Cashier till', automated_point_id: world.point1 }],
        ['POST', '/warehouses/create', { name: 'Cashier store' }],
        ['PATCH', `/warehouses/update/${world.warehouse2}`, { name: 'Mine now' }],
      ];
      for (const [method, path, body] of attempts) {
        expectErrorBody(await server.request(method, `${API}${path}`, { token: cashier.token, body }), 403, 'Forbidden resource');
      }
      const workplace = await server.database.db.selectFrom('workplaces').select(['automated_point_id', 'name']).where('id', '=', world.workplace2).executeTakeFirstOrThrow();
      expect(workplace.automated_point_id).toBe(world.point2);
      const point = await server.database.db.selectFrom('points').select('default_warehouse_id').where('id', '=', world.point2).executeTakeFirstOrThrow();
      expect(point.default_warehouse_id).toBe(world.warehouse2);
      // And so P2's shift stays out of reach: a cash move on it is still refused.
      expectErrorBody(
        await server.request('POST', `${API}/settlements/${shift2}/cash-moves`, { token: cashier.token, body: { kind: 'IN', amount: '100', reason: 'float' } }),
        403,
        'belongs to another point',
      );
    });

    it('a till’s pushed change of a workplace, point or warehouse is rejected 403 and changes nothing', async () => {
      const results = await push(
        pushed('BusinessController_updateWorkplace', { automated_point_id: world.point1 }, { id: world.workplace2 }),
        pushed('BusinessController_updatePoint', { default_warehouse_id: world.warehouse1 }, { id: world.point2 }),
        pushed('WarehouseController_update', { name: 'Mine now' }, { id: world.warehouse2 }),
        pushed('BusinessController_createWorkplace', { name: 'Till 3', automated_point_id: world.point1 }),
      );
      expect(results.map(([status, code]) => [status, code])).toEqual(results.map(() => ['rejected', 403]));
      const workplace = await server.database.db.selectFrom('workplaces').select('automated_point_id').where('id', '=', world.workplace2).executeTakeFirstOrThrow();
      expect(workplace.automated_point_id).toBe(world.point2);
    });

    it('the owner moves a workplace and sets a point’s default warehouse', async () => {
      const spare = await created('/business-config/workplaces/create', { name: 'Spare till', automated_point_id: world.point2 });
      expect((await server.request('PATCH', `${API}/business-config/workplaces/update/${spare}`, { token: shop.token, body: { automated_point_id: world.point1 } })).status).toBe(200);
      const point = await server.request('PATCH', `${API}/business-config/points/update/${world.point2}`, { token: shop.token, body: { default_warehouse_id: world.warehouse2 } });
      expect(point.status, JSON.stringify(point.body)).toBe(200);
    });

    it('a cashier cannot set up a printer at another point', async () => {
      expectErrorBody(
        await server.request('POST', `${API}/business-config/printers/create`, { token: cashier.token, body: { name: 'P2 kitchen', automated_point_id: world.point2 } }),
        403,
        'automated_point_id must name your own point',
      );
      const theirs = await created('/business-config/printers/create', { name: 'P2 bar', automated_point_id: world.point2 });
      expectErrorBody(
        await server.request('PATCH', `${API}/business-config/printers/update/${theirs}`, { token: cashier.token, body: { name: 'Mine' } }),
        403,
        'This printer belongs to another point',
      );
    });
  });

  describe('stock rows', () => {
    const row = (warehouseId: string) => ({ itemId: item, stock_quantity: '5', price: '7000', measureId: measure, dateFrom: '2026-11-20', warehouseId });
    const quantityOf = async (id: string) => {
      const stored = await server.database.db.selectFrom('stock_levels').select(['quantity', 'is_deleted']).where('id', '=', id).executeTakeFirstOrThrow();
      return [BigInt(stored.quantity), Number(stored.is_deleted)];
    };

    it('a cashier cannot create, change or delete stock rows in another point’s warehouse (403); in their own they can', async () => {
      const theirs = await created('/stock-quantity/create', row(world.warehouse2));
      const before = await quantityOf(theirs);
      expectErrorBody(
        await server.request('POST', `${API}/stock-quantity/create`, { token: cashier.token, body: row(world.warehouse2) }),
        403,
        'warehouseId must be a warehouse of your own point',
      );
      expectErrorBody(
        await server.request('PATCH', `${API}/stock-quantity/update/${theirs}`, { token: cashier.token, body: { stock_quantity: '999' } }),
        403,
        'This stock row is in another point’s warehouse',
      );
      expectErrorBody(await server.request('DELETE', `${API}/stock-quantity/delete/${theirs}`, { token: cashier.token }), 403, 'another point’s warehouse');
      expect(await quantityOf(theirs)).toEqual(before);

      const mine = await created('/stock-quantity/create', row(world.warehouse1), cashier.token);
      expect((await server.request('PATCH', `${API}/stock-quantity/update/${mine}`, { token: cashier.token, body: { stock_quantity: '7' } })).status).toBe(200);
      expect((await server.request('DELETE', `${API}/stock-quantity/delete/${mine}`, { token: cashier.token })).status).toBe(200);
    });

    it('a till’s pushed change or delete of a stock row in another point’s warehouse is rejected 403 and changes nothing', async () => {
      const theirs = await created('/stock-quantity/create', { ...row(world.warehouse2), itemId: await insertItem(server, shop, { name: 'Milk' }) });
      const before = await quantityOf(theirs);
      const results = await push(
        pushed('StockQuantityController_update', { stock_quantity: '999' }, { id: theirs }),
        pushed('StockQuantityController_remove', undefined, { id: theirs }),
        pushed('StockQuantityController_create', row(world.warehouse2)),
      );
      expect(results.map(([status, code]) => [status, code])).toEqual([
        ['rejected', 403],
        ['rejected', 403],
        ['rejected', 403],
      ]);
      expect(await quantityOf(theirs)).toEqual(before);
    });

    it('a warehouse no point names is the whole business’s: a cashier may keep its stock', async () => {
      const central = await created('/warehouses/create', { name: 'Central store' });
      expect((await server.request('POST', `${API}/stock-quantity/create`, { token: cashier.token, body: row(central) })).status).toBe(201);
    });

    it('a cashier’s stock documents take and put stock only in their own point’s or the business’s warehouses', async () => {
      const header = { organizationId: world.point1, employeeId: cashier.id };
      const line = { itemId: item, quantity: '1', price: '1', measureId: measure };
      const refusals: [path: string, body: Record<string, unknown>, message: string][] = [
        ['/write-off/create', { ...header, conducted: true, name: 'Spoiled', warehouseId: [world.warehouse2], items: [line] }, 'warehouseId.0 must be a warehouse of your own point'],
        [
          '/write-off/create',
          { ...header, conducted: true, name: 'Spoiled', warehouseId: [world.warehouse1], items: [{ ...line, warehouseId: world.warehouse2 }] },
          'items.0.warehouseId must be a warehouse of your own point',
        ],
        ['/movement/create', { ...header, name: 'Pull', warehouseId: world.warehouse2, toWarehouseId: world.warehouse1, items: [line] }, 'warehouseId must be a warehouse of your own point'],
        ['/movement/create', { ...header, name: 'Push', warehouseId: world.warehouse1, toWarehouseId: world.warehouse2, items: [line] }, 'toWarehouseId must be a warehouse of your own point'],
      ];
      for (const [path, body, message] of refusals) expectErrorBody(await server.request('POST', `${API}${path}`, { token: cashier.token, body }), 403, message);
      const central = await created('/warehouses/create', { name: 'Returns store' });
      const sent = await server.request('POST', `${API}/movement/create`, {
        token: cashier.token,
        body: { ...header, name: 'Back to the store', warehouseId: world.warehouse1, toWarehouseId: central, items: [line] },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    });

    it('a cashier cannot set an item’s stock in another point’s warehouse, named or implied', async () => {
      const stocked = await insertItem(server, shop, { name: 'Juice' });
      await created('/stock-quantity/create', { ...row(world.warehouse2), itemId: stocked });
      const before = await server.database.db.selectFrom('stock_levels').select('quantity').where('item_id', '=', stocked).executeTakeFirstOrThrow();
      expectErrorBody(
        await server.request('PATCH', `${API}/item-modifier/items/update/${stocked}`, { token: cashier.token, body: { stock_quantity: '50', warehouseId: world.warehouse2 } }),
        403,
        'warehouseId must be a warehouse of your own point',
      );
      // Naming none, the item's only warehouse is implied: P2's, refused too.
      expectErrorBody(
        await server.request('PATCH', `${API}/item-modifier/items/update/${stocked}`, { token: cashier.token, body: { stock_quantity: '50' } }),
        403,
        'warehouseId must be a warehouse of your own point',
      );
      const after = await server.database.db.selectFrom('stock_levels').select('quantity').where('item_id', '=', stocked).executeTakeFirstOrThrow();
      expect(BigInt(after.quantity)).toBe(BigInt(before.quantity));
    });
  });

  describe('client debts', () => {
    const debt = (overrides: Record<string, unknown>) => ({ client_id: client, debt_amount: '1500', employee_id: cashier.id, id_automated_point: world.point1, ...overrides });
    const entries = async () =>
      Number(
        (
          await server.database.db
            .selectFrom('client_debt_txns')
            .select((eb) => eb.fn.countAll<bigint>().as('count'))
            .where('business_id', '=', shop.businessId)
            .executeTakeFirstOrThrow()
        ).count,
      );

    it('a cashier records a debt only at their own point and in their own name (403 naming the field)', async () => {
      const before = await entries();
      const cases: [Record<string, unknown>, string][] = [
        [{ employee_id: colleague.id, id_automated_point: world.point2 }, 'id_automated_point must name your own point'],
        [{ id_automated_point: world.point2 }, 'id_automated_point must name your own point'],
        // In another's name: a right's question (CLIENT_DEBTS), which this cashier's role does not grant.
        [{ employee_id: colleague.id }, 'needs the CLIENT_DEBTS right'],
      ];
      for (const [overrides, message] of cases) {
        expectErrorBody(await server.request('POST', `${API}/client-debts/transactions/create`, { token: cashier.token, body: debt(overrides) }), 403, message);
      }
      expect(await entries()).toBe(before);
      expect((await server.request('POST', `${API}/client-debts/transactions/create`, { token: cashier.token, body: debt({}) })).status).toBe(201);
      expect((await server.request('POST', `${API}/client-debts/transactions/create`, { token: shop.token, body: debt({ employee_id: colleague.id, id_automated_point: world.point2 }) })).status).toBe(201);
    });

    it('a till’s pushed debt at another point or in another’s name is rejected 403; its own applies', async () => {
      const before = await entries();
      const results = await push(
        pushed('ClientDebtController_createTransaction', debt({ employee_id: colleague.id, id_automated_point: world.point2 })),
        pushed('ClientDebtController_createTransaction', debt({ employee_id: colleague.id })),
        pushed('ClientDebtController_createTransaction', debt({})),
      );
      expect(results.map(([status, code]) => [status, code])).toEqual([
        ['rejected', 403],
        ['rejected', 403],
        ['applied', null],
      ]);
      expect(await entries()).toBe(before + 1);
    });
  });
});
