/**
 * Refunds and voids (docs/selling/refunds.md): a full or partial refund returns each line's stock to the warehouse
 * it left and pays money back by the sale's methods — a DEBT method's share off the client's debt — exactly once,
 * whether retried over REST (guid) or pushed twice from a till; over-refunds are a 400 live and a warning from a
 * till's queue; a manager's approval is recorded; another point's cashier is refused; a refunded sale no longer
 * changes; voiding an open order reverses it and records who approved it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockLedgerMismatches } from '../../app/stock/ledger.js';
import { debtLedgerMismatches } from '../../app/debts/ledger.js';
import { sumShiftRefunds } from '../../app/orders/refunds/shift-refunds.js';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectErrorBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { levelOf, movesOf } from '../helpers/receipts.js';
import { debtEntriesOf, debtOf, line, orderBody, orderWorld, type OrderWorld } from '../helpers/orders.js';
import { enrollTerminal } from '../helpers/terminals.js';

const api = '/api/v1/orders';

describe.each(await testEngines())('refunds and voids on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let world: OrderWorld;
  let manager: string;
  let plainEmployee: string;
  let cashier: { id: string; token: string };
  let shift: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server, 'refund-shop');
  });
  afterAll(() => server.close());

  async function employeeWithRole(resources: string[]) {
    const now = new Date().toISOString();
    const role = { business_id: shop.businessId, id: uuidv7(), name: `Role ${resources.join()}`, access_resources: JSON.stringify(resources), is_deleted: 0, dt_created: now, dt_updated: now };
    await server.database.db.insertInto('employee_roles').values(role).execute();
    const employee = (await cashierToken(server, shop, { workplaceId: world.workplace })).id;
    await server.database.db.updateTable('employees').set({ role_id: role.id }).where('id', '=', employee).execute();
    return employee;
  }

  const fresh = async () => {
    world = await orderWorld(server, shop);
    manager = await employeeWithRole(['MANAGER']);
    plainEmployee = await employeeWithRole(['SALES']);
    cashier = await cashierToken(server, shop, { workplaceId: world.workplace, pointId: world.point, rights: ['REFUNDS'] });
    const opened = await server.request('POST', '/api/v1/settlements/create', { token: shop.token, body: { name: 'Shift', workplace_id: world.workplace } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    shift = opened.body.id;
  };
  const books = async () => {
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
    expect(await debtLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  };
  /** A closed 2-tea + 1-coffee sale (40.00) for the world's client: 25.00 cash, 15.00 on account. */
  const sale = async (payments?: { payment_type_id: string; paid_sum: string }[]) => {
    const created = await server.request('POST', `${api}/create`, {
      token: shop.token,
      body: orderBody(world, [line(world.tea, '2', '10', '20'), line(world.coffee, '1', '20', '20')], { subtotal: '40', total_sum: '40' }, {
        client_id: world.client,
        is_closed: true,
        settlement_id: shift,
        payments: payments ?? [
          { payment_type_id: world.cash, paid_sum: '25' },
          { payment_type_id: world.debt, paid_sum: '15' },
        ],
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: string; order_id: string; items: { id: string; item_id: string }[] };
  };
  const lineOf = (order: { items: { id: string; item_id: string }[] }, item: string) => order.items.find((entry) => entry.item_id === item)!.id;
  const refund = (orderId: string, body: Record<string, unknown>, token = cashier.token) =>
    server.request('POST', `${api}/refund/${orderId}`, { token, body: { refund_number: 'R-1', manager_id: manager, settlement_id: shift, ...body } });

  it('a full refund returns every line’s stock, pays the cash back and takes the sale’s debt off the client, once', async () => {
    await fresh();
    const order = await sale();
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(-2000n);
    expect(await debtOf(server, shop, world.client)).toBe(1500n);
    const done = await refund(order.id, {
      lines: [
        { order_line_id: lineOf(order, world.tea), quantity: '2' },
        { order_line_id: lineOf(order, world.coffee), quantity: '1' },
      ],
      payments: [
        { payment_type_id: world.cash, amount: '25' },
        { payment_type_id: world.debt, amount: '15' },
      ],
      reason: 'changed mind',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body).toMatchObject({
      order_id: order.id,
      order_number: order.order_id,
      total_sum: '40',
      manager_id: manager,
      employee_id: cashier.id,
      settlement_id: shift,
      workplace_id: world.workplace,
      reason: 'changed mind',
    });
    expect(done.body.lines.map((entry: { quantity: string; amount: string; warehouse_id: string }) => [entry.quantity, entry.amount, entry.warehouse_id])).toEqual([
      ['2', '20', world.warehouse],
      ['1', '20', world.warehouse],
    ]);
    expect(done.body.payments.map((entry: { is_debt: boolean; client_id: string | null }) => [entry.is_debt, entry.client_id])).toEqual([
      [false, null],
      [true, world.client],
    ]);
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(0n);
    expect(await levelOf(server, shop, world.coffee, world.warehouse)).toBe(0n);
    expect((await movesOf(server, shop, order.id)).filter((move) => move[0] === 'refund')).toHaveLength(2);
    expect(await debtOf(server, shop, world.client)).toBe(0n);
    expect(await debtEntriesOf(server, shop, world.client)).toEqual([1500n, -1500n]);
    const stored = await server.database.db.selectFrom('orders').select(['debt_posted', 'debt_client_id', 'is_refunded']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect([BigInt(stored.debt_posted), stored.debt_client_id, Number(stored.is_refunded)]).toEqual([0n, null, 0]);
    // The shift's refunds by method, for its X and Z reports.
    const totals = await sumShiftRefunds(server.database.db, { businessId: shop.businessId }, shift);
    expect(totals.total).toBe(4000n);
    expect(totals.refundCount).toBe(1);
    expect(totals.byMethod.map((entry) => [entry.paymentMethodId, entry.amount, entry.kind])).toEqual(
      [
        [world.cash, 2500n, 'CASH'],
        [world.debt, 1500n, 'DEBT'],
      ].sort((a, b) => ((a[0] === world.cash ? 'Cash' : 'On account') < (b[0] === world.cash ? 'Cash' : 'On account') ? -1 : 1)),
    );
    // Nothing is left to take back, and the refunded sale no longer changes or disappears.
    expectValidation(await refund(order.id, { lines: [{ order_line_id: lineOf(order, world.tea), quantity: '1' }], payments: [] }), 'lines.0.quantity must be at most 0');
    expectErrorBody(await server.request('POST', `${api}/update/${order.id}`, { token: shop.token, body: { is_refunded: true } }), 409, 'has refunds');
    expectErrorBody(await server.request('DELETE', `${api}/delete/${order.id}`, { token: shop.token }), 409, 'has refunds');
    const read = await server.request('GET', `${api}/refunds/${done.body.id}`, { token: cashier.token });
    expect(read.body).toEqual(done.body);
    const ofOrder = await server.request('GET', `${api}/${order.id}/refunds`, { token: cashier.token });
    expect(ofOrder.body.map((entry: { id: string }) => entry.id)).toEqual([done.body.id]);
    const ofShift = await server.request('GET', `${api}/refunds?settlement_id=${shift}`, { token: cashier.token });
    expect(ofShift.body.map((entry: { id: string }) => entry.id)).toEqual([done.body.id]);
    await books();
  });

  it('partial refunds take back their share of the total, and the last one gets exactly what is left', async () => {
    await fresh();
    // 3 teas at 10 with a 1.00 order discount: 30 − 1 = 29; one tea is worth 9.67, the other two the rest (19.33).
    const created = await server.request('POST', `${api}/create`, {
      token: shop.token,
      body: orderBody(world, [line(world.tea, '3', '10', '30')], { subtotal: '30', total_sum: '29' }, {
        is_closed: true,
        settlement_id: shift,
        discounts: [{ discount_value: '1' }],
        payments: [{ payment_type_id: world.cash, paid_sum: '29' }],
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const order = created.body;
    const teaLine = lineOf(order, world.tea);
    expectValidation(
      await refund(order.id, { lines: [{ order_line_id: teaLine, quantity: '1' }], payments: [{ payment_type_id: world.cash, amount: '10' }] }),
      'payments must add up to 9.67',
    );
    const first = await refund(order.id, { lines: [{ order_line_id: teaLine, quantity: '1' }], payments: [{ payment_type_id: world.cash, amount: '9.67' }] });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(-2000n);
    const second = await refund(order.id, { refund_number: 'R-2', lines: [{ order_line_id: teaLine, quantity: '2' }], payments: [{ payment_type_id: world.cash, amount: '19.33' }] });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(0n);
    const totals = await sumShiftRefunds(server.database.db, { businessId: shop.businessId }, shift);
    expect([totals.total, totals.refundCount]).toEqual([2900n, 2]);
    await books();
  });

  it('belongs to the shift it is made in: a sale of a closed shift is refunded in today’s, whose refunds it counts', async () => {
    await fresh();
    const order = await sale();
    const yesterday = shift;
    const closed = await server.request('PATCH', `/api/v1/settlements/update/${yesterday}`, { token: shop.token, body: { is_closed: true } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const today = (await server.request('POST', '/api/v1/settlements/create', { token: shop.token, body: { name: 'Today', workplace_id: world.workplace } })).body.id;
    const lines = [{ order_line_id: lineOf(order, world.coffee), quantity: '1' }];
    // Not into the closed shift: that is a 409 live.
    expectErrorBody(await refund(order.id, { lines, payments: [{ payment_type_id: world.cash, amount: '20' }] }), 409, 'is closed');
    const done = await refund(order.id, { settlement_id: today, lines, payments: [{ payment_type_id: world.cash, amount: '20' }] });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect((await sumShiftRefunds(server.database.db, { businessId: shop.businessId }, today)).total).toBe(2000n);
    expect((await sumShiftRefunds(server.database.db, { businessId: shop.businessId }, yesterday)).total).toBe(0n);
    // Yesterday's recorded takings are what they were.
    const recorded = (await server.request('GET', `/api/v1/settlements/${yesterday}`, { token: shop.token })).body;
    expect(recorded.totals).toEqual(closed.body.totals);
    await books();
  });

  it('refuses to take back more than is left of a line, or more money than a method took, naming the field', async () => {
    await fresh();
    const order = await sale();
    const tea = lineOf(order, world.tea);
    expectValidation(
      await refund(order.id, { lines: [{ order_line_id: tea, quantity: '3' }], payments: [{ payment_type_id: world.cash, amount: '30' }] }),
      'lines.0.quantity must be at most 2: 2 sold, 0 refunded already',
    );
    // The same line named twice adds up.
    expectValidation(
      await refund(order.id, { lines: [{ order_line_id: tea, quantity: '1' }, { order_line_id: tea, quantity: '2' }], payments: [] }),
      'lines.0.quantity must be at most 2',
    );
    expectValidation(
      await refund(order.id, { lines: [{ order_line_id: tea, quantity: '2' }], payments: [{ payment_type_id: world.debt, amount: '20' }] }),
      'payments.0.amount must be at most 15',
    );
    expectValidation(
      await refund(order.id, { lines: [{ order_line_id: tea, quantity: '1' }], payments: [{ payment_type_id: world.card, amount: '10' }] }),
      'payments.0.payment_type_id must be a payment method the sale was paid with',
    );
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(-2000n);
    expect(await server.database.db.selectFrom('order_refunds').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
    // Cash took 50 but gave 15 change: it can pay back 35 at most, whatever the payment row says.
    const withChange = await server.request('POST', `${api}/create`, {
      token: shop.token,
      body: orderBody(world, [line(world.coffee, '2', '20', '40')], { subtotal: '40', total_sum: '40' }, {
        is_closed: true,
        settlement_id: shift,
        total_change: '15',
        payments: [
          { payment_type_id: world.cash, paid_sum: '50' },
          { payment_type_id: world.card, paid_sum: '5' },
        ],
      }),
    });
    expect(withChange.status, JSON.stringify(withChange.body)).toBe(201);
    const coffee = lineOf(withChange.body, world.coffee);
    expectValidation(
      await refund(withChange.body.id, { lines: [{ order_line_id: coffee, quantity: '2' }], payments: [{ payment_type_id: world.cash, amount: '40' }] }),
      'payments.0.amount must be at most 35',
    );
    const split = await refund(withChange.body.id, {
      lines: [{ order_line_id: coffee, quantity: '2' }],
      payments: [
        { payment_type_id: world.cash, amount: '35' },
        { payment_type_id: world.card, amount: '5' },
      ],
    });
    expect(split.status, JSON.stringify(split.body)).toBe(201);
  });

  it('two refunds of the same units at once: one is made, the other told nothing is left', async () => {
    await fresh();
    const order = await sale();
    const body = (number: string) => ({ refund_number: number, lines: [{ order_line_id: lineOf(order, world.tea), quantity: '2' }], payments: [{ payment_type_id: world.cash, amount: '20' }] });
    const answers = await Promise.all([refund(order.id, body('R-a')), refund(order.id, body('R-b'))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expectValidation(answers.find((answer) => answer.status === 400)!, 'lines.0.quantity must be at most 0');
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(0n);
    await books();
  });

  it('a refund of a sale on account takes its worth off the client’s debt and off what the order has on it', async () => {
    await fresh();
    const order = await sale([{ payment_type_id: world.debt, paid_sum: '40' }]);
    expect(await debtOf(server, shop, world.client)).toBe(4000n);
    const done = await refund(order.id, { lines: [{ order_line_id: lineOf(order, world.coffee), quantity: '1' }], payments: [{ payment_type_id: world.debt, amount: '20' }] });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(await debtOf(server, shop, world.client)).toBe(2000n);
    expect(await debtEntriesOf(server, shop, world.client)).toEqual([4000n, -2000n]);
    const stored = await server.database.db.selectFrom('orders').select(['debt_posted', 'debt_client_id']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect([BigInt(stored.debt_posted), stored.debt_client_id]).toEqual([2000n, world.client]);
    expect(await levelOf(server, shop, world.coffee, world.warehouse)).toBe(0n);
    await books();
  });

  it('a REST retry with the same guid answers the refund already made; another body with that guid is a 409', async () => {
    await fresh();
    const order = await sale();
    const body = { guid: 'refund-guid-1', lines: [{ order_line_id: lineOf(order, world.coffee), quantity: '1' }], payments: [{ payment_type_id: world.cash, amount: '20' }] };
    const first = await refund(order.id, body);
    const again = await refund(order.id, body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await levelOf(server, shop, world.coffee, world.warehouse)).toBe(0n);
    expectErrorBody(await refund(order.id, { ...body, reason: 'other' }), 409, 'already exists with different content');
    await books();
  });

  it('a refund pushed twice from a till is applied once; two tills refunding one sale offline are both applied, the second warned', async () => {
    await fresh();
    const order = await sale();
    const till1 = await enrollTerminal(server, shop, world.workplace, 'Till 1');
    const till2 = await enrollTerminal(server, shop, world.workplace, 'Till 2');
    const mutation = (seq: number, args: unknown) => ({
      seq,
      mutationId: uuidv7(),
      name: 'OrderRefundController_create',
      v: 1,
      occurredAt: new Date().toISOString(),
      actor: { employeeId: cashier.id },
      params: { id: order.id },
      args,
    });
    const push = async (till: typeof till1, mutations: unknown[]) => {
      const response = await server.request('POST', '/api/v1/sync/push', {
        token: till.token,
        body: { protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, mutations },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.results as { status: string; result: { warnings?: { code: string }[] } }[];
    };
    const args = { refund_number: 'T1-1', manager_id: manager, settlement_id: shift, lines: [{ order_line_id: lineOf(order, world.tea), quantity: '2' }], payments: [{ payment_type_id: world.cash, amount: '20' }] };
    const once = mutation(1, args);
    const [applied] = await push(till1, [once]);
    expect(applied!.status).toBe('applied');
    await push(till1, [once]);
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(0n);
    expect(await server.database.db.selectFrom('order_refunds').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
    // The other till refunded the same two teas offline: it happened, so it is applied and said.
    const [late] = await push(till2, [mutation(1, { ...args, refund_number: 'T2-1' })]);
    expect(late!.status).toBe('applied');
    expect(late!.result.warnings).toEqual([{ code: 'OVER_REFUND', orderId: order.id, itemId: world.tea, quantity: '2' }]);
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(2000n);
    await books();
  });

  it('refuses another point’s cashier, a cashier without a manager’s approval, and bad input, naming each field', async () => {
    await fresh();
    const order = await sale();
    const tea = lineOf(order, world.tea);
    const good = { lines: [{ order_line_id: tea, quantity: '1' }], payments: [{ payment_type_id: world.cash, amount: '10' }] };
    const elsewhere = await cashierToken(server, shop, { workplaceId: world.bareWorkplace, pointId: world.barePoint });
    expectErrorBody(await refund(order.id, good, elsewhere.token), 403);
    expectValidation(await refund(order.id, { ...good, manager_id: null }), 'manager_id is required');
    expectValidation(await refund(order.id, { ...good, manager_id: plainEmployee }), 'manager_id must be a manager');
    expectValidation(await refund(order.id, { ...good, manager_id: uuidv7() }), 'manager_id must be an employee of the business');
    expectValidation(await refund(order.id, { ...good, lines: [] }), 'lines must name at least one line');
    expectValidation(await refund(order.id, { ...good, lines: [{ order_line_id: tea, quantity: '-1' }] }), 'lines.0.quantity');
    expectValidation(await refund(order.id, { ...good, lines: [{ order_line_id: tea, quantity: 'lots' }] }), 'lines.0.quantity');
    expectValidation(await refund(order.id, { ...good, lines: [{ order_line_id: uuidv7(), quantity: '1' }] }), `lines.0.order_line_id must be a line of order ${order.order_id}`);
    expectValidation(await refund(order.id, { ...good, settlement_id: uuidv7() }), 'settlement_id must be an existing settlement');
    // Another point's till: the cashier's own point first (issue 28 §1), then, for an owner, the sale's point.
    expectErrorBody(await refund(order.id, { ...good, workplace_id: world.bareWorkplace }), 403, 'workplace_id must be a workplace of your own point');
    expectValidation(await refund(order.id, { ...good, manager_id: undefined, workplace_id: world.bareWorkplace }, shop.token), 'workplace_id must be a workplace of the sale’s point');
    expectValidation(await refund(order.id, { ...good, refund_number: '' }), 'refund_number');
    expectValidation(await refund(order.id, { ...good, surprise: 1 }), 'surprise');
    expectErrorBody(await refund(uuidv7(), good), 404);
    // An owner approves a refund themselves.
    const byOwner = await refund(order.id, { ...good, manager_id: undefined }, shop.token);
    expect(byOwner.status, JSON.stringify(byOwner.body)).toBe(201);
    expect(byOwner.body.manager_id).toBe(byOwner.body.employee_id);
    await books();
  });

  it('voids an open order with a manager’s approval recorded: its stock comes back once, and a closed sale is refunded instead', async () => {
    await fresh();
    const open = await server.request('POST', `${api}/create`, {
      token: shop.token,
      body: orderBody(world, [line(world.tea, '2', '10', '20')], { subtotal: '20', total_sum: '20' }, { settlement_id: shift }),
    });
    expect(open.status).toBe(201);
    expectErrorBody(await refund(open.body.id, { lines: [{ order_line_id: open.body.items[0].id, quantity: '1' }], payments: [] }), 409, 'void it instead');
    expectValidation(await server.request('POST', `${api}/void/${open.body.id}`, { token: cashier.token, body: {} }), 'manager_id is required');
    const voided = await server.request('POST', `${api}/void/${open.body.id}`, { token: cashier.token, body: { manager_id: manager, reason: 'wrong table' } });
    expect(voided.status, JSON.stringify(voided.body)).toBe(201);
    expect(voided.body.is_voided).toBe(true);
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(0n);
    const record = await server.database.db.selectFrom('order_voids').selectAll().where('order_id', '=', open.body.id).execute();
    expect(record.map((row) => [row.manager_id, row.employee_id, row.reason, row.settlement_id])).toEqual([[manager, cashier.id, 'wrong table', shift]]);
    const again = await server.request('POST', `${api}/void/${open.body.id}`, { token: cashier.token, body: { manager_id: manager } });
    expect(again.status).toBe(201);
    expect(await server.database.db.selectFrom('order_voids').select('id').where('order_id', '=', open.body.id).execute()).toHaveLength(1);
    const closed = await sale();
    expectErrorBody(await server.request('POST', `${api}/void/${closed.id}`, { token: cashier.token, body: { manager_id: manager } }), 409, 'refund it instead');
    await books();
  });
});
