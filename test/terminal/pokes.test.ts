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
    service = await startTillService(engine, { cashierRights: ['CLIENT_DEBTS'] });
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
      /** Fires the timers set for `ms`. */
      fire(ms: number) {
        for (const [handle, timer] of [...scheduled]) {
          if (timer.ms !== ms) continue;
          scheduled.delete(handle);
          timer.callback();
        }
      },
      fireAll() {
        const all = [...scheduled.values()];
        scheduled.clear();
        for (const timer of all) timer.callback();
      },
    };
  }

  /** A terminal whose sync waits until the test lets it finish (or fail). */
  function heldTerminal() {
    const finishers: ((error?: unknown) => void)[] = [];
    let syncs = 0;
    const terminal = {
      sync: () =>
        new Promise((resolve, reject) => {
          syncs += 1;
          finishers.push((error) => (error ? reject(error) : resolve({ changes: 0, acknowledged: 0, rejected: 0, tables: [] })));
        }),
      pendingOperations: async () => 0,
      inbox: async () => [],
      openWarningCount: async () => 0,
      copyDetectedAt: async () => null,
      resendsWaiting: async () => 0,
      incidents: async () => [],
      credentialRefusedReason: async () => null,
      credentialRefusedAt: async () => null,
      health: new HealthState(),
      store: { clock: new TillClock() },
    };
    return {
      terminal: terminal as unknown as Terminal,
      syncs: () => syncs,
      finish: () => finishers.shift()?.(),
      fail: (error: unknown) => finishers.shift()?.(error),
    };
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
    // The connection is lost: the state says so, a probe runs at once, then polling is back at the short interval.
    link.state('down' satisfies PokeLinkState);
    expect(engine.current().updates).toBe('polling');
    expect(clock.due()).toEqual([0]);
    clock.fireAll();
    await settle();
    held.finish();
    await settle();
    expect(clock.due()).toEqual([30_000]);
    // A poke (the connection back) pulls at once.
    link.state('live');
    link.poke();
    expect(clock.due()).toEqual([0]);
    await engine.stop();
  });

  /** An engine over a held terminal and a poke link the test drives, synced once while the link is live. */
  async function liveEngine(options: { probeGapMs?: number } = {}) {
    const clock = manualTimers();
    const held = heldTerminal();
    let events: PokeEvents | null = null;
    const engine = new SyncEngine(held.terminal, {
      timers: clock.timers,
      random: () => 1,
      pullIntervalMs: 30_000,
      pokedPullIntervalMs: 300_000,
      probeAnswerMs: 3_000,
      ...options,
      pokes: (given) => {
        events = given;
        return { start: () => undefined, stop: async () => undefined };
      },
    });
    engine.start();
    const link = events as unknown as PokeEvents;
    link.state('live');
    clock.fireAll();
    await settle();
    held.finish();
    await settle();
    expect(engine.current()).toMatchObject({ online: true, updates: 'live', problem: null });
    return { clock, held, engine, link };
  }

  it('probes at once when the live connection is lost, so a dead service shows as no network in milliseconds, not at the next poll', async () => {
    const { clock, held, engine, link } = await liveEngine();
    link.state('down');
    expect(clock.due()).toEqual([0]);
    clock.fire(0);
    await settle();
    expect(held.syncs()).toBe(2);
    held.fail(new TypeError('fetch failed'));
    await settle();
    expect(engine.current()).toMatchObject({ online: false, problem: 'no-network', updates: 'polling' });
    await engine.stop();
  });

  it('shows a frozen service as not answering once the probe has gone 3 s unanswered, and online again if it answers after all', async () => {
    const { clock, held, engine, link } = await liveEngine();
    link.state('down');
    clock.fire(0);
    await settle();
    expect(clock.due()).toEqual([3_000]);
    expect(engine.current()).toMatchObject({ syncing: true, problem: null });
    clock.fire(3_000);
    expect(engine.current()).toMatchObject({ syncing: true, online: false, problem: 'not-answering', lastError: 'the service did not answer within 3 s' });
    held.finish();
    await settle();
    expect(engine.current()).toMatchObject({ syncing: false, online: true, problem: null });
    await engine.stop();
  });

  it('probes after a cycle that was running when the connection was lost: it may have been answered just before', async () => {
    const { clock, held, engine, link } = await liveEngine();
    link.poke();
    clock.fire(0);
    await settle();
    link.state('down');
    expect(clock.due()).toEqual([]);
    held.finish();
    await settle();
    expect(clock.due()).toEqual([0]);
    clock.fire(0);
    await settle();
    expect(held.syncs()).toBe(3);
    held.finish();
    await engine.stop();
  });

  it('probes a flapping connection at most once per gap, and not at all during a failure’s back-off', async () => {
    const { clock, held, engine, link } = await liveEngine({ probeGapMs: 60_000 });
    link.state('down');
    clock.fire(0);
    await settle();
    held.finish();
    await settle();
    // Back, lost again at once: the next probe waits for the rest of the gap (the poll stays at 30 s meanwhile).
    link.state('live');
    link.state('down');
    const [wait] = clock.due();
    expect(wait).toBeGreaterThan(59_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    // A failure's back-off stands: a lost connection adds nothing to it.
    clock.fireAll();
    await settle();
    held.fail(new TypeError('fetch failed'));
    await settle();
    const backOff = clock.due();
    expect(backOff).toHaveLength(1);
    link.state('live');
    link.state('down');
    expect(clock.due()).toEqual(backOff);
    expect(held.syncs()).toBe(3);
    await engine.stop();
  });
});

describe('a till whose service dies', () => {
  it('says so within 5 s: the poke connection drops and the probe finds nobody, without waiting for the next poll', async () => {
    const service = await startTillService('sqlite');
    const till = await service.till();
    const engine = new SyncEngine(till, {
      pullIntervalMs: HOUR,
      pokedPullIntervalMs: HOUR,
      pokes: (events) => new PokeConnection({ endpoint: () => till.pokeEndpoint(), onPoke: events.poke, onState: events.state }),
    });
    try {
      engine.start();
      await until(() => engine.current().updates === 'live' && !engine.current().syncing && engine.current().online);
      // The service process dies: its listener is gone and every connection is cut, the poke stream's included.
      const http = service.server.app.server;
      http.close();
      http.closeAllConnections();
      const died = Date.now();
      await until(() => !engine.current().online && engine.current().problem !== null, 5_000);
      expect(Date.now() - died).toBeLessThan(5_000);
      expect(engine.current()).toMatchObject({ problem: 'no-network', updates: 'polling' });
    } finally {
      await engine.stop();
      await service.close();
    }
  });
});
