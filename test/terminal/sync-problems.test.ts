/**
 * The five ways a sync cycle fails, told apart (issue 14, item 5), the deadline on every call that makes a frozen
 * service one of them instead of "Syncing…" forever, and a busy service's Retry-After honoured.
 */
import { HealthState } from '../../main/terminal/health.js';
import { TillClock } from '../../main/terminal/till-clock.js';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchTransport, retryAfterMs, ServiceNotAnswering, SyncRefused, type Terminal } from '../../main/terminal/terminal.js';
import { SyncEngine, type PokeEvents, type SyncStatus, type Timers } from '../../main/terminal/sync-engine.js';

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
    copyDetectedAt: async () => null,
    resendsWaiting: async () => 0,
    incidents: async () => [],
    credentialRefusedReason: async () => (refusedAt === null ? null : 'REVOKED'),
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
    ['service busy', () => new SyncRefused(503, '{}', 1000), 'busy', 503, true],
    ['service rate-limiting this till', () => new SyncRefused(429, '{}'), 'busy', 429, true],
    ['service error', () => new SyncRefused(500, '{}'), 'service-error', 500, true],
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

describe('a busy service', () => {
  it('reads the Retry-After of a 503 answer, as seconds or as a date', async () => {
    const server = createHttpServer((_request, response) => {
      response.writeHead(503, { 'retry-after': '7', 'content-type': 'application/json' });
      response.end('{"statusCode":503}');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
    try {
      const answer = await fetchTransport(`http://127.0.0.1:${(server.address() as { port: number }).port}/api/v1/sync/push`, {}, 'token');
      expect(answer).toMatchObject({ status: 503, retryAfter: '7' });
      expect(SyncRefused.of(answer).retryAfterMs).toBe(7000);
    } finally {
      await new Promise((done) => server.close(done));
    }
    const now = Date.parse('2026-11-25T09:00:00.000Z');
    expect(retryAfterMs('Wed, 25 Nov 2026 09:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });

  /** Timers that only record the delays the engine asks for. */
  function recordingTimers() {
    const delays: number[] = [];
    const timers: Timers = { set: (_callback, ms) => delays.push(ms), clear: () => undefined };
    return { timers, delays };
  }

  it('waits at least what its Retry-After asks, full jitter above it, and never past the cap', async () => {
    let retryAfter: number | null = 5_000;
    const jitter = { value: 0 };
    const { timers, delays } = recordingTimers();
    const engine = new SyncEngine(fakeTerminal(() => new SyncRefused(503, '{}', retryAfter)), {
      timers,
      random: () => jitter.value,
      baseBackoffMs: 1_000,
      maxBackoffMs: 60_000,
    });
    engine.start();
    // Jitter below what the service asked: the service's 5 s.
    await engine.runOnce();
    expect(delays.at(-1)).toBe(5_000);
    expect(engine.current()).toMatchObject({ problem: 'busy', problemStatus: 503, online: true });
    // The back-off's ceiling has doubled past it (1 s · 2^3): jitter decides above the service's floor.
    jitter.value = 1;
    await engine.runOnce();
    await engine.runOnce();
    expect(delays.at(-1)).toBe(8_000);
    // An hour asked for is capped: the till tries again within its own longest wait.
    retryAfter = 3_600_000;
    await engine.runOnce();
    expect(delays.at(-1)).toBe(60_000);
    // No Retry-After: the usual full jitter.
    retryAfter = null;
    jitter.value = 0;
    await engine.runOnce();
    expect(delays.at(-1)).toBe(0);
    await engine.stop();
  });

  it('does not cut its back-off short for a poke: pokes come with every commit', async () => {
    const { timers, delays } = recordingTimers();
    let events: PokeEvents | null = null;
    const engine = new SyncEngine(fakeTerminal(() => new SyncRefused(503, '{}', 5_000)), {
      timers,
      random: () => 0,
      pokes: (given) => {
        events = given;
        return { start: () => undefined, stop: async () => undefined };
      },
    });
    engine.start();
    await engine.runOnce();
    expect(delays.at(-1)).toBe(5_000);
    const scheduled = delays.length;
    (events as unknown as PokeEvents).poke();
    expect(delays).toHaveLength(scheduled);
    await engine.stop();
  });
});
