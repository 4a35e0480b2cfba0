/**
 * A till hears of changes at once (docs/sync.md, "Pokes"): with its poke connection live it pulls as soon as the
 * service pokes it — a back-office write, another till's sale — while its polling would wait an hour; pokes that
 * arrive during a running pull make exactly one more pull; polling slows while the connection is live and returns
 * to its short interval when the connection is lost; the state shows as `live` or `polling`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthState } from '../../main/terminal/health.js';
import { TillClock } from '../../main/terminal/till-clock.js';
import { PokeConnection, type PokeLinkState } from '../../main/terminal/poke-connection.js';
import { SyncEngine, type PokeEvents, type Timers } from '../../main/terminal/sync-engine.js';
import type { Terminal } from '../../main/terminal/terminal.js';
import { testEngines } from '../helpers/databases.js';
import { startTillService, type TillService } from '../helpers/till-service.js';

const HOUR = 3_600_000;

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within the time allowed');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const hasClient = async (till: Terminal, name: string) =>
  (await till.store.db.selectFrom('clients').select('id').where('full_name', '=', name).execute()).length === 1;

describe.each(await testEngines())('a till poked by a %s service', (engine) => {
  let service: TillService;
  beforeAll(async () => {
    service = await startTillService(engine);
  });
  afterAll(() => service.close());

  /** A till whose engine polls only once an hour: whatever arrives sooner came through a poke. */
  async function pokedTill() {
    const till = await service.till();
    const engine = new SyncEngine(till, {
      pullIntervalMs: HOUR,
      pokedPullIntervalMs: HOUR,
      pokes: (events) => new PokeConnection({ endpoint: () => till.pokeEndpoint(), onPoke: events.poke, onState: events.state }),
    });
    engine.start();
    await until(() => engine.current().updates === 'live' && !engine.current().syncing && engine.current().lastSyncAt !== null);
    return { till, engine };
  }

  it('pulls at once when the back office creates a client, and shows its updates as live', async () => {
    const { till, engine } = await pokedTill();
    try {
      expect(await hasClient(till, 'Created in the back office')).toBe(false);
      expect((await service.rest('POST', '/clients/create', { full_name: 'Created in the back office' })).status).toBe(201);
      await until(() => hasClient(till, 'Created in the back office'));
      expect(engine.current().updates).toBe('live');
    } finally {
      await engine.stop();
    }
  });

  it('pulls at once when another till of its point pushes a client it created', async () => {
    const { till, engine } = await pokedTill();
    const other = await service.till();
    try {
      await other.run('ClientController_create', { body: { full_name: 'Created at the other till' } }, service.cashier);
      await other.push();
      await until(() => hasClient(till, 'Created at the other till'));
    } finally {
      await engine.stop();
    }
  });
});

describe('the sync engine and its poke link', () => {
  /** Timers the test fires by hand: `due()` lists what is scheduled. */
  function manualTimers() {
    const scheduled = new Map<number, { callback: () => void; ms: number }>();
    let next = 1;
    const timers: Timers = {
      set(callback, ms) {
        scheduled.set(next, { callback, ms });
        return next++;
      },
      clear: (handle) => void scheduled.delete(handle as number),
    };
    return {
      timers,
      due: () => [...scheduled.values()].map((timer) => timer.ms),
      fireAll() {
        const all = [...scheduled.values()];
        scheduled.clear();
        for (const timer of all) timer.callback();
      },
    };
  }

  /** A terminal whose sync waits until the test lets it finish. */
  function heldTerminal() {
    const finishers: (() => void)[] = [];
    let syncs = 0;
    const terminal = {
      sync: () =>
        new Promise((resolve) => {
          syncs += 1;
          finishers.push(() => resolve({ changes: 0, acknowledged: 0, rejected: 0, tables: [] }));
        }),
      pendingOperations: async () => 0,
      inbox: async () => [],
      openWarningCount: async () => 0,
      credentialRefusedAt: async () => null,
      health: new HealthState(),
      store: { clock: new TillClock() },
    };
    return { terminal: terminal as unknown as Terminal, syncs: () => syncs, finish: () => finishers.shift()?.() };
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

  it('makes exactly one more pull for any number of pokes during a running one, and polls slowly while live', async () => {
    const clock = manualTimers();
    const held = heldTerminal();
    let events: PokeEvents | null = null;
    const engine = new SyncEngine(held.terminal, {
      timers: clock.timers,
      pullIntervalMs: 30_000,
      pokedPullIntervalMs: 300_000,
      pokes: (given) => {
        events = given;
        return { start: () => undefined, stop: async () => undefined };
      },
    });
    engine.start();
    const link = events as unknown as PokeEvents;
    link.state('live');
    expect(engine.current().updates).toBe('live');
    clock.fireAll();
    await settle();
    expect(held.syncs()).toBe(1);
    for (let poke = 0; poke < 5; poke += 1) link.poke();
    held.finish();
    await settle();
    // The pokes during the pull: one more cycle, at once.
    expect(clock.due()).toEqual([0]);
    clock.fireAll();
    await settle();
    expect(held.syncs()).toBe(2);
    held.finish();
    await settle();
    // Live: polling is only the fallback.
    expect(clock.due()).toEqual([300_000]);
    // The connection is lost: back to the short interval, and the state says so.
    link.state('down' satisfies PokeLinkState);
    expect(engine.current().updates).toBe('polling');
    expect(clock.due()).toEqual([30_000]);
    // A poke (the connection back) pulls at once.
    link.state('live');
    link.poke();
    expect(clock.due()).toEqual([0]);
    await engine.stop();
  });
});
