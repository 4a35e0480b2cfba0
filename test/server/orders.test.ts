/**
 * Order create and the reads: one transaction for the whole sale (D5), a defined warehouse per line (D6), exact
 * stock and debt effects, server-checked totals, references and validation, idempotency by guid (D8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockLedgerMismatches } from '../../app/stock/ledger.js';
import { debtLedgerMismatches } from '../../app/debts/ledger.js';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { levelOf, moveCount, movesOf, sortMoves } from '../helpers/receipts.js';
import { auditEntries, debtEntriesOf, debtOf, line, orderBody, orderWorld, type OrderWorld } from '../helpers/orders.js';

const api = '/api/v1/orders';

describe.each(await testEngines())('orders on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;
  let world: OrderWorld;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
  });
  afterAll(() => server.close());

  const fresh = async () => (world = await orderWorld(server, shop));
  const create = (body: unknown, token = shop.token) => server.request('POST', `${api}/create`, { token, body });
  const orderCount = async (tenant = shop) =>
    (await server.database.db.selectFrom('orders').select('id').where('business_id', '=', tenant.businessId).execute()).length;
  const books = async (tenant = shop) => {
    expect(await stockLedgerMismatches(server.database.db, tenant.businessId)).toEqual([]);
    expect(await debtLedgerMismatches(server.database.db, tenant.businessId)).toEqual([]);
  };

  it('D5: creates an order with lines, discounts, taxes, delivery and two payments in one request', async () => {
    await fresh();
    const body = orderBody(
      world,
      [line(world.tea, '2', '10', '20', { note: 'no sugar' }), line(world.coffee, '1.5', '20', '30')],
      { subtotal: '50', total_sum: '49.5' },
      {
        guid: 'sale-1',
        order_name: 'Table 4',
        client_id: world.client,
        total_discount: '5',
        total_tax: '4.5',
        total_paid: '49.5',
        total_change: '0.5',
        discount_sum: '5',
        barcode: '123',
        discounts: [{ discount_value: '5' }],
        taxes: [{ tax_id: await taxId(), tax_percent: '10' }],
        delivery: {
          customer_name: 'Ann',
          contact_phone: '+998',
          shipping_address: 'Main st 1',
          city: 'Tashkent',
          postal_code: '100000',
        },
        payments: [
          { payment_type_id: world.cash, paid_sum: '30', tip_amount: '2' },
          { payment_type_id: world.card, paid_sum: '19.5', card_number: '4111 1111 1111 1234', card_type: 'VISA' },
        ],
      },
    );
    const created = await create(body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      guid: 'sale-1',
      order_id: body.order_id,
      order_name: 'Table 4',
      subtotal: '50',
      total_discount: '5',
      total_tax: '4.5',
      total_sum: '49.5',
      total_paid: '49.5',
      total_change: '0.5',
      discount_sum: '5',
      discount_percent: null,
      employee_id: shop.userId,
      client_id: world.client,
      automated_point_id: world.point,
      workplace_id: world.workplace,
      settlement_id: null,
      barcode: '123',
      delivery_fee: null,
      is_closed: false,
      dt_closed: null,
      is_voided: false,
      is_refunded: false,
      is_deleted: false,
    });
    expect(created.body.items).toEqual([
      expect.objectContaining({
        order_id: created.body.id,
        item_id: world.tea,
        quantity: '2',
        price: '10',
        subtotal: '20',
        note: 'no sugar',
        employee_id: shop.userId,
        warehouse_id: world.warehouse,
        is_voided: false,
      }),
      expect.objectContaining({ item_id: world.coffee, quantity: '1.5', subtotal: '30', warehouse_id: world.warehouse }),
    ]);
    expect(created.body.discounts).toEqual([
      expect.objectContaining({ discount_value: '5', item_id: null, order_id: created.body.id }),
    ]);
    expect(created.body.taxes).toEqual([expect.objectContaining({ tax_percent: '10', tax_value: null })]);
    expect(created.body.delivery).toMatchObject({
      customer_name: 'Ann',
      country: 'USA',
      delivery_status: 'PENDING',
      delivery_type: 'DELIVERY',
      courier_name: null,
    });
    expect(created.body.payments).toEqual([
      expect.objectContaining({
        payment_type_id: world.cash,
        paid_sum: '30',
        tip_amount: '2',
        employee_id: shop.userId,
        workplace_id: world.workplace,
      }),
      expect.objectContaining({
        payment_type_id: world.card,
        paid_sum: '19.5',
        card_number: '************1234',
        card_type: 'VISA',
      }),
    ]);
    const fetched = await server.request('GET', `${api}/${created.body.id}`, { token: shop.token });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(-2000n);
    expect(await levelOf(server, shop, world.coffee, world.warehouse)).toBe(-1500n);
    const audits = await auditEntries(server, shop, 'CREATE_ORDER');
    expect(audits.filter((entry) => entry.details?.includes(created.body.id))).toEqual([
      expect.objectContaining({ user_id: shop.userId, type: 'ORDER' }),
    ]);
    // The full card number is stored nowhere, the audit entry included.
    const stored = JSON.stringify(
      await server.database.db.selectFrom('order_payments').selectAll().where('order_id', '=', created.body.id).execute(),
      (_k, v) => (typeof v === 'bigint' ? String(v) : v),
    );
    expect(stored).not.toContain('4111');
    expect(audits.some((entry) => entry.details?.includes('4111'))).toBe(false);
    await books();
  });

  async function taxId() {
    const tax = await server.request('POST', '/api/v1/finance/taxes/create', {
      token: shop.token,
      body: { name: 'VAT', tax_percent: '10' },
    });
    if (tax.status !== 201) throw new Error(JSON.stringify(tax.body));
    return tax.body.id as string;
  }

  it('D6: a line takes stock from its own warehouse, else from its point’s default warehouse — never another', async () => {
    await fresh();
    const created = await create(
      orderBody(world, [line(world.tea, '1', '10', '10'), line(world.tea, '2', '10', '20', { warehouse_id: world.warehouse2 })], {
        subtotal: '30',
        total_sum: '30',
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.items.map((item: { warehouse_id: string }) => item.warehouse_id)).toEqual([
      world.warehouse,
      world.warehouse2,
    ]);
    expect(await movesOf(server, shop, created.body.id)).toEqual(
      sortMoves([
        ['sale', world.tea, world.warehouse, -1000n],
        ['sale', world.tea, world.warehouse2, -2000n],
      ]),
    );
    await books();
  });

  /** A business of its own, with the warehouses the test names created through the API (the first is the default). */
  async function shopWith(label: string, warehouseNames: readonly string[]) {
    const tenant = await registerTenant(server, label);
    const own = await orderWorld(server, tenant, { warehouses: false });
    const warehouses: string[] = [];
    for (const name of warehouseNames) {
      const created = await server.request('POST', '/api/v1/warehouses/create', { token: tenant.token, body: { name } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      warehouses.push(created.body.id as string);
    }
    return { tenant, own, warehouses };
  }
  /** A reference-shaped order: no warehouse on its lines, at a point without a default warehouse. */
  const referenceOrder = (own: OrderWorld) =>
    orderBody(
      own,
      [line(own.service, '1', '5', '5'), line(own.tea, '2', '10', '20')],
      { subtotal: '25', total_sum: '25' },
      { automated_point_id: own.barePoint, workplace_id: own.bareWorkplace },
    );

  it('§1.1: a reference-shaped order in a business with one warehouse takes its stock from that warehouse', async () => {
    const { tenant, own, warehouses } = await shopWith('one-warehouse', ['Only']);
    const created = await create(referenceOrder(own), tenant.token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.items.map((item: { warehouse_id: string | null }) => item.warehouse_id)).toEqual([null, warehouses[0]]);
    expect(await movesOf(server, tenant, created.body.id)).toEqual([['sale', own.tea, warehouses[0], -2000n]]);
    await books(tenant);
  });

  it('§1.1: with several warehouses a line takes its own, else the point’s default, else the business’s default, which owners can change', async () => {
    const { tenant, own, warehouses } = await shopWith('many-warehouses', ['First', 'Second', 'Third']);
    const [first, second, third] = warehouses as [string, string, string];
    const listed = (await server.request('GET', '/api/v1/warehouses/all', { token: tenant.token })).body as { id: string; is_default: boolean }[];
    expect(listed.map((warehouse) => [warehouse.id, warehouse.is_default])).toEqual([
      [first, true],
      [second, false],
      [third, false],
    ]);
    const byDefault = await create(referenceOrder(own), tenant.token);
    expect(await movesOf(server, tenant, byDefault.body.id)).toEqual([['sale', own.tea, first, -2000n]]);
    // The owner makes the second the default: later sales take from it; the first is no longer the default.
    const changed = await server.request('PATCH', `/api/v1/warehouses/update/${second}`, { token: tenant.token, body: { is_default: true } });
    expect(changed.body).toMatchObject({ id: second, is_default: true });
    expect((await server.request('GET', `/api/v1/warehouses/${first}`, { token: tenant.token })).body).toMatchObject({ is_default: false });
    const afterChange = await create(referenceOrder(own), tenant.token);
    expect(await movesOf(server, tenant, afterChange.body.id)).toEqual([['sale', own.tea, second, -2000n]]);
    // The point's default comes before the business's; the line's own before both.
    await server.request('PATCH', `/api/v1/business-config/points/update/${own.barePoint}`, {
      token: tenant.token,
      body: { default_warehouse_id: third },
    });
    const atPoint = await create(referenceOrder(own), tenant.token);
    expect(await movesOf(server, tenant, atPoint.body.id)).toEqual([['sale', own.tea, third, -2000n]]);
    const body = referenceOrder(own);
    const ownLine = await create({ ...body, items: [body.items[0], { ...body.items[1], warehouse_id: first }] }, tenant.token);
    expect(await movesOf(server, tenant, ownLine.body.id)).toEqual([['sale', own.tea, first, -2000n]]);
    // The point's default deleted: the business's default again (never a 400).
    await server.request('DELETE', `/api/v1/warehouses/delete/${third}`, { token: tenant.token });
    const pointDefaultGone = await create(referenceOrder(own), tenant.token);
    expect(pointDefaultGone.status, JSON.stringify(pointDefaultGone.body)).toBe(201);
    expect(await movesOf(server, tenant, pointDefaultGone.body.id)).toEqual([['sale', own.tea, second, -2000n]]);
    // The business's default deleted (200, issue 28 §4): the oldest other live warehouse, the first, becomes it.
    expect((await server.request('DELETE', `/api/v1/warehouses/delete/${second}`, { token: tenant.token })).status).toBe(200);
    const defaultGone = await create(referenceOrder(own), tenant.token);
    expect(await movesOf(server, tenant, defaultGone.body.id)).toEqual([['sale', own.tea, first, -2000n]]);
    await books(tenant);
  });

  it('§1.1: a business with no warehouse records the sale without stock entries, and the report of such sales finds it', async () => {
    const { tenant, own } = await shopWith('no-warehouse', []);
    const created = await create(referenceOrder(own), tenant.token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.items.map((item: { warehouse_id: string | null }) => item.warehouse_id)).toEqual([null, null]);
    expect(await moveCount(server, tenant)).toBe(0);
    const report = await server.request('POST', '/api/v1/get', {
      token: tenant.token,
      body: { query: 'select order_id, item_id, moved_no_stock from "T_Order_Item" where moved_no_stock order by line_no' },
    });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    // The tea line only: a service never moves stock, so it is not a sale that "moved no stock". (A flag is a
    // boolean where the engine has one: docs/api/query.md.)
    expect(report.body).toEqual([{ order_id: created.body.id, item_id: own.tea, moved_no_stock: engine === 'postgres' ? true : 1 }]);
    // An edit that replaces the lines while there is still no warehouse records the new line the same way.
    const edited = await server.request('POST', `${api}/update/${created.body.id}`, {
      token: tenant.token,
      body: { items: [line(own.tea, '3', '10', '30')], subtotal: '30', total_sum: '30' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(201);
    const live = await server.request('POST', '/api/v1/get', {
      token: tenant.token,
      body: { query: 'select order_id, quantity from "T_Order_Item" where moved_no_stock and not is_deleted' },
    });
    expect(live.body).toEqual([{ order_id: created.body.id, quantity: '3' }]);
    // Once the business has a warehouse, its sales move stock again; the earlier sale stays as it was recorded.
    const warehouse = (await server.request('POST', '/api/v1/warehouses/create', { token: tenant.token, body: { name: 'Now' } })).body;
    expect(warehouse).toMatchObject({ is_default: true });
    const later = await create(referenceOrder(own), tenant.token);
    expect(await movesOf(server, tenant, later.body.id)).toEqual([['sale', own.tea, warehouse.id, -2000n]]);
    const again = await server.request('POST', '/api/v1/get', {
      token: tenant.token,
      body: { query: 'select distinct order_id from "T_Order_Item" where moved_no_stock' },
    });
    expect(again.body).toEqual([{ order_id: created.body.id }]);
    await books(tenant);
  });

  it('a service moves no stock, a modifier moves its own stock', async () => {
    await fresh();
    const created = await create(
      orderBody(world, [line(world.service, '1', '5', '5'), line(world.syrup, '2', '3', '6')], {
        subtotal: '11',
        total_sum: '11',
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.items.map((item: { warehouse_id: string | null }) => item.warehouse_id)).toEqual([null, world.warehouse]);
    expect(await movesOf(server, shop, created.body.id)).toEqual([['sale', world.syrup, world.warehouse, -2000n]]);
  });

  it('D4: a sale never overwrites the stock row’s price or measure', async () => {
    await fresh();
    const measure = (await server.request('POST', '/api/v1/measurements/create', { token: shop.token, body: { name: 'cup' } }))
      .body.id;
    const row = await server.request('POST', '/api/v1/stock-quantity/create', {
      token: shop.token,
      body: {
        itemId: world.tea,
        warehouseId: world.warehouse,
        stock_quantity: '10',
        price: '4.25',
        measureId: measure,
        dateFrom: '2026-01-01',
      },
    });
    expect(row.status).toBe(201);
    expect(
      (await create(orderBody(world, [line(world.tea, '3', '99', '297')], { subtotal: '297', total_sum: '297' }))).status,
    ).toBe(201);
    const after = await server.request('GET', `/api/v1/stock-quantity/${row.body.id}`, { token: shop.token });
    expect(after.body).toMatchObject({ stock_quantity: '7', price: '4.25', measureId: measure });
  });

  it('recomputes every total and refuses the ones that disagree, each with its expected value, storing nothing', async () => {
    await fresh();
    const before = { orders: await orderCount(), moves: await moveCount(server, shop) };
    // 1.5 × 12.35 = 18.525 → 18.53; 10% discount of 18.53 = 1.853 → 1.85; 12% tax of 16.68 = 2.0016 → 2.00.
    const body = orderBody(
      world,
      [line(world.tea, '1.5', '12.35', '18.52')],
      { subtotal: '18.52', total_sum: '18.68' },
      {
        total_discount: '1.86',
        total_tax: '2.01',
        total_paid: '1',
        delivery_fee: '1',
        discounts: [{ discount_percent: '10' }],
        taxes: [{ tax_id: await taxId(), tax_percent: '12' }],
        payments: [{ payment_type_id: world.cash, paid_sum: '18.68' }],
      },
    );
    expectValidation(
      await create(body),
      'items.0.subtotal must equal quantity × price: expected "18.53"',
      `subtotal must equal the sum of the lines' subtotals: expected "18.53"`,
      'total_discount must equal the sum of the discounts: expected "1.85"',
      'total_tax must equal the sum of the taxes and fees: expected "2"',
      'total_sum must equal subtotal - total_discount + total_tax + delivery_fee: expected "19.68"',
      `total_paid must equal the sum of the payments' paid_sum: expected "18.68"`,
    );
    expect({ orders: await orderCount(), moves: await moveCount(server, shop) }).toEqual(before);
    const right = await create({
      ...body,
      items: [line(world.tea, '1.5', '12.35', '18.53')],
      subtotal: '18.53',
      total_discount: '1.85',
      total_tax: '2',
      total_sum: '19.68',
      total_paid: '19.68',
      payments: [{ payment_type_id: world.cash, paid_sum: '19.68' }],
    });
    expect(right.status, JSON.stringify(right.body)).toBe(201);
    expect(right.body).toMatchObject({
      subtotal: '18.53',
      total_discount: '1.85',
      total_tax: '2',
      total_sum: '19.68',
      total_paid: '19.68',
      delivery_fee: '1',
    });
  });

  it('refuses ids missing from the caller’s business, one line per field, and stores nothing', async () => {
    await fresh();
    const theirs = await orderWorld(server, rival);
    const before = { orders: await orderCount(), moves: await moveCount(server, shop) };
    const refused = await create(
      orderBody(
        theirs,
        [
          line(theirs.tea, '1', '1', '1', { warehouse_id: theirs.warehouse }),
          line(world.tea, '1', '1', '1', { discount_id: 'nope' }),
        ],
        { subtotal: '2', total_sum: '2' },
        {
          client_id: theirs.client,
          settlement_id: 'no-such-shift',
          discounts: [{ discount_value: '0', discount_id: 'nope' }],
          taxes: [{ tax_id: 'nope' }],
          payments: [{ payment_type_id: theirs.cash, paid_sum: '2', payment_device_id: 'nope' }],
        },
      ),
    );
    expectValidation(
      refused,
      'automated_point_id must be an existing point',
      'workplace_id must be an existing workplace',
      'client_id must be an existing client',
      'items.0.item_id must be an existing item or modifier',
      'items.0.warehouse_id must be an existing warehouse',
      'items.1.discount_id must be an existing discount',
      'discounts.0.discount_id must be an existing discount',
      'taxes.0.tax_id must be an existing tax or fee',
      'payments.0.payment_type_id must be an existing payment method',
      'payments.0.payment_device_id must be an existing payment device',
      'settlement_id must be an existing settlement',
    );
    // A workplace of another point of the same business.
    expectValidation(
      await create(
        orderBody(
          world,
          [line(world.tea, '1', '1', '1')],
          { subtotal: '1', total_sum: '1' },
          { workplace_id: world.bareWorkplace },
        ),
      ),
      'workplace_id must be a workplace of automated_point_id',
    );
    expect({ orders: await orderCount(), moves: await moveCount(server, shop) }).toEqual(before);
    expect(await orderCount(rival)).toBe(0);
  });

  it('validates the body, naming each field, and stores nothing', async () => {
    await fresh();
    const valid = orderBody(world, [line(world.tea, '1', '10', '10')], { subtotal: '10', total_sum: '10' });
    const before = await orderCount();
    for (const field of ['order_id', 'subtotal', 'total_sum', 'automated_point_id', 'workplace_id', 'items']) {
      const { [field]: _dropped, ...rest } = valid;
      expectValidation(await create(rest), `${field} is required`);
    }
    expectValidation(await create({ ...valid, order_id: '' }), 'order_id should not be empty');
    expectValidation(await create({ ...valid, order_id: 7 }), 'order_id must be a string');
    expectValidation(await create({ ...valid, items: 'tea' }), 'items must be an array');
    expectValidation(await create({ ...valid, is_closed: 'yes' }), 'is_closed must be a boolean');
    expectValidation(await create({ ...valid, total_sum: 10 }), 'total_sum must be a decimal string');
    expectValidation(await create({ ...valid, subtotal: '1e3' }), 'subtotal must be a decimal number');
    expectValidation(await create({ ...valid, total_sum: '-1' }), 'total_sum must not be negative');
    expectValidation(
      await create({ ...valid, items: [{ quantity: '0', price: '1.001', subtotal: 'x' }] }),
      'items.0.item_id is required',
      'items.0.quantity must be greater than 0',
      'items.0.price must have at most 2 decimal places',
      'items.0.subtotal must be a decimal number',
    );
    expectValidation(
      await create({ ...valid, items: [line(world.tea, '1.0001', '1', '1')] }),
      'items.0.quantity must have at most 3 decimal places',
    );
    expectValidation(
      await create({ ...valid, items: [{ ...line(world.tea, '1', '1', '1'), zzz: 1 }] }),
      'items.0.property zzz should not exist',
    );
    expectValidation(
      await create({ ...valid, payments: [{}] }),
      'payments.0.payment_type_id is required',
      'payments.0.paid_sum is required',
    );
    expectValidation(await create({ ...valid, taxes: [{ tax_percent: '5' }] }), 'taxes.0.tax_id is required');
    expectValidation(
      await create({ ...valid, discounts: [{ item_id: world.tea }] }),
      'discounts.0 must have discount_value or discount_percent',
    );
    expectValidation(
      await create({ ...valid, delivery: { customer_name: 'A', estimated_arrival: 'tomorrow' } }),
      'delivery.contact_phone is required',
      'delivery.estimated_arrival must be an ISO 8601 date string',
    );
    await expectStrictBody(server, 'POST', `${api}/create`, shop.token, valid);
    expect(await orderCount()).toBe(before);
  });

  it('D8: a retried create with the same guid returns the first order and posts nothing again; another body is a 409', async () => {
    await fresh();
    const body = orderBody(
      world,
      [line(world.tea, '2', '10', '20')],
      { subtotal: '20', total_sum: '20' },
      {
        guid: 'retry-1',
        client_id: world.client,
        payments: [{ payment_type_id: world.debt, paid_sum: '20' }],
      },
    );
    const first = await create(body);
    const again = await create(body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(-2000n);
    expect(await debtEntriesOf(server, shop, world.client)).toEqual([2000n]);
    expect(
      (await auditEntries(server, shop, 'CREATE_ORDER')).filter((entry) => entry.details?.includes(first.body.id)),
    ).toHaveLength(1);
    const changed = await create({ ...body, order_name: 'Something else' });
    expectErrorBody(changed, 409, 'An order with guid retry-1 already exists with different content');
    expect(changed.body.detail).toEqual({ id: first.body.id });
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(-2000n);
    // The guid is unique per business, not globally.
    const theirs = await orderWorld(server, rival);
    const rivalOrder = await create(
      orderBody(theirs, [line(theirs.tea, '1', '1', '1')], { subtotal: '1', total_sum: '1' }, { guid: body.guid }),
      rival.token,
    );
    expect(rivalOrder.status).toBe(201);
    expect(rivalOrder.body.id).not.toBe(first.body.id);
  });

  it('D8: concurrent duplicates of one create make one order and post it once', async () => {
    await fresh();
    const body = orderBody(
      world,
      [line(world.tea, '3', '1', '3'), line(world.coffee, '1', '2', '2')],
      { subtotal: '5', total_sum: '5' },
      {
        guid: 'concurrent-1',
        client_id: world.client,
        payments: [
          { payment_type_id: world.cash, paid_sum: '2' },
          { payment_type_id: world.debt, paid_sum: '3' },
        ],
      },
    );
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(-3000n);
    expect(await levelOf(server, shop, world.coffee, world.warehouse)).toBe(-1000n);
    expect(await debtOf(server, shop, world.client)).toBe(300n);
    await books();
  });

  it('twenty concurrent orders for the same items lose no stock and never deadlock', async () => {
    await fresh();
    const bodies = Array.from({ length: 20 }, (_, index) => {
      const lines = [
        line(world.tea, '1', '1', '1'),
        line(world.coffee, '2', '1', '2', { warehouse_id: world.warehouse2 }),
        line(world.tea, '0.5', '2', '1', { warehouse_id: world.warehouse2 }),
      ];
      return orderBody(world, index % 2 === 0 ? lines : [...lines].reverse(), { subtotal: '4', total_sum: '4' });
    });
    const answers = await Promise.all(bodies.map((body) => create(body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(-20_000n);
    expect(await levelOf(server, shop, world.coffee, world.warehouse2)).toBe(-40_000n);
    expect(await levelOf(server, shop, world.tea, world.warehouse2)).toBe(-10_000n);
    await books();
  });

  it('a payment by a DEBT method puts its sum on the order’s client’s debt; other methods do not', async () => {
    await fresh();
    const created = await create(
      orderBody(
        world,
        [line(world.tea, '3', '10', '30')],
        { subtotal: '30', total_sum: '30' },
        {
          client_id: world.client,
          payments: [
            { payment_type_id: world.cash, paid_sum: '10' },
            { payment_type_id: world.debt, paid_sum: '20' },
          ],
        },
      ),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await debtOf(server, shop, world.client)).toBe(2000n);
    const entries = await server.request('GET', `/api/v1/client-debts/transactions/all?client_id=${world.client}`, {
      token: shop.token,
    });
    expect(entries.body).toEqual([
      expect.objectContaining({
        debt_amount: '20',
        kind: 'transaction',
        employee_id: shop.userId,
        id_automated_point: world.point,
      }),
    ]);
    // Without a client, a DEBT payment has nobody to owe it.
    const orphan = await create(
      orderBody(
        world,
        [line(world.tea, '1', '10', '10')],
        { subtotal: '10', total_sum: '10' },
        {
          payments: [
            { payment_type_id: world.cash, paid_sum: '1' },
            { payment_type_id: world.debt, paid_sum: '9' },
          ],
        },
      ),
    );
    expectValidation(orphan, 'client_id is required: payments.1.payment_type_id is a DEBT payment method');
    expect(await debtOf(server, shop, world.client)).toBe(2000n);
    await books();
  });

  it('a payment method’s kind is set by its create and update (default OTHER); a bad kind is a 400', async () => {
    const methods = '/api/v1/payment-methods';
    const plain = await server.request('POST', `${methods}/create`, { token: shop.token, body: { name: 'Voucher' } });
    expect(plain.body).toMatchObject({ name: 'Voucher', kind: 'OTHER' });
    const credit = await server.request('POST', `${methods}/create`, {
      token: shop.token,
      body: { name: 'Nasiya', kind: 'DEBT' },
    });
    expect(credit.body).toMatchObject({ kind: 'DEBT' });
    const changed = await server.request('PATCH', `${methods}/update/${plain.body.id}`, {
      token: shop.token,
      body: { kind: 'CARD' },
    });
    expect(changed.body).toMatchObject({ name: 'Voucher', kind: 'CARD' });
    expectValidation(
      await server.request('POST', `${methods}/create`, { token: shop.token, body: { name: 'X', kind: 'CRYPTO' } }),
      'kind must be one of the following values: CASH, CARD, DEBT, OTHER',
    );
    const seeded = (await server.request('GET', `${methods}/all`, { token: shop.token })).body.find(
      (m: { name: string }) => m.name === 'Cash',
    );
    expect(seeded).toMatchObject({ kind: 'CASH' });
  });

  it('a point’s default warehouse must be a warehouse of the business, and can be set and cleared', async () => {
    await fresh();
    const points = '/api/v1/business-config/points';
    const theirs = await orderWorld(server, rival);
    expectValidation(
      await server.request('POST', `${points}/create`, {
        token: shop.token,
        body: { name: 'P', default_warehouse_id: theirs.warehouse },
      }),
      'default_warehouse_id must be an existing warehouse',
    );
    const created = await server.request('POST', `${points}/create`, {
      token: shop.token,
      body: { name: 'P', default_warehouse_id: world.warehouse2 },
    });
    expect(created.body).toMatchObject({ default_warehouse_id: world.warehouse2 });
    const cleared = await server.request('PATCH', `${points}/update/${created.body.id}`, {
      token: shop.token,
      body: { default_warehouse_id: null },
    });
    expect(cleared.body).toMatchObject({ default_warehouse_id: null });
    const renamed = await server.request('PATCH', `${points}/update/${world.point}`, {
      token: shop.token,
      body: { name: 'Café 2' },
    });
    expect(renamed.body).toMatchObject({ name: 'Café 2', default_warehouse_id: world.warehouse });
  });

  it('D13: a refused create leaves no order, no audit entry and no stock move', async () => {
    await fresh();
    const audits = (await auditEntries(server, shop, 'CREATE_ORDER')).length;
    const before = { orders: await orderCount(), moves: await moveCount(server, shop) };
    // Refused after the header was written (the payment method check): all of it rolls back.
    const refused = await create(
      orderBody(
        world,
        [line(world.tea, '1', '10', '10')],
        { subtotal: '10', total_sum: '10' },
        { guid: `rollback-${engine}`, payments: [{ payment_type_id: 'nope', paid_sum: '10' }] },
      ),
    );
    expectValidation(refused, 'payments.0.payment_type_id must be an existing payment method');
    expect({ orders: await orderCount(), moves: await moveCount(server, shop) }).toEqual(before);
    expect((await auditEntries(server, shop, 'CREATE_ORDER')).length).toBe(audits);
  });

  it('lists live orders of the caller’s business newest first, and reads one with its rows', async () => {
    await fresh();
    const theirs = await orderWorld(server, rival);
    const first = await create(orderBody(world, [line(world.tea, '1', '1', '1')], { subtotal: '1', total_sum: '1' }));
    await new Promise((resolve) => setTimeout(resolve, 3));
    const second = await create(orderBody(world, [line(world.tea, '1', '1', '1')], { subtotal: '1', total_sum: '1' }));
    const dropped = await create(orderBody(world, [line(world.tea, '1', '1', '1')], { subtotal: '1', total_sum: '1' }));
    await server.request('DELETE', `${api}/delete/${dropped.body.id}`, { token: shop.token });
    const foreign = await create(
      orderBody(theirs, [line(theirs.tea, '1', '1', '1')], { subtotal: '1', total_sum: '1' }),
      rival.token,
    );
    const list = await server.request('GET', `${api}/all`, { token: shop.token });
    expect(list.status).toBe(200);
    const ids = list.body.map((order: { id: string }) => order.id);
    expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));
    expect(ids).not.toContain(dropped.body.id);
    expect(ids).not.toContain(foreign.body.id);
    const { items: _items, discounts: _d, taxes: _t, delivery: _del, payments: _p, ...header } = first.body;
    expect(list.body.find((order: { id: string }) => order.id === first.body.id)).toEqual(header);
    for (const id of [foreign.body.id, dropped.body.id, 'no-such-order']) {
      expectErrorBody(await server.request('GET', `${api}/${id}`, { token: shop.token }), 404, 'Order not found');
    }
  });

  it('last-open answers the newest open order, of one workplace when asked, and 200 with an empty body when there is none', async () => {
    const tenant = await registerTenant(server, 'lastopen');
    const own = await orderWorld(server, tenant);
    const open = (token: string, query = '') => server.request('GET', `${api}/last-open${query}`, { token });
    const none = await open(tenant.token);
    // As the reference: "no open order" is an answer (200, empty body, no content type), not an error.
    expect([none.status, none.body, none.headers['content-type']]).toEqual([200, '', undefined]);
    const cafe = await create(
      orderBody(own, [line(own.service, '1', '5', '5')], { subtotal: '5', total_sum: '5' }),
      tenant.token,
    );
    await new Promise((resolve) => setTimeout(resolve, 3));
    const kiosk = await create(
      orderBody(
        own,
        [line(own.service, '1', '5', '5')],
        { subtotal: '5', total_sum: '5' },
        { automated_point_id: own.barePoint, workplace_id: own.bareWorkplace },
      ),
      tenant.token,
    );
    await new Promise((resolve) => setTimeout(resolve, 3));
    await create(
      orderBody(own, [line(own.service, '1', '5', '5')], { subtotal: '5', total_sum: '5' }, { is_closed: true }),
      tenant.token,
    );
    expect((await open(tenant.token)).body).toMatchObject({
      id: kiosk.body.id,
      items: [expect.objectContaining({ item_id: own.service })],
    });
    expect((await open(tenant.token, `?workplace_id=${own.workplace}`)).body).toMatchObject({ id: cafe.body.id });
    const elsewhere = await open(tenant.token, `?workplace_id=no-such-workplace`);
    expect([elsewhere.status, elsewhere.body]).toEqual([200, '']);
    // A lookup by id keeps its 404.
    expectErrorBody(await server.request('GET', `${api}/no-such-order`, { token: tenant.token }), 404, 'Order not found');
    expectValidation(await open(tenant.token, '?zzz=1'), 'property zzz should not exist');
  });

  it('requires a valid token and lets cashiers use every order operation', async () => {
    await expectAuthRequired(server, 'POST', `${api}/create`, {});
    await expectAuthRequired(server, 'GET', `${api}/all`);
    await expectAuthRequired(server, 'GET', `${api}/last-open`);
    await expectAuthRequired(server, 'GET', `${api}/x`);
    await expectAuthRequired(server, 'POST', `${api}/update/x`, {});
    await expectAuthRequired(server, 'DELETE', `${api}/delete/x`);
    await fresh();
    const cashier = await cashierToken(server, shop, { pointId: world.point, workplaceId: world.workplace });
    const created = await create(
      orderBody(world, [line(world.tea, '1', '1', '1')], { subtotal: '1', total_sum: '1' }),
      cashier.token,
    );
    expect(created.status).toBe(201);
    // The creator is the caller, whatever employee_id the body names.
    expect(created.body.employee_id).toBe(cashier.id);
    const named = await create(
      orderBody(world, [line(world.tea, '1', '1', '1')], { subtotal: '1', total_sum: '1' }, { employee_id: shop.userId }),
      cashier.token,
    );
    expect(named.body.employee_id).toBe(cashier.id);
    for (const [method, path] of [
      ['GET', `${api}/all`],
      ['GET', `${api}/${created.body.id}`],
      ['GET', `${api}/last-open`],
    ] as const) {
      expect((await server.request(method, path, { token: cashier.token })).status).toBe(200);
    }
    expect(
      (await server.request('POST', `${api}/update/${created.body.id}`, { token: cashier.token, body: { order_name: 'T' } }))
        .status,
    ).toBe(201);
    expect((await server.request('DELETE', `${api}/delete/${created.body.id}`, { token: cashier.token })).status).toBe(200);
  });
});
