/**
 * A till's clock jumps (docs/sync.md, "A till's clock jumps"), against a real service on both engines. The till's
 * OS clock is faked — the real time plus an offset a test sets, as a cashier would — while its monotonic clock runs
 * with real time. The service's clock is the real one.
 * - With the process running since it last heard from the service, the till dates its sales, its shift and its edit
 *   by the sane clock while its OS clock is two years ahead, says so, and reports it with its health.
 * - Started again while its clock is ahead and offline, it can only date by that clock (capped at arrival on the
 *   service); once it reaches the service its business clock comes back, and its edit made while ahead loses to a
 *   later office edit.
 * - Started with its clock set back behind the last time it knew to be right, it notices and dates from that time.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncEngine, type SyncStatus } from '../../main/terminal/sync-engine.js';
import { Terminal, fetchTransport, type Transport } from '../../main/terminal/terminal.js';
import type { Clock } from '../../main/terminal/till-clock.js';
import { testEngines } from '../helpers/databases.js';
import { startTillService, type TillService } from '../helpers/till-service.js';
import { createItem, enrollmentCode } from '../helpers/terminals.js';

const DAY = 86_400_000;
const TWO_YEARS = 730 * DAY;
/** How far a sane date may be from the real time here: the test's own steps, on a loaded machine. */
const SANE_WITHIN = 60_000;

/** A till's machine: its OS clock is the real time plus `offset` (set by the test); its monotonic clock is real. */
function machine() {
  const state = { offset: 0, online: true };
  const clock: Clock = { now: () => Date.now() + state.offset, monotonic: () => performance.now() };
  const transport: Transport = (url, body, token, deadline) => (state.online ? fetchTransport(url, body, token, deadline) : Promise.reject(new TypeError('fetch failed')));
  return { state, clock, transport };
}

const expectSane = (iso: string | null | undefined) => {
  expect(iso).toBeTruthy();
  expect(Math.abs(Date.parse(iso!) - Date.now())).toBeLessThan(SANE_WITHIN);
};

describe.each(await testEngines())('a till whose clock jumps, against a %s service', (engine) => {
  let service: TillService;
  let cash: string;
  let bread: string;
  const opened: Terminal[] = [];

  beforeAll(async () => {
    service = await startTillService(engine, { cashierRights: ['CATALOGUE'] });
    cash = (await service.rest('POST', '/payment-methods/create', { name: 'Cash', kind: 'CASH' })).body.id;
    bread = await createItem(service.server, service.shop, 'Bread');
  });
  afterAll(async () => {
    for (const terminal of opened) await terminal.close().catch(() => undefined);
    await service.close();
  });

  /** A till on its own file (so it can be started again), enrolled at till 1 and bootstrapped. */
  async function enrolledTill(m: ReturnType<typeof machine>): Promise<{ file: string; terminal: Terminal }> {
    const file = join(mkdtempSync(join(tmpdir(), 'kassa-clock-')), 'till.sqlite');
    const terminal = await open(file, m);
    await terminal.enroll(service.url, await enrollmentCode(service.server, service.shop.token, service.world.workplace1), 'Till');
    await terminal.bootstrap();
    return { file, terminal };
  }
  async function open(file: string, m: ReturnType<typeof machine>): Promise<Terminal> {
    const terminal = await Terminal.open(file, m.transport, { clock: m.clock });
    opened.push(terminal);
    return terminal;
  }
  /** The sync status after one cycle (failing while offline), as the till's screen gets it. */
  async function statusAfterCycle(terminal: Terminal): Promise<SyncStatus> {
    const engine = new SyncEngine(terminal, { timers: { set: () => 0, clear: () => undefined }, random: () => 0 });
    await engine.runOnce();
    return engine.current();
  }
  const sale = (terminal: Terminal, settlementId: string) =>
    terminal.run(
      'OrderController_create',
      {
        body: {
          order_id: `sale-${Math.random()}`,
          automated_point_id: service.world.point1,
          workplace_id: service.world.workplace1,
          settlement_id: settlementId,
          is_closed: true,
          items: [{ item_id: bread, quantity: '1', price: '10', subtotal: '10' }],
          subtotal: '10',
          total_sum: '10',
          payments: [{ payment_type_id: cash, paid_sum: '10' }],
        },
      },
      service.cashier,
    ) as Promise<{ id: string; dt_created: string }>;
  const rename = (terminal: Terminal, id: string, name: string) => terminal.run('ItemModifierController_updateItem', { params: { id }, body: { name } }, service.cashier);
  const queued = async (terminal: Terminal) => (await sql<{ name: string; occurred_at: string }>`select name, occurred_at from outbox order by seq`.execute(terminal.store.db)).rows;
  const onService = (table: 'orders' | 'settlements', id: string) =>
    service.server.database.db.selectFrom(table).select(['dt_created', 'dt_closed']).where('business_id', '=', service.shop.businessId).where('id', '=', id).executeTakeFirstOrThrow();
  const itemName = async (id: string) =>
    (await service.server.database.db.selectFrom('items').select('name').where('business_id', '=', service.shop.businessId).where('id', '=', id).executeTakeFirstOrThrow()).name;
  const fleetEntry = async (terminal: Terminal) => {
    const terminalId = (await sql<{ value: string }>`select value from terminal_meta where key = 'terminal_id'`.execute(terminal.store.db)).rows[0]!.value;
    return ((await service.rest('GET', '/sync/fleet')).body.terminals as any[]).find((entry) => entry.id === terminalId);
  };

  it('dates a shift, its sales and an edit by the sane clock while the running till’s clock is two years ahead, and says so', async () => {
    const m = machine();
    const { terminal } = await enrolledTill(m);
    const tea = await createItem(service.server, service.shop, 'Tea');
    await terminal.sync();

    // Offline, the clock is set two years ahead; the process has run since it last heard from the service.
    m.state.online = false;
    m.state.offset = TWO_YEARS;
    const shift = (await terminal.run('SettlmentController_create', { body: { name: 'Morning', opening_cash: '0' } }, service.cashier)) as { id: string; dt_created: string };
    const ahead = await sale(terminal, shift.id);
    await rename(terminal, tea, 'Tea (made while ahead)');
    expectSane(shift.dt_created);
    expectSane(ahead.dt_created);
    for (const operation of await queued(terminal)) expectSane(operation.occurred_at);
    const warned = await statusAfterCycle(terminal);
    expect(warned.problem).toBe('no-network');
    expect(warned.clock).toMatchObject({ basis: 'service' });
    expect(warned.clock!.skewMs! - TWO_YEARS).toBeLessThan(SANE_WITHIN);
    expect(warned.clock!.skewMs! - TWO_YEARS).toBeGreaterThan(-SANE_WITHIN);
    expectSane(warned.clock!.since);

    // Back online while still ahead: the service gets sane dates, and the fleet page shows the clock.
    m.state.online = true;
    await terminal.sync();
    expectSane((await onService('orders', ahead.id)).dt_created);
    expectSane((await onService('settlements', shift.id)).dt_created);
    const reported = await fleetEntry(terminal);
    expect(reported.alerts).toContain('CLOCK_WRONG');
    expect(Math.abs(reported.health.clock_skew_seconds - TWO_YEARS / 1000)).toBeLessThan(SANE_WITHIN / 1000);
    await service.rest('PATCH', `/item-modifier/items/update/${tea}`, { name: 'Tea (office, later)' });

    // Offline again, the clock is put right: the sale after it and the shift's close are dated right too.
    m.state.online = false;
    m.state.offset = 0;
    const after = await sale(terminal, shift.id);
    await terminal.run('SettlmentController_update', { params: { id: shift.id }, body: { is_closed: true, counted_cash: '20' } }, service.cashier);
    expect((await statusAfterCycle(terminal)).clock).toMatchObject({ skewMs: null, since: null });
    m.state.online = true;
    await terminal.sync();
    expectSane((await onService('orders', after.id)).dt_created);
    const closed = await onService('settlements', shift.id);
    expectSane(closed.dt_closed);
    expect(closed.dt_closed! >= closed.dt_created).toBe(true);
    expect(await itemName(tea)).toBe('Tea (office, later)');
    await terminal.pull();
    expect(await fleetEntry(terminal)).toMatchObject({ alerts: [], health: { clock_skew_seconds: null } });
  });

  it('started again offline with its clock ahead, dates by it; at the service its clock comes back and a later office edit wins', async () => {
    const m = machine();
    const { file, terminal: first } = await enrolledTill(m);
    const juice = await createItem(service.server, service.shop, 'Juice');
    await first.sync();
    await first.close();

    // Switched off, the clock set two years ahead, started offline: nothing tells it the clock is wrong.
    m.state.offset = TWO_YEARS;
    m.state.online = false;
    const terminal = await open(file, m);
    const shift = (await terminal.run('SettlmentController_create', { body: { name: 'Day', opening_cash: '0' } }, service.cashier)) as { id: string };
    const ahead = await sale(terminal, shift.id);
    await rename(terminal, juice, 'Juice (made while ahead)');
    const stamped = await queued(terminal);
    for (const operation of stamped) expect(Date.parse(operation.occurred_at) - Date.now()).toBeGreaterThan(TWO_YEARS - SANE_WITHIN);

    // It reaches the service, its clock still ahead: it learns the service's time and says its clock is wrong.
    m.state.online = true;
    const status = await statusAfterCycle(terminal);
    expect(status.problem).toBeNull();
    expect(status.clock!.skewMs!).toBeGreaterThan(TWO_YEARS - SANE_WITHIN);
    // What it sold while ahead is dated no later than its arrival on the service.
    expectSane((await onService('orders', ahead.id)).dt_created);
    // Its business clock came back: the next operation is dated by the service's time.
    const later = await sale(terminal, shift.id);
    expectSane(later.dt_created);
    expectSane((await queued(terminal)).at(-1)!.occurred_at);

    // An office rename made after the till's rename beats it.
    expect(await itemName(juice)).toBe('Juice (made while ahead)');
    await service.rest('PATCH', `/item-modifier/items/update/${juice}`, { name: 'Juice (office, later)' });
    expect(await itemName(juice)).toBe('Juice (office, later)');

    // The clock is put right: the till's rename after that beats the office's — the rename made while ahead was
    // stamped no later than its arrival, so no edit is stuck in the future. The warning goes; sales are dated right.
    m.state.offset = 0;
    await rename(terminal, juice, 'Juice (till, later still)');
    await terminal.sync();
    expect(await itemName(juice)).toBe('Juice (till, later still)');
    const fixed = await sale(terminal, shift.id);
    expectSane(fixed.dt_created);
    const cleared = await statusAfterCycle(terminal);
    expect(cleared.clock).toMatchObject({ skewMs: null, since: null });
    expectSane((await onService('orders', fixed.id)).dt_created);
  });

  it('started with its clock set back behind the last time it knew to be right, says so and dates from that time', async () => {
    const m = machine();
    const { file, terminal: first } = await enrolledTill(m);
    const kvass = await createItem(service.server, service.shop, 'Kvass');
    await first.sync();
    await rename(first, kvass, 'Kvass (before)');
    await first.close();

    m.state.offset = -3 * DAY;
    m.state.online = false;
    const terminal = await open(file, m);
    await rename(terminal, kvass, 'Kvass (clock set back)');
    expect(Date.parse((await queued(terminal)).at(-1)!.occurred_at)).toBeGreaterThan(Date.now() - SANE_WITHIN);
    const status = await statusAfterCycle(terminal);
    expect(status.clock).toMatchObject({ basis: 'last-known' });
    expect(status.clock!.skewMs!).toBeLessThan(-3 * DAY + SANE_WITHIN);
  });
});
