/**
 * A shift closed twice (docs/selling/shifts.md, "Closed twice"): the office closes a till's shift over REST while the
 * till, offline, closes it with its own count. Whichever reaches the service first closes the shift; the other's
 * count is kept beside it — a till's pushed close with a SHIFT_ALREADY_CLOSED warning, the office's as a count of a
 * shift only tills had counted — with who counted, when and which way, and the report shows how far they differ.
 * Nothing is counted twice, whatever the retries, and a bad count is still a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedIds } from '../../app/sync/derived-ids.js';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { expectErrorBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { enrollTerminal, type EnrolledTerminal } from '../helpers/terminals.js';
import { orderWorld } from '../helpers/orders.js';

const api = '/api/v1/settlements';

describe.each(await testEngines())('a shift closed by the office and by its till on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  /** A till's shift with 1 000 opening cash and 200 put in: 1 200 expected. */
  async function tillShift() {
    const shop = await registerTenant(server, 'twice');
    const world = await orderWorld(server, shop);
    const cashier = (await cashierToken(server, shop, { workplaceId: world.workplace, pointId: world.point })).id;
    const till = await enrollTerminal(server, shop, world.workplace);
    const opened = await server.request('POST', `${api}/create`, { token: shop.token, body: { name: 'Day', workplace_id: world.workplace, opening_cash: '1000' } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const moved = await server.request('POST', `${api}/${opened.body.id}/cash-moves`, { token: shop.token, body: { kind: 'IN', amount: '200', reason: 'Float' } });
    expect(moved.status).toBe(201);
    return { shop, world, cashier, till, shiftId: opened.body.id as string, seq: 0 };
  }
  type World = Awaited<ReturnType<typeof tillShift>>;

  /** The till's close as it queued it offline a minute ago: `is_closed` with its count. */
  function tillClose(world: World, counted: string, extra: Record<string, unknown> = {}) {
    world.seq += 1;
    const occurredAt = new Date(Date.now() - 60_000).toISOString();
    return {
      seq: world.seq,
      mutationId: uuidv7(),
      name: 'SettlmentController_update',
      v: 1,
      occurredAt,
      actor: { employeeId: world.cashier },
      params: { id: world.shiftId },
      args: { is_closed: true, counted_cash: counted, ...extra },
    };
  }
  const push = async (till: EnrolledTerminal, mutations: unknown[]) => {
    const response = await server.request('POST', '/api/v1/sync/push', {
      token: till.token,
      body: { protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, mutations },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.results as { status: string; result: Record<string, any> }[];
  };
  const officeClose = (shop: Tenant, shiftId: string, counted: unknown) =>
    server.request('PATCH', `${api}/update/${shiftId}`, { token: shop.token, body: { is_closed: true, counted_cash: counted } });
  const read = async (shop: Tenant, path: string) => {
    const answer = await server.request('GET', `${api}/${path}`, { token: shop.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as Record<string, any>;
  };
  const warningLog = async (shop: Tenant) => {
    const logs = await server.request('GET', '/api/v1/logs/all?type=WARNING&limit=100', { token: shop.token });
    return (logs.body as { action: string }[]).filter((entry) => entry.action === 'SHIFT_ALREADY_CLOSED');
  };

  it('applies the till’s offline close pushed after the office closed the shift with SHIFT_ALREADY_CLOSED, keeps both counts with who, when and which way, and reports their difference', async () => {
    const world = await tillShift();
    const { shop, shiftId } = world;
    const before = Date.now();
    const closed = await officeClose(shop, shiftId, '1200');
    expect(closed.body).toMatchObject({ counted_cash: '1200', expected_cash: '1200', over_short: '0' });
    const totals = closed.body.totals;

    // Sent with the till's own close time, which must not move the shift's.
    const close = tillClose(world, '1190', { dt_closed: new Date(Date.now() - 60_000).toISOString() });
    const [result] = await push(world.till, [close]);

    expect(result).toMatchObject({ status: 'applied', result: { warnings: [{ code: 'SHIFT_ALREADY_CLOSED', settlementId: shiftId }] } });
    const shift = await read(shop, shiftId);
    // The office's close stands: its count is the shift's, its totals and close time are the ones recorded then.
    expect(shift).toMatchObject({ is_closed: true, counted_cash: '1200', expected_cash: '1200', over_short: '0', dt_closed: closed.body.dt_closed, totals });
    const [office, till] = shift.cash_counts;
    expect(shift.cash_counts).toHaveLength(2);
    expect(office).toMatchObject({ source: 'office', user_id: shop.userId, employee_id: null, workplace_id: null, counted_cash: '1200', over_short: '0' });
    expect(Date.parse(office.counted_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(till).toEqual({
      // The id the till gave its count when it closed the shift locally: the service made the same one.
      id: derivedIds(close.mutationId, close.occurredAt)(),
      source: 'till',
      user_id: null,
      employee_id: world.cashier,
      workplace_id: world.world.workplace,
      counted_at: close.occurredAt,
      counted_cash: '1190',
      over_short: '-10',
    });
    const report = await read(shop, `${shiftId}/report`);
    expect(report).toMatchObject({ counted_cash: '1200', over_short: '0', expected_cash: '1200', changed_since_close: false, cash_count_difference: '10' });
    expect(report.cash_counts.map((count: Record<string, unknown>) => [count.source, count.counted_cash, count.over_short])).toEqual([
      ['office', '1200', '0'],
      ['till', '1190', '-10'],
    ]);
    expect(await warningLog(shop)).toHaveLength(1);
  });

  it('keeps the office’s count when it closes a shift the till’s pushed close had closed first, and refuses the office a second count (409)', async () => {
    const world = await tillShift();
    const { shop, shiftId } = world;
    const [result] = await push(world.till, [tillClose(world, '1190')]);
    expect(result).toMatchObject({ status: 'applied', result: { warnings: [] } });
    const byTill = await read(shop, shiftId);
    expect(byTill).toMatchObject({ counted_cash: '1190', over_short: '-10' });

    const office = await officeClose(shop, shiftId, '1200');

    expect(office.status, JSON.stringify(office.body)).toBe(200);
    expect(office.body).toMatchObject({ counted_cash: '1190', expected_cash: '1200', totals: byTill.totals, dt_closed: byTill.dt_closed });
    expect(office.body.cash_counts.map((count: Record<string, unknown>) => [count.source, count.counted_cash, count.user_id ?? count.employee_id])).toEqual([
      ['till', '1190', world.cashier],
      ['office', '1200', shop.userId],
    ]);
    expect(await read(shop, `${shiftId}/report`)).toMatchObject({ counted_cash: '1190', cash_count_difference: '10', changed_since_close: false });
    // The office has counted it now: counting again is refused as before, and changes nothing.
    expectErrorBody(await officeClose(shop, shiftId, '1300'), 409, 'The settlement is already closed');
    expect((await read(shop, shiftId)).cash_counts).toHaveLength(2);
  });

  it('applies a retried push of the till’s close once: the same answer, one count of the till, nothing else moved', async () => {
    const world = await tillShift();
    const { shop, shiftId } = world;
    expect((await officeClose(shop, shiftId, '1200')).status).toBe(200);
    const close = tillClose(world, '1190');

    const first = await push(world.till, [close]);
    const afterFirst = await read(shop, shiftId);
    const again = await push(world.till, [close]);
    const andAgain = await push(world.till, [close]);

    expect(again).toEqual(first);
    expect(andAgain).toEqual(first);
    expect(await read(shop, shiftId)).toEqual(afterFirst);
    expect(afterFirst.cash_counts.map((count: Record<string, unknown>) => count.source)).toEqual(['office', 'till']);
    expect(await warningLog(shop)).toHaveLength(1);
  });

  it('refuses a bad count with a 400 naming counted_cash, over REST and from the till, and changes nothing', async () => {
    const world = await tillShift();
    const { shop, shiftId } = world;
    expect((await push(world.till, [tillClose(world, '1190')]))[0]?.status).toBe('applied');
    const before = await read(shop, shiftId);

    expectValidation(await officeClose(shop, shiftId, 'lots'), 'counted_cash');
    expectValidation(await officeClose(shop, shiftId, '-5'), 'counted_cash must not be negative');
    expectValidation(await officeClose(shop, shiftId, '1.005'), 'counted_cash');
    const [rejected] = await push(world.till, [tillClose(world, '1e999')]);

    expect(rejected).toMatchObject({ status: 'rejected', result: { error: { code: 'INVALID', statusCode: 400 } } });
    expect(JSON.stringify(rejected?.result.error.message)).toContain('counted_cash');
    expect(await read(shop, shiftId)).toEqual(before);
    expect(before.cash_counts).toHaveLength(1);
  });
});
