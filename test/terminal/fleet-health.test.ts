/**
 * At the till: every pull carries the till's health — its version, OS, unsent operations and their age, the
 * inbox and the last sync failure — and the owner's fleet read shows it (docs/fleet-health.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SyncEngine } from '../../main/terminal/sync-engine.js';
import type { Terminal } from '../../main/terminal/terminal.js';
import { testEngines } from '../helpers/databases.js';
import { startTillService, type TillService } from '../helpers/till-service.js';
import { createItem } from '../helpers/terminals.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';

describe.each(await testEngines())('a till reports its health with its pulls, against a %s service', (engine) => {
  let service: TillService;

  beforeAll(async () => {
    service = await startTillService(engine, { cashierRights: ['CATALOGUE'] });
  });
  afterAll(() => service.close());

  /** The terminal id the till was given at enrollment, from its own meta. */
  const terminalIdOf = async (terminal: Terminal) => {
    const row = await sql<{ value: string }>`select value from terminal_meta where key = 'terminal_id'`.execute(terminal.store.db);
    return row.rows[0]!.value;
  };
  const fleetEntry = async (terminalId: string) => {
    const fleet = await service.rest('GET', '/sync/fleet');
    expect(fleet.status).toBe(200);
    return (fleet.body.terminals as any[]).find((terminal) => terminal.id === terminalId);
  };

  it('reports an unsent rename, its age, the app version and the printer, then an empty queue once it is sent', async () => {
    const id = await createItem(service.server, service.shop, 'Tea');
    const terminal = await service.till();
    terminal.health.appVersion = '9.8.7';
    terminal.health.notePrinter('paper-out', 'roll empty');
    await terminal.run('ItemModifierController_updateItem', { params: { id }, body: { name: 'Green tea' } }, service.cashier);
    await terminal.pull();
    const terminalId = await terminalIdOf(terminal);
    const before = await fleetEntry(terminalId);
    expect(before.health).toMatchObject({ protocol_version: PROTOCOL_VERSION, app_version: '9.8.7', outbox_depth: 1, needs_attention: 0, last_sync_error: null, printer: { status: 'paper-out', detail: 'roll empty' } });
    expect(before.health.oldest_unsent_age_seconds).toBeGreaterThanOrEqual(0);
    expect(before.health.os).toMatch(/^\w+ /);

    // A pull reports the till as it was when the pull began: the acknowledgement it brings shows in the next one.
    await terminal.sync();
    await terminal.pull();
    expect((await fleetEntry(terminalId)).health).toMatchObject({ outbox_depth: 0, oldest_unsent_age_seconds: null });
  });

  it('reports the last failed sync once the service is reached again', async () => {
    let reachable = true;
    const terminal = await service.till(async (url, body, token, deadline) => {
      if (!reachable) throw new TypeError('fetch failed');
      const { fetchTransport } = await import('../../main/terminal/terminal.js');
      return fetchTransport(url, body, token, deadline);
    });
    const engine = new SyncEngine(terminal, { timers: { set: () => 0, clear: () => undefined }, random: () => 0 });
    reachable = false;
    await engine.runOnce();
    expect(engine.current().problem).toBe('no-network');
    reachable = true;
    await engine.runOnce();
    const terminalId = await terminalIdOf(terminal);
    expect((await fleetEntry(terminalId)).health.last_sync_error).toMatchObject({ message: 'offline' });
  });
});
