/**
 * The report operations (shared/catalogue/report.ts) over HTTP on each engine: sales by till, cashier, method,
 * day and hour of the owner's time zone, with voided and refunded orders apart; debts aged first in, first out;
 * each business sees only its own; bad dates and offsets are a 400 naming the field; cashiers are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { line, orderBody, orderWorld, type OrderWorld } from '../helpers/orders.js';

const sales = '/api/v1/reports/sales';
const aging = '/api/v1/reports/debt-aging';

describe.each(await testEngines())('reports on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let world: OrderWorld;
  let rival: Tenant;
  let rivalWorld: OrderWorld;

  /** An order of `total` paid as `payments`, placed at `at` (UTC) by moving its stored instant. */
  async function sell(tenant: Tenant, w: OrderWorld, total: string, payments: { method: string; sum: string }[], at: string, flags: { voided?: boolean; refunded?: boolean } = {}) {
    const body = orderBody(w, [line(w.tea, '1', total, total)], { subtotal: total, total_sum: total }, {
      is_closed: true,
      payments: payments.map((p) => ({ payment_type_id: p.method, paid_sum: p.sum })),
    });
    const created = await server.request('POST', '/api/v1/orders/create', { token: tenant.token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as { id: string }).id;
    await server.database.db
      .updateTable('orders')
      .set({ dt_created: at, is_voided: flags.voided ? 1 : 0, is_refunded: flags.refunded ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    return id;
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server, 'reports');
    world = await orderWorld(server, shop);
    rival = await registerTenant(server, 'rival');
    rivalWorld = await orderWorld(server, rival);
    // Tashkent (UTC+5): 2026-11-24T20:30Z is 01:30 on the 25th; 2026-11-25T18:59Z is 23:59 on the 25th.
    await sell(shop, world, '10.10', [{ method: world.cash, sum: '10.10' }], '2026-11-24T20:30:00.000Z');
    await sell(shop, world, '0.20', [{ method: world.card, sum: '0.15' }, { method: world.cash, sum: '0.05' }], '2026-11-25T18:59:59.000Z');
    await sell(shop, world, '99999999999.99', [{ method: world.card, sum: '99999999999.99' }], '2026-11-26T05:00:00.000Z');
    await sell(shop, world, '7', [{ method: world.cash, sum: '7' }], '2026-11-25T06:00:00.000Z', { voided: true });
    await sell(shop, world, '3.33', [{ method: world.cash, sum: '3.33' }], '2026-11-25T07:00:00.000Z', { refunded: true });
    // The day before the range (19:00Z on the 24th is 00:00 on the 25th: in it) and after it.
    await sell(shop, world, '1', [{ method: world.cash, sum: '1' }], '2026-11-24T18:59:59.999Z');
    await sell(shop, world, '2', [{ method: world.cash, sum: '2' }], '2026-11-24T19:00:00.000Z');
    await sell(shop, world, '5', [{ method: world.cash, sum: '5' }], '2026-11-26T19:00:00.000Z');
    // Another business, same days.
    await sell(rival, rivalWorld, '500', [{ method: rivalWorld.cash, sum: '500' }], '2026-11-25T06:00:00.000Z');
  });
  afterAll(() => server.close());

  const report = (tenant: Tenant, query: string) => server.request('GET', `${sales}?${query}`, { token: tenant.token });

  it('sums the sales of the owner’s days exactly, by till, cashier and method, with voided and refunded orders apart', async () => {
    const answer = await report(shop, 'from=2026-11-25&to=2026-11-26&utc_offset=300');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const body = answer.body as any;
    expect(body.sales).toEqual({ count: 4, sum: '100000000012.29' });
    expect(body.voided).toEqual({ count: 1, sum: '7' });
    expect(body.refunded).toEqual({ count: 1, sum: '3.33' });
    expect(body.refunded_payments).toEqual({ count: 0, sum: '0' });
    expect(body.by_workplace).toEqual([{ workplace_id: world.workplace, name: 'Till 1', count: 4, sum: '100000000012.29' }]);
    expect(body.by_employee).toEqual([{ employee_id: shop.userId, name: expect.any(String), count: 4, sum: '100000000012.29' }]);
    expect(body.by_payment_method).toEqual([
      { payment_method_id: world.card, name: 'Card', kind: 'CARD', count: 2, sum: '100000000000.14', tips: '0' },
      { payment_method_id: world.cash, name: 'Cash', kind: expect.any(String), count: 3, sum: '12.15', tips: '0' },
    ]);
    expect(body.by_day).toEqual([
      { day: '2026-11-25', count: 3, sum: '12.3' },
      { day: '2026-11-26', count: 1, sum: '99999999999.99' },
    ]);
    expect(body.by_hour).toHaveLength(24);
    expect(body.by_hour[0]).toEqual({ hour: 0, count: 1, sum: '2' });
    expect(body.by_hour[1]).toEqual({ hour: 1, count: 1, sum: '10.1' });
    expect(body.by_hour[23]).toEqual({ hour: 23, count: 1, sum: '0.2' });
    expect(body.by_hour[10]).toEqual({ hour: 10, count: 1, sum: '99999999999.99' });
  });

  it('reads the same instants as other days in another time zone (UTC) and for a part-hour offset', async () => {
    const utc = (await report(shop, 'from=2026-11-25&to=2026-11-25')).body as any;
    expect(utc.utc_offset).toBe(0);
    expect(utc.sales).toEqual({ count: 1, sum: '0.2' });
    expect(utc.by_hour[18]).toEqual({ hour: 18, count: 1, sum: '0.2' });
    // UTC+5:30: 18:59:59Z on the 25th is 00:29 on the 26th (out); on the 24th, 18:59:59.999Z is 00:29 and 19:00Z
    // is 00:30 on the 25th (both in, hour 0), and 20:30Z is 02:00.
    const india = (await report(shop, 'from=2026-11-25&to=2026-11-25&utc_offset=330')).body as any;
    expect(india.by_day).toEqual([{ day: '2026-11-25', count: 3, sum: '13.1' }]);
    expect(india.by_hour[2]).toEqual({ hour: 2, count: 1, sum: '10.1' });
    expect(india.by_hour[0]).toEqual({ hour: 0, count: 2, sum: '3' });
  });

  it('shows each business only its own sales', async () => {
    const theirs = (await report(rival, 'from=2026-11-25&to=2026-11-26&utc_offset=300')).body as any;
    expect(theirs.sales).toEqual({ count: 1, sum: '500' });
    expect(theirs.by_workplace.map((w: any) => w.workplace_id)).toEqual([rivalWorld.workplace]);
    const ours = (await report(shop, `from=2026-11-25&to=2026-11-26&utc_offset=300&point_id=${rivalWorld.point}`)).body as any;
    expect(ours.sales).toEqual({ count: 0, sum: '0' });
  });

  it('narrows to one point', async () => {
    const bare = (await report(shop, `from=2026-11-25&to=2026-11-26&utc_offset=300&point_id=${world.barePoint}`)).body as any;
    expect(bare.sales).toEqual({ count: 0, sum: '0' });
    const cafe = (await report(shop, `from=2026-11-25&to=2026-11-26&utc_offset=300&point_id=${world.point}`)).body as any;
    expect(cafe.sales.count).toBe(4);
  });

  it('refuses bad dates, ranges and offsets with a 400 naming the field', async () => {
    expectValidation(await report(shop, 'to=2026-11-25'), 'from is required');
    expectValidation(await report(shop, 'from=2026-02-30&to=2026-03-01'), 'from must be a date written like "2026-11-25"');
    expectValidation(await report(shop, 'from=25.11.2026&to=2026-11-25'), 'from must be a date');
    expectValidation(await report(shop, 'from=2026-11-25&to=2026-11-24'), 'to must not be before from');
    expectValidation(await report(shop, 'from=2025-01-01&to=2026-11-24'), 'to must be at most 366 days after from');
    expectValidation(await report(shop, 'from=2026-11-25&to=2026-11-25&utc_offset=abc'), 'utc_offset must be a whole number');
    expectValidation(await report(shop, 'from=2026-11-25&to=2026-11-25&utc_offset=900'), 'utc_offset must be a whole number');
    expectValidation(await report(shop, 'from=2026-11-25&to=2026-11-25&zzz=1'), 'zzz');
    expectValidation(await server.request('GET', `${aging}?as_of=tomorrow`, { token: shop.token }), 'as_of must be a date');
  });

  it('is for owners and admins: a cashier is refused, no token is a 401', async () => {
    const cashier = await cashierToken(server, shop, { pointId: world.point, workplaceId: world.workplace });
    expectErrorBody(await server.request('GET', `${sales}?from=2026-11-25&to=2026-11-25`, { token: cashier.token }), 403);
    expectErrorBody(await server.request('GET', aging, { token: cashier.token }), 403);
    expectErrorBody(await server.request('GET', '/api/v1/reports/open-shifts', { token: cashier.token }), 403);
    await expectAuthRequired(server, 'GET', `${sales}?from=2026-11-25&to=2026-11-25`);
  });

  it('sums what each open shift has taken so far (its X report) by the closing rule, and forgets it once closed', async () => {
    const opened = await server.request('POST', '/api/v1/settlements/create', { token: shop.token, body: { name: 'Evening', workplace_id: world.workplace } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const shiftId = (opened.body as { id: string }).id;
    const inShift = async (total: string, payments: { method: string; sum: string }[], flags: { voided?: boolean; refunded?: boolean } = {}) => {
      const body = orderBody(world, [line(world.tea, '1', total, total)], { subtotal: total, total_sum: total }, {
        is_closed: true,
        settlement_id: shiftId,
        payments: payments.map((p) => ({ payment_type_id: p.method, paid_sum: p.sum })),
      });
      const created = await server.request('POST', '/api/v1/orders/create', { token: shop.token, body });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = (created.body as { id: string }).id;
      // Dated away from the days the sales tests read, whatever today is.
      await server.database.db
        .updateTable('orders')
        .set({ dt_created: '2025-01-01T00:00:00.000Z', is_voided: flags.voided ? 1 : 0, is_refunded: flags.refunded ? 1 : 0 })
        .where('id', '=', id)
        .execute();
    };
    await inShift('10.10', [{ method: world.cash, sum: '10.10' }]);
    await inShift('0.25', [{ method: world.cash, sum: '0.05' }, { method: world.card, sum: '0.20' }]);
    await inShift('4', [{ method: world.cash, sum: '4' }], { refunded: true });
    await inShift('9', [{ method: world.cash, sum: '9' }], { voided: true });
    const running = await server.request('GET', '/api/v1/reports/open-shifts', { token: shop.token });
    expect(running.status, JSON.stringify(running.body)).toBe(200);
    expect(running.body).toEqual([
      {
        settlement_id: shiftId,
        totals: [
          { payment_method_id: world.card, name: 'Card', paid_sum: '0.2', tip_amount: '0', refunded_sum: '0', payment_count: 1 },
          { payment_method_id: world.cash, name: 'Cash', paid_sum: '10.15', tip_amount: '0', refunded_sum: '4', payment_count: 3 },
        ],
        // No opening cash: 10.10 + 0.05 + 4 taken in cash, the 4 given back.
        expected_cash: '10.15',
      },
    ]);
    expect((await server.request('GET', '/api/v1/reports/open-shifts', { token: rival.token })).body).toEqual([]);
    // Closed, its totals are recorded — the same figures — and it is no longer running.
    const closed = await server.request('PATCH', `/api/v1/settlements/update/${shiftId}`, { token: shop.token, body: { is_closed: true } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect((closed.body as { totals: unknown[] }).totals).toEqual((running.body as { totals: unknown[] }[])[0]!.totals);
    expect((await server.request('GET', '/api/v1/reports/open-shifts', { token: shop.token })).body).toEqual([]);
  });

  describe('debt aging', () => {
    /** A debt entry of `amount` for `client`, dated `at` (UTC). */
    async function entry(tenant: Tenant, client: string, amount: string, at: string) {
      const created = await server.request('POST', '/api/v1/client-debts/transactions/create', {
        token: tenant.token,
        body: { client_id: client, debt_amount: amount, employee_id: tenant.userId, id_automated_point: '0' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = (created.body as { id: string }).id;
      await server.database.db.updateTable('client_debt_txns').set({ dt_created: at }).where('id', '=', id).execute();
    }

    it('ages what is owed first in, first out, at the end of the day asked, and shows each business its own clients only', async () => {
      const client = world.client;
      await entry(shop, client, '100.01', '2026-07-01T10:00:00.000Z'); // 147 days before 2026-11-25
      await entry(shop, client, '50', '2026-09-20T10:00:00.000Z'); // 66 days
      await entry(shop, client, '-80.01', '2026-10-01T10:00:00.000Z'); // pays 80.01 of the July debt
      await entry(shop, client, '-30', '2026-10-02T10:00:00.000Z'); // the July rest (20), then 10 of September's
      await entry(shop, client, '30.5', '2026-11-01T10:00:00.000Z'); // 24 days
      await entry(shop, client, '999', '2026-11-30T10:00:00.000Z'); // after the day asked
      await entry(rival, rivalWorld.client, '5', '2026-11-20T10:00:00.000Z');
      const answer = await server.request('GET', `${aging}?as_of=2026-11-25&utc_offset=300`, { token: shop.token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toEqual({
        as_of: '2026-11-25',
        utc_offset: 300,
        clients: [
          {
            client_id: client,
            name: 'Regular',
            phone: null,
            balance: '70.5',
            days_0_30: '30.5',
            days_31_60: '0',
            days_61_90: '40',
            days_over_90: '0',
            oldest_unpaid: '2026-09-20',
          },
        ],
        totals: { balance: '70.5', days_0_30: '30.5', days_31_60: '0', days_61_90: '40', days_over_90: '0' },
      });
      const theirs = (await server.request('GET', `${aging}?as_of=2026-11-25`, { token: rival.token })).body as any;
      expect(theirs.clients.map((c: any) => c.client_id)).toEqual([rivalWorld.client]);
      expect(theirs.totals.balance).toBe('5');
      // Without as_of: the end of today (UTC without utc_offset); the entry of the 30th counts once that day has come.
      const now = (await server.request('GET', aging, { token: shop.token })).body as any;
      const today = new Date().toISOString().slice(0, 10);
      expect(now.as_of).toBe(today);
      expect(now.clients[0].balance).toBe(today >= '2026-11-30' ? '1069.5' : '70.5');
    });
  });
});
