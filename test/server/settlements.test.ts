/**
 * Settlements (shifts): one open per workplace (one of no workplace per business), closing refuses open orders and records totals by payment method
 * (D14: the reference's close did nothing), reads, 404s, and what a closed shift means for its orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { levelOf } from '../helpers/receipts.js';
import { auditEntries, line, orderBody, orderWorld, type OrderWorld } from '../helpers/orders.js';

const api = '/api/v1/settlements';
const orders = '/api/v1/orders';

describe.each(await testEngines())('settlements on %s', (engine) => {
  let server: TestServer;
  let rival: Tenant;

  beforeAll(async () => {
    server = await startTestServer(engine);
    rival = await registerTenant(server, 'rival');
  });
  afterAll(() => server.close());

  /** A business of its own per test: at most one shift can be open per business. */
  async function business(): Promise<{ shop: Tenant; world: OrderWorld }> {
    const shop = await registerTenant(server, 'shift');
    return { shop, world: await orderWorld(server, shop) };
  }
  const open = (shop: Tenant, body: unknown = { name: 'Morning' }) =>
    server.request('POST', `${api}/create`, { token: shop.token, body });
  const patch = (shop: Tenant, id: string, body: unknown) =>
    server.request('PATCH', `${api}/update/${id}`, { token: shop.token, body });
  const sell = async (shop: Tenant, body: unknown) => {
    const created = await server.request('POST', `${orders}/create`, { token: shop.token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  };

  it('opens a shift and answers 201 with it; a second open shift of no workplace in the business is a 409 naming the open one', async () => {
    const { shop } = await business();
    const opened = await open(shop);
    expect(opened.status).toBe(201);
    expect(opened.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Morning',
      is_closed: false,
      dt_closed: null,
      // An owner's token names no workplace: a back-office shift.
      workplace_id: null,
      totals: null,
      // No cash counted: a reference-shaped opening.
      opening_cash: null,
      counted_cash: null,
      expected_cash: null,
      over_short: null,
      cash_counts: [],
      is_deleted: false,
      dt_created: opened.body.dt_created,
      dt_updated: opened.body.dt_created,
    });
    const second = await open(shop, { name: 'Evening' });
    expectErrorBody(second, 409, 'A settlement of no workplace is already open');
    expect(second.body.detail).toEqual({ id: opened.body.id });
    // Another business has its own shifts.
    expect((await open(rival, { name: 'Theirs' })).status).toBe(201);
    const audits = await auditEntries(server, shop, 'CREATE_SETTLEMENT');
    expect(audits).toEqual([expect.objectContaining({ user_id: shop.userId, type: 'SYSTEM' })]);
  });

  it('concurrent openings of no workplace in one business open exactly one shift', async () => {
    const { shop } = await business();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => open(shop, { name: `Till ${index}` })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(7).fill(409)]);
    const list = await server.request('GET', `${api}/all`, { token: shop.token });
    expect(list.body).toHaveLength(1);
  });

  /** A second workplace at the world's point: two tills in one shop. */
  async function secondTill(shop: Tenant, world: OrderWorld): Promise<string> {
    const created = await server.request('POST', '/api/v1/business-config/workplaces/create', {
      token: shop.token,
      body: { name: 'Till 2', automated_point_id: world.point },
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  it('two tills of one business each open their own shift (the caller’s workplace); a second at the same till is a 409', async () => {
    const { shop, world } = await business();
    const till2 = await secondTill(shop, world);
    const one = await cashierToken(server, shop, { workplaceId: world.workplace, pointId: world.point });
    const two = await cashierToken(server, shop, { workplaceId: till2, pointId: world.point });
    const first = await server.request('POST', `${api}/create`, { token: one.token, body: { name: 'Till 1 morning' } });
    const second = await server.request('POST', `${api}/create`, { token: two.token, body: { name: 'Till 2 morning' } });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect([first.body.workplace_id, second.body.workplace_id]).toEqual([world.workplace, till2]);
    // A back-office shift (owner, no workplace) is independent of the tills' shifts.
    expect((await open(shop, { name: 'Office' })).status).toBe(201);
    // The owner may open a till's shift by naming it (our additive field): refused while that till has one open.
    const again = await open(shop, { name: 'Till 1 again', workplace_id: world.workplace });
    expectErrorBody(again, 409, `A settlement of workplace ${world.workplace} is already open`);
    expect(again.body.detail).toEqual({ id: first.body.id });
    expectErrorBody(await server.request('POST', `${api}/create`, { token: one.token, body: { name: 'x' } }), 409, 'already open');
    // Closing till 1's shift lets till 1 open another; till 2's stays open.
    expect((await patch(shop, first.body.id, { is_closed: true })).status).toBe(200);
    const next = await open(shop, { name: 'Till 1 evening', workplace_id: world.workplace });
    expect(next.status).toBe(201);
    expect((await server.request('GET', `${api}/${second.body.id}`, { token: shop.token })).body).toMatchObject({ is_closed: false });
  });

  it('concurrent openings for one workplace open exactly one shift; for two workplaces, one each', async () => {
    const { shop, world } = await business();
    const till2 = await secondTill(shop, world);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => open(shop, { name: `Shift ${index}`, workplace_id: index % 2 === 0 ? world.workplace : till2 })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, ...Array(6).fill(409)]);
    const list = (await server.request('GET', `${api}/all`, { token: shop.token })).body as { workplace_id: string }[];
    expect(list.map((shift) => shift.workplace_id).sort()).toEqual([world.workplace, till2].sort());
  });

  it('records totals per shift: each till’s shift counts only its own orders', async () => {
    const { shop, world } = await business();
    const till2 = await secondTill(shop, world);
    const shift1 = (await open(shop, { name: 'Till 1', workplace_id: world.workplace })).body;
    const shift2 = (await open(shop, { name: 'Till 2', workplace_id: till2 })).body;
    const sale = (settlement: string, workplace: string, amount: string) =>
      sell(
        shop,
        orderBody(
          world,
          [line(world.tea, '1', amount, amount)],
          { subtotal: amount, total_sum: amount },
          { settlement_id: settlement, workplace_id: workplace, is_closed: true, payments: [{ payment_type_id: world.cash, paid_sum: amount }] },
        ),
      );
    await sale(shift1.id, world.workplace, '10');
    await sale(shift2.id, till2, '25');
    await sale(shift2.id, till2, '5');
    const closed1 = await patch(shop, shift1.id, { is_closed: true });
    const closed2 = await patch(shop, shift2.id, { is_closed: true });
    expect(closed1.body.totals).toEqual([expect.objectContaining({ payment_method_id: world.cash, paid_sum: '10', payment_count: 1 })]);
    expect(closed2.body.totals).toEqual([expect.objectContaining({ payment_method_id: world.cash, paid_sum: '30', payment_count: 2 })]);
  });

  it('refuses a workplace_id that is not a live workplace of the business, or (for a cashier) of the cashier’s point', async () => {
    const { shop, world } = await business();
    const theirs = await orderWorld(server, rival);
    expectValidation(await open(shop, { name: 'x', workplace_id: 'no-such-workplace' }), 'workplace_id must be an existing workplace');
    expectValidation(await open(shop, { name: 'x', workplace_id: theirs.workplace }), 'workplace_id must be an existing workplace');
    const cashier = await cashierToken(server, shop, { workplaceId: world.workplace, pointId: world.point });
    // Another point's workplace: the role matrix refuses it first (403), before the body's own checks.
    expectErrorBody(
      await server.request('POST', `${api}/create`, { token: cashier.token, body: { name: 'x', workplace_id: world.bareWorkplace } }),
      403,
      'workplace_id must name your own point',
    );
    expect((await server.request('GET', `${api}/all`, { token: shop.token })).body).toEqual([]);
  });

  it('latest answers the caller’s own till’s newest shift (or the named workplace’s), and the business’s for an owner', async () => {
    const { shop, world } = await business();
    const till2 = await secondTill(shop, world);
    const one = await cashierToken(server, shop, { workplaceId: world.workplace, pointId: world.point });
    const two = await cashierToken(server, shop, { workplaceId: till2, pointId: world.point });
    const latest = async (token: string, query = '') => server.request('GET', `${api}/latest${query}`, { token });
    const mine = (await server.request('POST', `${api}/create`, { token: one.token, body: { name: 'Till 1' } })).body;
    // Till 2 has no shift yet: "none", not till 1's (its orders must not land in another till's cash-up).
    expect([(await latest(two.token)).status, (await latest(two.token)).body]).toEqual([200, '']);
    await new Promise((resolve) => setTimeout(resolve, 3));
    const theirs = (await server.request('POST', `${api}/create`, { token: two.token, body: { name: 'Till 2' } })).body;
    expect((await latest(one.token)).body).toMatchObject({ id: mine.id, workplace_id: world.workplace });
    expect((await latest(two.token)).body).toMatchObject({ id: theirs.id });
    expect((await latest(shop.token)).body).toMatchObject({ id: theirs.id });
    expect((await latest(shop.token, `?workplace_id=${world.workplace}`)).body).toMatchObject({ id: mine.id });
    expectValidation(await latest(shop.token, '?zzz=1'), 'property zzz should not exist');
  });

  it('D14: closing refuses while the shift has open orders, naming them', async () => {
    const { shop, world } = await business();
    const shift = (await open(shop)).body;
    const pending = await sell(
      shop,
      orderBody(world, [line(world.tea, '1', '10', '10')], { subtotal: '10', total_sum: '10' }, { settlement_id: shift.id }),
    );
    const voided = await sell(
      shop,
      orderBody(world, [line(world.tea, '1', '10', '10')], { subtotal: '10', total_sum: '10' }, { settlement_id: shift.id }),
    );
    await server.request('POST', `${orders}/update/${voided.id}`, { token: shop.token, body: { is_voided: true } });
    const refused = await patch(shop, shift.id, { is_closed: true });
    expectErrorBody(refused, 409, 'The settlement has open orders');
    expect(refused.body.detail).toEqual({ open_orders: [pending.id] });
    expect((await server.request('GET', `${api}/${shift.id}`, { token: shop.token })).body).toMatchObject({
      is_closed: false,
      totals: null,
    });
    await server.request('POST', `${orders}/update/${pending.id}`, { token: shop.token, body: { is_closed: true } });
    expect((await patch(shop, shift.id, { is_closed: true })).status).toBe(200);
  });

  it('D14: closing records what the shift took per payment method: sales, tips, refunds; voided orders do not count', async () => {
    const { shop, world } = await business();
    const shift = (await open(shop)).body;
    const body = (payments: unknown[], extra: Record<string, unknown> = {}) =>
      orderBody(
        world,
        [line(world.tea, '3', '10', '30')],
        { subtotal: '30', total_sum: '30' },
        { settlement_id: shift.id, is_closed: true, client_id: world.client, payments, ...extra },
      );
    await sell(
      shop,
      body([
        { payment_type_id: world.cash, paid_sum: '20', tip_amount: '1.5' },
        { payment_type_id: world.card, paid_sum: '10' },
      ]),
    );
    await sell(shop, body([{ payment_type_id: world.cash, paid_sum: '30' }]));
    const refunded = await sell(shop, body([{ payment_type_id: world.card, paid_sum: '30' }]));
    await server.request('POST', `${orders}/update/${refunded.id}`, { token: shop.token, body: { is_refunded: true } });
    const voided = await sell(shop, body([{ payment_type_id: world.debt, paid_sum: '30' }]));
    await server.request('POST', `${orders}/update/${voided.id}`, { token: shop.token, body: { is_voided: true } });
    await sell(shop, body([{ payment_type_id: world.debt, paid_sum: '30' }]));
    // A payment names its own shift: it counts there, whatever its order's shift.
    const elsewhere = await sell(shop, body([{ payment_type_id: world.cash, paid_sum: '30' }], { settlement_id: null }));
    expect(elsewhere.payments[0].settlement_id).toBeNull();
    await sell(shop, body([{ payment_type_id: world.card, paid_sum: '30', settlement_id: shift.id }], { settlement_id: null }));

    const closed = await patch(shop, shift.id, { is_closed: true, name: 'Morning, closed' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ name: 'Morning, closed', is_closed: true, dt_closed: closed.body.dt_updated });
    expect(closed.body.totals).toEqual(
      [
        { payment_method_id: world.cash, name: 'Cash', paid_sum: '50', tip_amount: '1.5', refunded_sum: '0', payment_count: 2 },
        { payment_method_id: world.card, name: 'Card', paid_sum: '40', tip_amount: '0', refunded_sum: '30', payment_count: 3 },
        {
          payment_method_id: world.debt,
          name: 'On account',
          paid_sum: '30',
          tip_amount: '0',
          refunded_sum: '0',
          payment_count: 1,
        },
      ].sort((a, b) => (a.name < b.name ? -1 : 1)),
    );
    const fetched = await server.request('GET', `${api}/${shift.id}`, { token: shop.token });
    expect(fetched.body).toEqual(closed.body);
    expect((await server.request('GET', `${api}/all`, { token: shop.token })).body).toEqual([closed.body]);
    const audits = await auditEntries(server, shop, 'UPDATE_SETTLEMENT');
    expect(audits.some((entry) => entry.details?.includes('"refunded_sum":"30"'))).toBe(true);
  });

  it('a closed shift cannot be reopened, takes no new orders, and its orders can only be refunded', async () => {
    const { shop, world } = await business();
    const shift = (await open(shop)).body;
    const sale = await sell(
      shop,
      orderBody(
        world,
        [line(world.tea, '2', '10', '20')],
        { subtotal: '20', total_sum: '20' },
        { settlement_id: shift.id, is_closed: true, payments: [{ payment_type_id: world.cash, paid_sum: '20' }] },
      ),
    );
    await patch(shop, shift.id, { is_closed: true });
    expectErrorBody(await patch(shop, shift.id, { is_closed: false }), 409, 'A closed settlement cannot be reopened');
    const late = await server.request('POST', `${orders}/create`, {
      token: shop.token,
      body: orderBody(
        world,
        [line(world.tea, '1', '10', '10')],
        { subtotal: '10', total_sum: '10' },
        { settlement_id: shift.id },
      ),
    });
    expectErrorBody(late, 409, `Settlement ${shift.id} is closed`);
    expectErrorBody(
      await server.request('POST', `${orders}/update/${sale.id}`, { token: shop.token, body: { order_name: 'late edit' } }),
      409,
      'the order can only be refunded',
    );
    const refund = await server.request('POST', `${orders}/update/${sale.id}`, {
      token: shop.token,
      body: { is_refunded: true },
    });
    expect(refund.status).toBe(201);
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(0n);
    // The recorded totals are what the shift took when it closed.
    const fetched = await server.request('GET', `${api}/${shift.id}`, { token: shop.token });
    expect(fetched.body.totals).toEqual([expect.objectContaining({ paid_sum: '20', refunded_sum: '0' })]);
    // A new shift can open now; an order may name it.
    const next = await open(shop, { name: 'Next' });
    expect(next.status).toBe(201);
    await sell(
      shop,
      orderBody(world, [line(world.tea, '1', '10', '10')], { subtotal: '10', total_sum: '10' }, { settlement_id: next.body.id }),
    );
  });

  it('B2: latest answers the newest shift, and 200 with an empty body (as the reference) when the business has none', async () => {
    const { shop } = await business();
    const none = await server.request('GET', `${api}/latest`, { token: shop.token });
    expect([none.status, none.body, none.headers['content-type']]).toEqual([200, '', undefined]);
    expectErrorBody(await server.request('GET', `${api}/no-such-shift`, { token: shop.token }), 404, 'Settlement with ID no-such-shift not found');
    const first = (await open(shop, { name: 'One', is_closed: true })).body;
    expect(first).toMatchObject({ is_closed: true, totals: [] });
    await new Promise((resolve) => setTimeout(resolve, 3));
    const second = (await open(shop, { name: 'Two' })).body;
    const latest = await server.request('GET', `${api}/latest`, { token: shop.token });
    expect(latest.status).toBe(200);
    expect(latest.body).toEqual(second);
    const list = await server.request('GET', `${api}/all`, { token: shop.token });
    expect(list.body.map((row: { id: string }) => row.id)).toEqual([second.id, first.id]);
  });

  it('B2: answers 404 for an unknown, deleted or another business’s shift, and changes nothing', async () => {
    const { shop } = await business();
    const theirs = (await open(rival, { name: 'Rival shift', is_closed: true })).body;
    const mine = (await open(shop)).body;
    const removed = await server.request('DELETE', `${api}/delete/${mine.id}`, { token: shop.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: mine.id, is_deleted: true });
    for (const id of [theirs.id, mine.id, 'no-such-shift']) {
      const message = `Settlement with ID ${id} not found`;
      expectErrorBody(await server.request('GET', `${api}/${id}`, { token: shop.token }), 404, message);
      expectErrorBody(await patch(shop, id, { name: 'x' }), 404, message);
      expectErrorBody(await server.request('DELETE', `${api}/delete/${id}`, { token: shop.token }), 404, message);
    }
    expect((await server.request('GET', `${api}/${theirs.id}`, { token: rival.token })).body).toMatchObject({
      name: 'Rival shift',
      is_deleted: false,
    });
    // Deleting the open shift lets another open.
    expect((await open(shop)).status).toBe(201);
    expect((await auditEntries(server, shop, 'DELETE_SETTLEMENT')).length).toBe(1);
  });

  it('an order and the closing of its shift never interleave: a closed shift never holds an open order', async () => {
    const { shop, world } = await business();
    for (let round = 0; round < 3; round += 1) {
      const shift = (await open(shop, { name: `Round ${round}` })).body;
      const body = orderBody(
        world,
        [line(world.tea, '1', '10', '10')],
        { subtotal: '10', total_sum: '10' },
        { settlement_id: shift.id },
      );
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () => server.request('POST', `${orders}/create`, { token: shop.token, body })),
        patch(shop, shift.id, { is_closed: true }),
        ...Array.from({ length: 4 }, () => server.request('POST', `${orders}/create`, { token: shop.token, body })),
      ]);
      const closing = answers[4];
      const stored = await server.request('GET', `${api}/${shift.id}`, { token: shop.token });
      const open_ = await server.database.db
        .selectFrom('orders')
        .select('id')
        .where('settlement_id', '=', shift.id)
        .where('is_closed', '=', 0)
        .execute();
      if (closing?.status === 200) {
        expect(open_).toEqual([]);
        expect(stored.body.is_closed).toBe(true);
      } else {
        expect(closing?.status).toBe(409);
        expect(stored.body.is_closed).toBe(false);
        // Close the leftovers' shift so the next round can open one.
        for (const order of open_)
          await server.request('POST', `${orders}/update/${order.id}`, { token: shop.token, body: { is_voided: true } });
        expect((await patch(shop, shift.id, { is_closed: true })).status).toBe(200);
      }
      expect(answers.filter((answer, index) => index !== 4 && ![201, 409].includes(answer.status))).toEqual([]);
    }
  });

  it('a shift that orders name is soft-deleted; its orders keep naming it and their stock stays', async () => {
    const { shop, world } = await business();
    const shift = (await open(shop)).body;
    const sold: { id: string } = await sell(
      shop,
      orderBody(world, [line(world.tea, '1', '10', '10')], { subtotal: '10', total_sum: '10' }, { settlement_id: shift.id }),
    );
    const removed = await server.request('DELETE', `${api}/delete/${shift.id}`, { token: shop.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ id: shift.id, is_deleted: true });
    const order = await server.request('GET', `/api/v1/orders/${sold.id}`, { token: shop.token });
    expect(order.body).toMatchObject({ settlement_id: shift.id, is_deleted: false });
    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(-1000n);
    expectErrorBody(await server.request('GET', `${api}/${shift.id}`, { token: shop.token }), 404, `Settlement with ID ${shift.id} not found`);
  });

  it('validates bodies, naming each field; dt_closed only comes with closing', async () => {
    const { shop } = await business();
    expectValidation(await open(shop, {}), 'name is required');
    expectValidation(await open(shop, { name: '' }), 'name should not be empty');
    expectValidation(await open(shop, { name: 'x', is_closed: 'yes' }), 'is_closed must be a boolean');
    expectValidation(await open(shop, { name: 'x', dt_closed: 'yesterday' }), 'dt_closed must be an ISO 8601 date string');
    expectValidation(await open(shop, { name: 'x', dt_closed: '2026-01-01' }), 'dt_closed is set by closing the settlement');
    await expectStrictBody(server, 'POST', `${api}/create`, shop.token, { name: 'x' });
    const shift = (await open(shop)).body;
    expectValidation(await patch(shop, shift.id, { dt_closed: '2026-01-01' }), 'dt_closed is set by closing the settlement');
    await expectStrictBody(server, 'PATCH', `${api}/update/${shift.id}`, shop.token, { name: 'y' });
    const closed = await patch(shop, shift.id, { is_closed: true, dt_closed: '2026-01-01T18:00:00+05:00' });
    expect(closed.body).toMatchObject({ is_closed: true, dt_closed: '2026-01-01T13:00:00.000Z' });
    expect((await server.request('GET', `${api}/all`, { token: shop.token })).body).toHaveLength(1);
  });

  it('requires a valid token and lets cashiers use every settlement operation', async () => {
    await expectAuthRequired(server, 'POST', `${api}/create`, { name: 'x' });
    await expectAuthRequired(server, 'GET', `${api}/all`);
    await expectAuthRequired(server, 'GET', `${api}/latest`);
    await expectAuthRequired(server, 'GET', `${api}/x`);
    await expectAuthRequired(server, 'PATCH', `${api}/update/x`, { name: 'x' });
    await expectAuthRequired(server, 'DELETE', `${api}/delete/x`);
    const { shop, world } = await business();
    // A cashier's PIN login is always at a workplace, of a point.
    const cashier = await cashierToken(server, shop, { pointId: world.point, workplaceId: world.workplace });
    const opened = await server.request('POST', `${api}/create`, { token: cashier.token, body: { name: 'Cashier shift' } });
    expect(opened.status).toBe(201);
    for (const path of [`${api}/all`, `${api}/latest`, `${api}/${opened.body.id}`]) {
      expect((await server.request('GET', path, { token: cashier.token })).status).toBe(200);
    }
    expect(
      (await server.request('PATCH', `${api}/update/${opened.body.id}`, { token: cashier.token, body: { is_closed: true } }))
        .status,
    ).toBe(200);
    expect((await auditEntries(server, shop, 'UPDATE_SETTLEMENT'))[0]).toMatchObject({ user_id: cashier.id });
  });
});
