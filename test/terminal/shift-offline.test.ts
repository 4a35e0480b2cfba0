/**
 * A till's shift done before the service hears of it (docs/selling/shifts.md): opened with counted cash, a sale, a
 * cash out, the X report and the Z close all run on the till's own store and wait in its outbox; synced, the service
 * holds the same shift with the same figures. And a sale still queued when the office closed the shift counts in
 * that shift whenever it arrives, with a warning and the report saying the figures moved since the close. An open
 * table carried over at closing joins the till's next shift, on the till and on the service alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTillService, type TillService } from '../helpers/till-service.js';
import { createItem } from '../helpers/terminals.js';

describe.each(await testEngines())('a shift at the till, against a %s service', (engine) => {
  let service: TillService;
  let cash: string;
  let bread: string;

  beforeAll(async () => {
    service = await startTillService(engine, { cashierRights: ['CASH_MOVES'] });
    cash = (await service.rest('POST', '/payment-methods/create', { name: 'Cash', kind: 'CASH' })).body.id;
    bread = await createItem(service.server, service.shop, 'Bread');
  });
  afterAll(() => service.close());

  const sale = (settlementId: string, amount: string) => ({
    body: {
      order_id: `sale-${Math.random()}`,
      automated_point_id: service.world.point1,
      workplace_id: service.world.workplace1,
      settlement_id: settlementId,
      is_closed: true,
      items: [{ item_id: bread, quantity: '1', price: amount, subtotal: amount }],
      subtotal: amount,
      total_sum: amount,
      payments: [{ payment_type_id: cash, paid_sum: amount }],
    },
  });

  it('opens, sells, takes cash out, reports and closes at the till, and the service gets the same shift on sync', async () => {
    const till = await service.till();
    const { cashier } = service;
    const opened = (await till.run('SettlmentController_create', { body: { name: 'Offline morning', opening_cash: '1000' } }, cashier)) as { id: string; workplace_id: string };
    expect(opened.workplace_id).toBe(service.world.workplace1);
    await till.run('OrderController_create', sale(opened.id, '300'), cashier);
    await till.run('SettlmentController_createCashMove', { params: { id: opened.id }, body: { kind: 'OUT', amount: '100', reason: 'Taxi' } }, cashier);
    const x = (await till.run('SettlmentController_report', { params: { id: opened.id } }, cashier)) as Record<string, unknown>;
    expect(x).toMatchObject({ is_closed: false, sales_count: 1, cash_sales: '300', cash_out: '100', expected_cash: '1200' });
    await till.run('SettlmentController_update', { params: { id: opened.id }, body: { is_closed: true, counted_cash: '1190' } }, cashier);
    const z = (await till.run('SettlmentController_report', { params: { id: opened.id } }, cashier)) as Record<string, unknown>;
    expect(z).toMatchObject({ is_closed: true, counted_cash: '1190', over_short: '-10' });
    expect((await service.rest('GET', `/settlements/${opened.id}`)).status).toBe(404);

    await till.sync();

    const onService = await service.rest('GET', `/settlements/${opened.id}/report`);
    expect(onService.status, JSON.stringify(onService.body)).toBe(200);
    const { opened_at: _a, closed_at: _b, cash_moves: movesThere, ...figuresThere } = onService.body;
    const { opened_at: _c, closed_at: _d, cash_moves: movesHere, ...figuresHere } = z as Record<string, any>;
    expect(figuresThere).toEqual(figuresHere);
    expect(movesThere.map((move: Record<string, unknown>) => [move.id, move.amount, move.reason])).toEqual(
      movesHere.map((move: Record<string, unknown>) => [move.id, move.amount, move.reason]),
    );
  });

  it('counts a sale still queued when the office closed the shift in that shift, with SHIFT_CLOSED', async () => {
    const till = await service.till();
    const { cashier } = service;
    const opened = (await till.run('SettlmentController_create', { body: { name: 'Evening', opening_cash: '0' } }, cashier)) as { id: string };
    await till.sync();
    await till.run('OrderController_create', sale(opened.id, '250'), cashier);
    const closed = await service.rest('PATCH', `/settlements/update/${opened.id}`, { is_closed: true, counted_cash: '0' });
    expect(closed.body).toMatchObject({ expected_cash: '0', over_short: '0' });

    await till.sync();

    const report = await service.rest('GET', `/settlements/${opened.id}/report`);
    expect(report.body).toMatchObject({
      sales_count: 1,
      cash_sales: '250',
      expected_cash: '250',
      expected_cash_at_close: '0',
      over_short: '-250',
      changed_since_close: true,
    });
    const warned = await service.rest('GET', '/logs/all?type=WARNING&limit=100');
    expect(JSON.stringify(warned.body)).toContain('SHIFT_CLOSED');
  });

  it('carries an open table over to the till’s next shift, offline, and the service ends the same', async () => {
    const till = await service.till();
    const { cashier } = service;
    const first = (await till.run('SettlmentController_create', { body: { name: 'Day', opening_cash: '0' } }, cashier)) as { id: string };
    const table = sale(first.id, '400');
    const open = (await till.run('OrderController_create', { body: { ...table.body, is_closed: false, order_name: 'Table 2', payments: [{ payment_type_id: cash, paid_sum: '100' }] } }, cashier)) as { id: string };
    await expect(till.run('SettlmentController_update', { params: { id: first.id }, body: { is_closed: true, counted_cash: '100' } }, cashier)).rejects.toMatchObject({ statusCode: 409 });
    await till.run('SettlmentController_update', { params: { id: first.id }, body: { is_closed: true, counted_cash: '100', open_orders: 'carry_over' } }, cashier);
    const second = (await till.run('SettlmentController_create', { body: { name: 'Night', opening_cash: '0' } }, cashier)) as { id: string };
    const here = (await till.run('OrderController_findOne', { params: { id: open.id } }, cashier)) as { settlement_id: string; payments: { settlement_id: string }[] };
    expect(here.settlement_id).toBe(second.id);
    expect(here.payments[0]?.settlement_id).toBe(first.id);

    await till.sync();

    const there = await service.rest('GET', `/orders/${open.id}`);
    expect(there.body).toMatchObject({ settlement_id: second.id, is_closed: false, payments: [{ settlement_id: first.id }] });
    expect((await service.rest('GET', `/settlements/${first.id}/report`)).body).toMatchObject({ is_closed: true, cash_sales: '100', over_short: '0', open_orders: 0 });
    expect((await service.rest('GET', `/settlements/${second.id}/report`)).body).toMatchObject({ is_closed: false, open_orders: 1, cash_sales: '0' });
  });
});
