/**
 * Order update and delete: replaced lists (D7), only differences posted to stock and debt (D6), void and refund
 * reverse once, deletes of paid or closed orders reverse their effects once (issue 13 §1.5), and concurrent changes of one order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockLedgerMismatches } from '../../app/stock/ledger.js';
import { debtLedgerMismatches } from '../../app/debts/ledger.js';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectErrorBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { insertClient } from '../helpers/fixtures.js';
import { levelOf, moveCount, movesOf, sortMoves } from '../helpers/receipts.js';
import { auditEntries, debtEntriesOf, debtOf, line, orderBody, orderWorld, type OrderWorld } from '../helpers/orders.js';

const api = '/api/v1/orders';

describe.each(await testEngines())('order changes on %s', (engine) => {
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
  const create = async (body: unknown, token = shop.token) => {
    const created = await server.request('POST', `${api}/create`, { token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  };
  const update = (id: string, body: unknown, token = shop.token) =>
    server.request('POST', `${api}/update/${id}`, { token, body });
  const remove = (id: string, token = shop.token) => server.request('DELETE', `${api}/delete/${id}`, { token });
  const books = async () => {
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
    expect(await debtLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  };
  /** A 2-tea + 1-coffee order (40.00) for the world's client, 15.00 of it on debt. */
  const standardOrder = (overrides: Record<string, unknown> = {}) =>
    create(
      orderBody(
        world,
        [line(world.tea, '2', '10', '20'), line(world.coffee, '1', '20', '20')],
        { subtotal: '40', total_sum: '40' },
        {
          client_id: world.client,
          payments: [
            { payment_type_id: world.cash, paid_sum: '25' },
            { payment_type_id: world.debt, paid_sum: '15' },
          ],
          ...overrides,
        },
      ),
    );

  it('D6: new lines post, removed lines reverse, a changed quantity posts only its difference', async () => {
    await fresh();
    const order = await standardOrder();
    const changed = await update(order.id, {
      items: [line(world.tea, '5', '10', '50'), line(world.syrup, '1', '3', '3')],
      subtotal: '53',
      total_sum: '53',
      payments: [
        { payment_type_id: world.cash, paid_sum: '38' },
        { payment_type_id: world.debt, paid_sum: '15' },
      ],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(201);
    expect(changed.body).toMatchObject({ subtotal: '53', total_sum: '53', total_paid: '53' });
    expect(changed.body.items.map((item: { item_id: string; quantity: string }) => [item.item_id, item.quantity])).toEqual([
      [world.tea, '5'],
      [world.syrup, '1'],
    ]);
    expect(await movesOf(server, shop, order.id)).toEqual(
      sortMoves([
        ['sale', world.tea, world.warehouse, -2000n],
        ['sale', world.coffee, world.warehouse, -1000n],
        ['sale', world.tea, world.warehouse, -3000n],
        ['sale', world.syrup, world.warehouse, -1000n],
        ['sale_reversal', world.coffee, world.warehouse, 1000n],
      ]),
    );
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(-5000n);
    expect(await levelOf(server, shop, world.coffee, world.warehouse)).toBe(0n);
    // The replaced lines stay as history, soft-deleted; the live ones are the new list.
    const stored = await server.database.db
      .selectFrom('order_lines')
      .select(['item_id', 'is_deleted'])
      .where('order_id', '=', order.id)
      .execute();
    expect(stored.filter((row) => Number(row.is_deleted) === 1)).toHaveLength(2);
    expect(stored.filter((row) => Number(row.is_deleted) === 0)).toHaveLength(2);
    await books();
  });

  it('a line keeps the warehouse the order already takes its item from, even after the point’s default changes', async () => {
    await fresh();
    const order = await create(orderBody(world, [line(world.tea, '1', '10', '10')], { subtotal: '10', total_sum: '10' }));
    await server.database.db
      .updateTable('points')
      .set({ default_warehouse_id: world.warehouse2 })
      .where('id', '=', world.point)
      .execute();
    const changed = await update(order.id, {
      items: [line(world.tea, '2', '10', '20'), line(world.coffee, '1', '20', '20')],
      subtotal: '40',
      total_sum: '40',
    });
    expect(changed.body.items.map((item: { warehouse_id: string }) => item.warehouse_id)).toEqual([
      world.warehouse,
      world.warehouse2,
    ]);
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(-2000n);
    expect(await levelOf(server, shop, world.tea, world.warehouse2)).toBe(0n);
  });

  it('a list sent again unchanged changes nothing: same rows, no stock entries', async () => {
    await fresh();
    const order = await standardOrder();
    const moves = await moveCount(server, shop);
    const again = await update(order.id, {
      items: [line(world.tea, '2', '10', '20'), line(world.coffee, '1', '20', '20')],
      payments: [
        { payment_type_id: world.cash, paid_sum: '25' },
        { payment_type_id: world.debt, paid_sum: '15' },
      ],
      order_name: 'Renamed',
    });
    expect(again.status).toBe(201);
    expect(again.body.order_name).toBe('Renamed');
    expect(again.body.items.map((item: { id: string }) => item.id)).toEqual(order.items.map((item: { id: string }) => item.id));
    expect(again.body.payments.map((payment: { id: string }) => payment.id)).toEqual(
      order.payments.map((payment: { id: string }) => payment.id),
    );
    expect(await moveCount(server, shop)).toBe(moves);
    expect(await debtEntriesOf(server, shop, world.client)).toEqual([1500n]);
  });

  it('D7: discounts sent on update replace the order’s discounts instead of being appended', async () => {
    await fresh();
    const order = await create(
      orderBody(
        world,
        [line(world.tea, '2', '10', '20')],
        { subtotal: '20', total_sum: '18' },
        { discounts: [{ discount_value: '2' }] },
      ),
    );
    for (const value of ['3', '4']) {
      const changed = await update(order.id, { discounts: [{ discount_value: value }], total_sum: String(20 - Number(value)) });
      expect(changed.status, JSON.stringify(changed.body)).toBe(201);
    }
    const fetched = await server.request('GET', `${api}/${order.id}`, { token: shop.token });
    expect(fetched.body.discounts).toEqual([expect.objectContaining({ discount_value: '4' })]);
    expect(fetched.body).toMatchObject({ total_discount: '4', total_sum: '16' });
    const live = await server.database.db
      .selectFrom('order_discounts')
      .select('id')
      .where('order_id', '=', order.id)
      .where('is_deleted', '=', 0)
      .execute();
    expect(live).toHaveLength(1);
    // An empty list removes them; a total that disagrees with the new state is refused.
    expectValidation(
      await update(order.id, { discounts: [], total_sum: '16' }),
      'total_sum must equal subtotal - total_discount + total_tax + delivery_fee: expected "20"',
    );
    expect((await update(order.id, { discounts: [] })).body).toMatchObject({
      total_discount: '0',
      total_sum: '20',
      discounts: [],
    });
  });

  it('the creator stays in employee_id; the editor is recorded in the audit entry', async () => {
    await fresh();
    const order = await standardOrder();
    const cashier = await cashierToken(server, shop, { pointId: world.point, workplaceId: world.workplace });
    const changed = await update(order.id, { items: [line(world.tea, '4', '10', '40')] }, cashier.token);
    expect(changed.status, JSON.stringify(changed.body)).toBe(201);
    expect(changed.body.employee_id).toBe(shop.userId);
    // New lines are the editor's.
    expect(changed.body.items[0].employee_id).toBe(cashier.id);
    const audits = (await auditEntries(server, shop, 'UPDATE_ORDER')).filter((entry) => entry.details?.includes(order.id));
    expect(audits).toEqual([expect.objectContaining({ user_id: cashier.id, type: 'ORDER' })]);
  });

  it('D5: payment_type_id on update is accepted and ignored, never a 500', async () => {
    await fresh();
    const order = await standardOrder();
    const changed = await update(order.id, { payment_type_id: world.card, order_name: 'Paid by card' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(201);
    expect(changed.body).toMatchObject({ order_name: 'Paid by card' });
    expect(changed.body).not.toHaveProperty('payment_type_id');
  });

  it('changes of DEBT payments and of the client post only the difference to the right clients', async () => {
    await fresh();
    const order = await standardOrder();
    expect(await debtOf(server, shop, world.client)).toBe(1500n);
    await update(order.id, {
      payments: [
        { payment_type_id: world.cash, paid_sum: '20' },
        { payment_type_id: world.debt, paid_sum: '20' },
      ],
    });
    expect(await debtEntriesOf(server, shop, world.client)).toEqual([1500n, 500n]);
    const other = await insertClient(server, shop, 'Other');
    const moved = await update(order.id, { client_id: other });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    expect(await debtOf(server, shop, world.client)).toBe(0n);
    expect(await debtOf(server, shop, other)).toBe(2000n);
    await update(order.id, { payments: [{ payment_type_id: world.card, paid_sum: '40' }] });
    expect(await debtOf(server, shop, other)).toBe(0n);
    expectValidation(
      await update(order.id, { client_id: null, payments: [{ payment_type_id: world.debt, paid_sum: '40' }] }),
      'client_id is required: payments.0.payment_type_id is a DEBT payment method',
    );
    expectValidation(await update(order.id, { client_id: 'nobody' }), 'client_id must be an existing client');
    await books();
  });

  it('a void reverses the order’s stock and debt once; repeating it changes nothing; a voided order is final', async () => {
    await fresh();
    const order = await standardOrder();
    const voided = await update(order.id, { is_voided: true });
    expect(voided.status, JSON.stringify(voided.body)).toBe(201);
    expect(voided.body).toMatchObject({ is_voided: true });
    expect(voided.body.items.every((item: { is_voided: boolean }) => item.is_voided)).toBe(true);
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(0n);
    expect(await debtOf(server, shop, world.client)).toBe(0n);
    const moves = await moveCount(server, shop);
    const audits = (await auditEntries(server, shop, 'UPDATE_ORDER')).length;
    const again = await update(order.id, { is_voided: true });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(voided.body);
    expect(await moveCount(server, shop)).toBe(moves);
    expect((await auditEntries(server, shop, 'UPDATE_ORDER')).length).toBe(audits);
    expectErrorBody(await update(order.id, { is_voided: false }), 409, 'Order is voided: it cannot be changed');
    expectErrorBody(await update(order.id, { order_name: 'x' }), 409, 'Order is voided');
    expect(await debtEntriesOf(server, shop, world.client)).toEqual([1500n, -1500n]);
    await books();
  });

  it('a refund needs a closed order, reverses its stock and debt, and is final', async () => {
    await fresh();
    const order = await standardOrder();
    expectErrorBody(await update(order.id, { is_refunded: true }), 409, 'Only a closed order can be refunded');
    expectValidation(
      await update(order.id, { is_refunded: true, is_voided: true }),
      'is_voided and is_refunded cannot both be set',
    );
    const closed = await update(order.id, { is_closed: true });
    expect(closed.body).toMatchObject({ is_closed: true, dt_closed: expect.any(String) });
    const refunded = await update(order.id, { is_refunded: true });
    expect(refunded.status).toBe(201);
    expect(refunded.body).toMatchObject({ is_refunded: true, is_closed: true, dt_closed: closed.body.dt_closed });
    expect(await levelOf(server, shop, world.coffee, world.warehouse)).toBe(0n);
    expect(await debtOf(server, shop, world.client)).toBe(0n);
    const moves = await moveCount(server, shop);
    expect((await update(order.id, { is_refunded: true })).status).toBe(201);
    expect(await moveCount(server, shop)).toBe(moves);
    expectErrorBody(await update(order.id, { items: [] }), 409, 'Order is refunded');
    await books();
  });

  it('closing sets dt_closed; reopening clears it', async () => {
    await fresh();
    const order = await standardOrder();
    const closed = await update(order.id, { is_closed: true });
    const reopened = await update(order.id, { is_closed: false });
    expect(reopened.body).toMatchObject({ is_closed: false, dt_closed: null });
    expect(closed.body.dt_closed).not.toBeNull();
  });

  it('a delivery sent replaces the order’s; null removes it; sending one again revives the same row', async () => {
    await fresh();
    const order = await standardOrder();
    const delivery = {
      customer_name: 'Ann',
      contact_phone: '1',
      shipping_address: 'a',
      city: 'c',
      postal_code: 'p',
      country: 'UZ',
    };
    const first = await update(order.id, { delivery });
    expect(first.body.delivery).toMatchObject({ customer_name: 'Ann', country: 'UZ' });
    expect((await update(order.id, { delivery: null })).body.delivery).toBeNull();
    const again = await update(order.id, { delivery: { ...delivery, city: 'Samarkand' } });
    expect(again.body.delivery).toMatchObject({ id: first.body.delivery.id, city: 'Samarkand', is_deleted: false });
  });

  it('answers 404 for an unknown, deleted or another business’s order, and changes nothing', async () => {
    await fresh();
    const theirs = await orderWorld(server, rival);
    const foreign = await create(
      orderBody(theirs, [line(theirs.tea, '1', '1', '1')], { subtotal: '1', total_sum: '1' }),
      rival.token,
    );
    const mine = await create(orderBody(world, [line(world.tea, '1', '1', '1')], { subtotal: '1', total_sum: '1' }));
    expect((await remove(mine.id)).status).toBe(200);
    for (const id of [foreign.id, mine.id, 'no-such-order']) {
      expectErrorBody(await update(id, { order_name: 'x' }), 404, 'Order not found');
      expectErrorBody(await remove(id), 404, 'Order not found');
    }
    const stored = await server.database.db
      .selectFrom('orders')
      .select(['order_name', 'is_deleted'])
      .where('id', '=', foreign.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ order_name: null });
    expect(Number(stored.is_deleted)).toBe(0);
  });

  it('deleting an open unpaid order reverses its stock', async () => {
    await fresh();
    const unpaid = await create(orderBody(world, [line(world.tea, '3', '1', '3')], { subtotal: '3', total_sum: '3' }));
    const deleted = await remove(unpaid.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: unpaid.id, is_deleted: true });
    expect(await movesOf(server, shop, unpaid.id)).toEqual(
      sortMoves([
        ['sale', world.tea, world.warehouse, -3000n],
        ['sale_reversal', world.tea, world.warehouse, 3000n],
      ]),
    );
    await books();
  });

  it('deleting a paid order reverses its stock and its debt once, by reversing entries, then soft-deletes it', async () => {
    await fresh();
    const paid = await standardOrder();
    expect(await debtOf(server, shop, world.client)).toBe(1500n);
    const debtEntriesBefore = (await debtEntriesOf(server, shop, world.client)).length;
    const deleted = await remove(paid.id);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toMatchObject({ id: paid.id, is_deleted: true });
    expect(await movesOf(server, shop, paid.id)).toEqual(
      sortMoves([
        ['sale', world.tea, world.warehouse, -2000n],
        ['sale', world.coffee, world.warehouse, -1000n],
        ['sale_reversal', world.tea, world.warehouse, 2000n],
        ['sale_reversal', world.coffee, world.warehouse, 1000n],
      ]),
    );
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(0n);
    expect(await debtOf(server, shop, world.client)).toBe(0n);
    // One reversing debt entry appended; nothing rewritten.
    expect((await debtEntriesOf(server, shop, world.client)).length).toBe(debtEntriesBefore + 1);
    // A second delete finds no live order and reverses nothing again.
    expectErrorBody(await remove(paid.id), 404, 'Order not found');
    expect(await movesOf(server, shop, paid.id)).toHaveLength(4);
    expect(await debtOf(server, shop, world.client)).toBe(0n);
    const audits = await auditEntries(server, shop, 'DELETE_ORDER');
    expect(audits.filter((entry) => entry.details?.includes(paid.id))).toEqual([
      expect.objectContaining({ type: 'ORDER', user_id: shop.userId }),
    ]);
    await books();
  });

  it('deleting a closed order reverses its stock once; one voided or refunded before reverses nothing more', async () => {
    await fresh();
    const closed = await create(
      orderBody(world, [line(world.tea, '1', '1', '1')], { subtotal: '1', total_sum: '1' }, { is_closed: true }),
    );
    expect((await remove(closed.id)).status).toBe(200);
    expect(await movesOf(server, shop, closed.id)).toEqual(
      sortMoves([
        ['sale', world.tea, world.warehouse, -1000n],
        ['sale_reversal', world.tea, world.warehouse, 1000n],
      ]),
    );
    const refunded = await create(
      orderBody(world, [line(world.tea, '2', '1', '2')], { subtotal: '2', total_sum: '2' }, { is_closed: true }),
    );
    expect((await update(refunded.id, { is_refunded: true, is_closed: true })).status).toBe(201);
    expect(await movesOf(server, shop, refunded.id)).toHaveLength(2);
    expect((await remove(refunded.id)).status).toBe(200);
    expect(await movesOf(server, shop, refunded.id)).toHaveLength(2);
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(0n);
    await books();
  });

  it('concurrent deletes of one paid order reverse its stock and debt exactly once', async () => {
    await fresh();
    const paid = await standardOrder();
    const answers = await Promise.all(Array.from({ length: 6 }, () => remove(paid.id)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(5).fill(404)]);
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(0n);
    expect(await levelOf(server, shop, world.coffee, world.warehouse)).toBe(0n);
    expect(await debtOf(server, shop, world.client)).toBe(0n);
    expect(await debtEntriesOf(server, shop, world.client)).toHaveLength(2);
    await books();
  });

  it('concurrent voids, deletes and edits of orders reverse each sale exactly once', async () => {
    await fresh();
    const [first, second, third] = [
      await standardOrder(),
      await create(orderBody(world, [line(world.tea, '4', '1', '4')], { subtotal: '4', total_sum: '4' })),
      await standardOrder(),
    ];
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => update(first.id, { is_voided: true })),
      ...Array.from({ length: 6 }, () => remove(second.id)),
      ...Array.from({ length: 6 }, (_, index) =>
        update(third.id, { items: [line(world.tea, String(index + 1), '10', String((index + 1) * 10))] }),
      ),
    ]);
    expect(answers.slice(0, 6).map((answer) => answer.status)).toEqual(Array(6).fill(201));
    expect(
      answers
        .slice(6, 12)
        .map((answer) => answer.status)
        .sort(),
    ).toEqual([200, ...Array(5).fill(404)]);
    expect(answers.slice(12).map((answer) => answer.status)).toEqual(Array(6).fill(201));
    const final = await server.request('GET', `${api}/${third.id}`, { token: shop.token });
    const teaInThird = BigInt(final.body.items[0].quantity) * 1000n;
    // Only the third order still takes stock: whichever edit committed last.
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(-teaInThird);
    expect(await levelOf(server, shop, world.coffee, world.warehouse)).toBe(0n);
    expect(await debtOf(server, shop, world.client)).toBe(1500n);
    await books();
  });
});
