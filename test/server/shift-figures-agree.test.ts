/**
 * The pieces built apart agree on the same numbers (docs/selling/shifts.md, refunds.md, console.md "Reports"):
 * one cash convention — a 95 000 cash sale paid with 100 000 keeps 95 000 whether the client records the till's way
 * (paid 95 000, change 5 000) or the tendered way (paid 100 000, change 5 000) — in the shift's X/Z report, its
 * closing totals, the console's open-shift and sales reports, and what a refund may pay back; and refund documents
 * count in the shift they are made in (a later one too), cash refunds leaving its drawer, by method, everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { line, orderBody, orderWorld, type OrderWorld } from '../helpers/orders.js';

describe.each(await testEngines())('shift, refund and report figures agree on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let world: OrderWorld;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server, 'agree');
    world = await orderWorld(server, shop);
  });
  afterAll(() => server.close());

  const call = async (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, status = method === 'POST' ? 201 : 200) => {
    const answer = await server.request(method, `/api/v1${path}`, { token: shop.token, body });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(status);
    return answer.body as any;
  };
  const openShift = (name: string, opening: string) => call('POST', '/settlements/create', { name, workplace_id: world.workplace, opening_cash: opening });
  const report = (id: string) => call('GET', `/settlements/${id}/report`);
  const sell = (shiftId: string, quantity: string, price: string, total: string, payments: unknown[], extra: Record<string, unknown> = {}) =>
    call(
      'POST',
      '/orders/create',
      orderBody(world, [line(world.tea, quantity, price, total)], { subtotal: total, total_sum: total }, { settlement_id: shiftId, is_closed: true, payments, ...extra }),
    );
  const today = new Date().toISOString().slice(0, 10);
  const salesReport = () => call('GET', `/reports/sales?from=${today}&to=${today}&utc_offset=0`);
  const openShifts = () => call('GET', '/reports/open-shifts');
  const method = (rows: any[], id: string) => rows.find((row) => row.payment_method_id === id);

  it('keeps 95 000 of a 95 000 cash sale paid with 100 000 whichever way the change is recorded, then counts refunds in the shift they are made in', async () => {
    const morning = await openShift('Morning', '10000');
    // The till's way (docs/selling/payment.md): paid_sum is what the sale keeps, total_change what went back.
    const tillWay = await sell(morning.id, '95', '1000', '95000', [{ payment_type_id: world.cash, paid_sum: '95000' }], { total_paid: '95000', total_change: '5000' });
    // The tendered way: paid_sum is the cash handed over.
    const tenderedWay = await sell(morning.id, '95', '1000', '95000', [{ payment_type_id: world.cash, paid_sum: '100000' }], { total_paid: '100000', total_change: '5000' });
    const byCard = await sell(morning.id, '10', '2000', '20000', [{ payment_type_id: world.card, paid_sum: '20000' }]);
    expect(tenderedWay.id).not.toBe(tillWay.id);

    const x = await report(morning.id);
    expect(x).toMatchObject({ sales_count: 3, sales_total: '210000', cash_sales: '190000', refunds_count: 0, expected_cash: '200000' });
    expect(method(x.by_payment_method, world.cash)).toMatchObject({ sales: '190000', refunds: '0', payment_count: 2 });
    const running = (await openShifts()).find((entry: any) => entry.settlement_id === morning.id);
    expect(running.expected_cash).toBe('200000');
    expect(method(running.totals, world.cash)).toMatchObject({ paid_sum: '190000', refunded_sum: '0', payment_count: 2 });
    const before = await salesReport();
    expect(method(before.by_payment_method, world.cash)).toMatchObject({ count: 2, sum: '190000' });
    expect(before.refunds).toEqual({ count: 0, sum: '0', by_method: [] });

    const closed = await call('PATCH', `/settlements/update/${morning.id}`, { is_closed: true, counted_cash: '200000' });
    expect(closed).toMatchObject({ expected_cash: '200000', counted_cash: '200000', over_short: '0' });
    expect(method(closed.totals, world.cash)).toMatchObject({ paid_sum: '190000', refunded_sum: '0' });

    // Next shift: the till-way sale is refunded whole in cash (all 95 000 of it: the change was not in its payment),
    // and one coffee's worth of the card sale goes back to the card.
    const evening = await openShift('Evening', '100000');
    const refundWhole = await call('POST', `/orders/refund/${tillWay.id}`, {
      refund_number: 'R-1',
      settlement_id: evening.id,
      lines: [{ order_line_id: tillWay.items[0].id, quantity: '95' }],
      payments: [{ payment_type_id: world.cash, amount: '95000' }],
    });
    expect(refundWhole.total_sum).toBe('95000');
    await call('POST', `/orders/refund/${byCard.id}`, {
      refund_number: 'R-2',
      settlement_id: evening.id,
      lines: [{ order_line_id: byCard.items[0].id, quantity: '1' }],
      payments: [{ payment_type_id: world.card, amount: '2000' }],
    });
    // The tendered-way sale can pay back 95 000 cash too, never the 100 000 handed over.
    const tooMuch = await server.request('POST', `/api/v1/orders/refund/${tenderedWay.id}`, {
      token: shop.token,
      body: { refund_number: 'R-3', settlement_id: evening.id, lines: [{ order_line_id: tenderedWay.items[0].id, quantity: '95' }], payments: [{ payment_type_id: world.cash, amount: '100000' }] },
    });
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.body)).toContain('payments.0.amount must be at most 95000');

    const later = await report(evening.id);
    expect(later).toMatchObject({ sales_count: 0, refunds_count: 2, refunds_total: '97000', cash_sales: '0', cash_refunds: '95000', expected_cash: '5000' });
    expect(method(later.by_payment_method, world.cash)).toMatchObject({ kind: 'CASH', name: 'Cash', sales: '0', refunds: '95000', payment_count: 0 });
    expect(method(later.by_payment_method, world.card)).toMatchObject({ kind: 'CARD', refunds: '2000' });
    // The morning's Z stands: the refunds were not made in it.
    expect(await report(morning.id)).toMatchObject({ refunds_count: 0, expected_cash: '200000', over_short: '0', changed_since_close: false });

    const eveningRunning = (await openShifts()).find((entry: any) => entry.settlement_id === evening.id);
    expect(eveningRunning.expected_cash).toBe('5000');
    expect(method(eveningRunning.totals, world.cash)).toMatchObject({ paid_sum: '0', refunded_sum: '95000', payment_count: 0 });
    expect(method(eveningRunning.totals, world.card)).toMatchObject({ paid_sum: '0', refunded_sum: '2000' });
    const after = await salesReport();
    expect(after.sales).toEqual({ count: 3, sum: '210000' });
    expect(after.refunds).toMatchObject({ count: 2, sum: '97000' });
    expect(method(after.refunds.by_method, world.cash)).toMatchObject({ kind: 'CASH', count: 1, sum: '95000' });
    expect(method(after.refunds.by_method, world.card)).toMatchObject({ kind: 'CARD', count: 1, sum: '2000' });

    const z = await call('PATCH', `/settlements/update/${evening.id}`, { is_closed: true, counted_cash: '4000' });
    expect(z).toMatchObject({ expected_cash: '5000', over_short: '-1000' });
    expect(method(z.totals, world.cash)).toMatchObject({ paid_sum: '0', refunded_sum: '95000', payment_count: 0 });
    expect(await report(evening.id)).toMatchObject({ changed_since_close: false, over_short: '-1000' });
  });

  it('never takes more change off the cash than the payments exceed the total by, nor more than the change recorded', async () => {
    const shift = await openShift('Checks', '0');
    // Overpaid by 3 000 but only 1 000 recorded as change: 1 000 comes off (the other 2 000 stayed, a tip or a mistake).
    await sell(shift.id, '10', '1000', '10000', [{ payment_type_id: world.cash, paid_sum: '13000' }], { total_change: '1000' });
    // Card 6 000 + cash 5 000 for 10 000, change 1 000: the change comes off the cash, never off the card.
    await sell(shift.id, '10', '1000', '10000', [{ payment_type_id: world.card, paid_sum: '6000' }, { payment_type_id: world.cash, paid_sum: '5000' }], { total_change: '1000' });
    const x = await report(shift.id);
    expect(method(x.by_payment_method, world.cash)).toMatchObject({ sales: '16000' });
    expect(method(x.by_payment_method, world.card)).toMatchObject({ sales: '6000' });
    expect(x.expected_cash).toBe('16000');
    await call('PATCH', `/settlements/update/${shift.id}`, { is_closed: true, counted_cash: '16000' });
  });
});
