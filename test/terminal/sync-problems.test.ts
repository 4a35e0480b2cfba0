/**
 * The four ways a sync cycle fails, told apart (issue 14, item 5), and the deadline on every call that makes a
 * frozen service one of them instead of "Syncing…" forever.
 */
import { HealthState } from '../../main/terminal/health.js';
import { TillClock } from '../../main/terminal/till-clock.js';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchTransport, ServiceNotAnswering, SyncRefused, type Terminal } from '../../main/terminal/terminal.js';
import { SyncEngine, type SyncStatus, type Timers } from '../../main/terminal/sync-engine.js';

/** A TCP server that accepts connections and never answers: a frozen service. */
async function blackHole(): Promise<{ url: string; server: Server; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server, sockets };
}

const held: { server: Server; sockets: Socket[] }[] = [];
afterEach(async () => {
  for (const { server, sockets } of held.splice(0)) {
    for (const socket of sockets) socket.destroy();
    await new Promise((done) => server.close(done));
  }
});

const noTimers: Timers = { set: () => 0, clear: () => undefined };

/** A terminal whose sync fails (or not) as told; the engine sees nothing else of it. */
function fakeTerminal(failure: () => unknown) {
  let refusedAt: string | null = null;
  const terminal = {
    async sync() {
      const error = failure();
      if (error instanceof SyncRefused && error.status === 401) refusedAt ??= new Date().toISOString();
      if (error) throw error;
      return { changes: 0, acknowledged: 0, rejected: 0 };
    },
    pendingOperations: async () => 3,
    inbox: async () => [],
    openWarningCount: async () => 0,
    credentialRefusedAt: async () => refusedAt,
    health: new HealthState(),
    store: { clock: new TillClock() },
  };
  return terminal as unknown as Terminal;
}

describe('a sync call with a deadline', () => {
  it('gives up on a service that accepts the connection and never answers, as "not answering"', async () => {
    const hole = await blackHole();
    held.push(hole);
    const started = Date.now();
    const failure = await fetchTransport(`${hole.url}/api/v1/sync/pull`, {}, 'token', { answerMs: 300, bodyMs: 1000 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceNotAnswering);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reports a refused connection as a network failure, not as "not answering"', async () => {
    const hole = await blackHole();
    const { url } = hole;
    await new Promise((done) => hole.server.close(done));
    const failure = await fetchTransport(`${url}/x`, {}, null, { answerMs: 2000, bodyMs: 2000 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(ServiceNotAnswering);
  });
});

describe('the sync engine tells failures apart', () => {
  const cases: [string, () => unknown, SyncStatus['problem'], number | null, boolean][] = [
    ['no network', () => new TypeError('fetch failed'), 'no-network', null, false],
    ['service not answering', () => new ServiceNotAnswering(15_000), 'not-answering', null, false],
    ['credential refused', () => new SyncRefused(401, '{}'), 'credential-refused', 401, false],
    ['service error', () => new SyncRefused(503, '{}'), 'service-error', 503, true],
  ];
  for (const [label, failure, problem, status, online] of cases) {
    it(`reports ${label} as "${problem}", with when it started`, async () => {
      const before = Date.now();
      const engine = new SyncEngine(fakeTerminal(failure), { timers: noTimers, random: () => 0 });
      await engine.runOnce();
      const first = engine.current();
      expect(first).toMatchObject({ problem, problemStatus: status, online, syncing: false, pendingOperations: 3 });
      expect(Date.parse(first.problemSince!)).toBeGreaterThanOrEqual(before - 1000);
      // The same failure again keeps its start: the bar says since when, not since the last retry.
      await new Promise((done) => setTimeout(done, 5));
      await engine.runOnce();
      expect(engine.current().problemSince).toBe(first.problemSince);
    });
  }

  it('starts a new "since" when the kind of failure changes, and clears it when a cycle completes', async () => {
    let next: unknown = new TypeError('fetch failed');
    const engine = new SyncEngine(
      fakeTerminal(() => next),
      { timers: noTimers, random: () => 0 },
    );
    await engine.runOnce();
    const offlineSince = engine.current().problemSince;
    await new Promise((done) => setTimeout(done, 5));
    next = new ServiceNotAnswering(15_000);
    await engine.runOnce();
    expect(engine.current().problem).toBe('not-answering');
    expect(engine.current().problemSince).not.toBe(offlineSince);
    next = null;
    await engine.runOnce();
    expect(engine.current()).toMatchObject({ problem: null, problemSince: null, problemStatus: null, online: true, lastError: null });
  });

  it('shows a refused credential remembered by the terminal before any cycle runs (after a restart)', async () => {
    const terminal = fakeTerminal(() => new SyncRefused(401, '{}'));
    await terminal.sync().catch(() => undefined);
    const statuses: SyncStatus[] = [];
    const engine = new SyncEngine(terminal, { timers: noTimers, onStatus: (status) => statuses.push(status) });
    engine.start();
    await expect.poll(() => statuses.at(-1)?.problem).toBe('credential-refused');
    expect(statuses.at(-1)?.problemSince).toBe(await terminal.credentialRefusedAt());
    await engine.stop();
  });
});
