/**
 * `npm run bench:sync -- --scenario pokes [--engines sqlite,postgres --terminals 200 --modes pokes,polling
 *   --duration 20 --every 500 --poll-interval 30000 --processes 1]`  (or `npx tsx bench/sync/pokes.ts …`)
 *
 * Issue 19's figure: a change made at one till or in the back office, until it reaches another till of the same
 * point — p50 and p99 over every (change, till) pair, with `terminals` tills on one point, on both engines:
 * - `pokes`: every till keeps its poke stream open (GET /sync/pokes) and pulls on `hello` and on every `poke`
 *   (one more pull if poked while pulling, again at once while `hasMore`), as main/terminal does;
 * - `polling`: the same tills with pokes off, pulling every `poll-interval` ms (30 s, the till's default) from a
 *   random phase.
 * Every `every` ms a change is made, alternately by the back office (a client created over REST) and by till 0
 * (a client created offline and pushed). A till has the change when a pull page holding it has arrived: the
 * tills speak the raw protocol (200 terminal cores with their SQLite files would measure this machine's two cores,
 * not the service), so applying the page — a millisecond or two for one row at a real till — is not counted.
 * The tills run in `processes` processes of their own (./pokes-tills.ts; real tills are separate machines), apart
 * from the process that makes the changes; arrival times are compared across processes in wall-clock ms.
 * The service is the real one, a child process. A script, not a test: it prints figures.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { apiClient } from '../server/fixtures.js';
import { startService } from '../server/service.js';
import { post, sleep, wallNow, type FromTills, type ToTills } from './pokes-protocol.js';

const { values } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'pokes' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    terminals: { type: 'string', default: '200' },
    modes: { type: 'string', default: 'pokes,polling' },
    duration: { type: 'string', default: '20' },
    every: { type: 'string', default: '500' },
    'poll-interval': { type: 'string', default: '30000' },
    port: { type: 'string', default: '4540' },
    // The tills run in this many processes of their own (./pokes-tills.ts). On this 2-core machine 1 measures best:
    // more processes take CPU from the service, whose burst of pulls is the latency (BENCHMARKS.md, "Pokes").
    processes: { type: 'string', default: '1' },
    // bench/sync/run.ts's options (it hands `--scenario pokes` here), accepted so a mistyped option still fails.
    items: { type: 'string' },
    clients: { type: 'string' },
    operations: { type: 'string' },
    warmup: { type: 'string' },
    child: { type: 'boolean' },
    'fleet-clients': { type: 'string' },
    interval: { type: 'string' },
    points: { type: 'string' },
  },
  strict: true,
});
const TERMINALS = Number(values.terminals);
const DURATION_MS = Number(values.duration) * 1000;
const EVERY_MS = Number(values.every);
const POLL_MS = Number(values['poll-interval']);
const PROCESSES = Number(values.processes);
if (!Number.isInteger(PROCESSES) || PROCESSES < 1) throw new Error('--processes must be a positive integer');
type Mode = 'pokes' | 'polling';

/** A till as this process keeps it: its pulls run in a till process (./pokes-tills.ts). */
interface Till {
  readonly index: number;
  readonly terminalId: string;
  readonly token: string;
  readonly epoch: string;
  cursor: string | null;
  /** Its pushed operations (till 0 makes half the changes). */
  seq: number;
  /** Markers of changes this till has not seen yet, with when each was made (ms since the epoch). */
  readonly waiting: Map<string, number>;
}

async function measure(engine: 'sqlite' | 'postgres', mode: Mode, port: number) {
  const service = await startService(engine, port);
  const children: ChildProcess[] = [];
  try {
    const { baseUrl } = service;
    // On a busy machine the service (compiled by tsx as it starts) may take longer than startService waits.
    for (let waited = 0; !(await fetch(`${baseUrl}/readyz`).then((response) => response.ok, () => false)); waited += 500) {
      if (waited > 180_000) throw new Error('the service did not start');
      await sleep(500);
    }
    const anonymous = apiClient(baseUrl);
    const login = `pokes-${Date.now()}`;
    await anonymous.post('/auth/register', { login, password: 'bench-password', businessName: 'Pokes', name: 'Pokes' });
    const { access_token: ownerToken } = await anonymous.post('/auth/login', { login, password: 'bench-password' });
    const api = apiClient(baseUrl, ownerToken);
    const warehouse = await api.post('/warehouses/create', { name: 'Main' });
    const point = await api.post('/business-config/points/create', { name: 'Shop', default_warehouse_id: warehouse.id });
    const tills: Till[] = [];
    let cashierId = '';
    for (let index = 0; index < TERMINALS; index += 1) {
      const workplace = await api.post('/business-config/workplaces/create', { name: `Till ${index}`, automated_point_id: point.id });
      // The tills create clients: their cashier's role grants CLIENT_DEBTS (shared/rights.ts).
      if (index === 0) {
        const role = await api.post('/employee-role/create', { name: 'Cashier', access_resources: ['CLIENT_DEBTS'] });
        cashierId = (await api.post('/employee/create', { full_name: 'Cashier', role_id: role.id, password: '2580', workplace_id: workplace.id })).id;
      }
      const { code } = await api.post('/sync/enrollment-codes', { workplaceId: workplace.id });
      const enrolled = await anonymous.post('/sync/enroll', { code, name: `Till ${index}` });
      const till: Till = { index, terminalId: enrolled.terminalId, token: enrolled.accessToken, epoch: `e-pokes-${index}`, cursor: null, seq: 0, waiting: new Map() };
      // From the head, as after a bootstrap (one row of one table is enough to get a cursor).
      const snapshot = JSON.parse(await post(baseUrl, 'bootstrap', till.token, { protocolVersion: 1, terminalId: till.terminalId, epoch: till.epoch, tables: ['clients'], limitRows: 1 }));
      till.cursor = snapshot.cursor;
      tills.push(till);
    }

    const latencies: number[] = [];
    const pullTimes: number[] = [];
    let pulls = 0;
    let live = 0;
    const errors: string[] = [];
    // The tills run in PROCESSES processes of their own (./pokes-tills.ts), a share each.
    const share = Math.ceil(tills.length / PROCESSES);
    for (let first = 0; first < tills.length; first += share) {
      const child = fork(fileURLToPath(new URL('./pokes-tills.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.push(child);
      child.on('message', (message: FromTills) => {
        if (message.type === 'live') live += 1;
        else if (message.type === 'pull') {
          pulls += 1;
          pullTimes.push(message.ms);
        } else if (message.type === 'error') errors.push(message.message);
        else {
          const till = tills[message.index]!;
          for (const marker of message.markers) {
            const madeAt = till.waiting.get(marker);
            if (madeAt === undefined) continue;
            latencies.push(message.at - madeAt);
            till.waiting.delete(marker);
          }
        }
      });
      const slice = tills.slice(first, first + share).map(({ index, terminalId, token, epoch, cursor }) => ({ index, terminalId, token, epoch, cursor }));
      child.send({ type: 'start', baseUrl, mode, pollMs: POLL_MS, tills: slice } satisfies ToTills);
    }
    for (let waited = 0; live < tills.length; waited += 50) {
      if (waited > 120_000) throw new Error(`only ${live} of ${tills.length} tills connected`);
      await sleep(50);
    }
    await sleep(1000);

    // The changes: alternately the back office and till 0 (whose own pulls are not counted for its own changes).
    const writer = tills[0]!;
    let changes = 0;
    const started = performance.now();
    while (performance.now() - started < DURATION_MS) {
      const marker = `poke-mark-${changes}-${Math.random().toString(36).slice(2, 8)}`;
      const madeAt = wallNow();
      const fromTill = changes % 2 === 1;
      for (const till of tills) if (!(fromTill && till === writer)) till.waiting.set(marker, madeAt);
      if (fromTill) {
        writer.seq += 1;
        const mutation = { seq: writer.seq, mutationId: crypto.randomUUID(), name: 'ClientController_create', v: 1, occurredAt: new Date().toISOString(), actor: { employeeId: cashierId }, args: { full_name: marker } };
        await post(baseUrl, 'push', writer.token, { protocolVersion: 1, terminalId: writer.terminalId, epoch: writer.epoch, mutations: [mutation] });
      } else await api.post('/clients/create', { full_name: marker });
      changes += 1;
      await sleep(Math.max(0, madeAt + EVERY_MS - wallNow()));
    }
    // Every till gets every change: wait until they have (polling: up to one interval more).
    const drainUntil = performance.now() + (mode === 'polling' ? POLL_MS + 10_000 : 15_000);
    while (tills.some((till) => till.waiting.size > 0) && performance.now() < drainUntil) await sleep(100);
    for (const error of errors.slice(0, 5)) console.error(error);
    const missing = tills.reduce((total, till) => total + till.waiting.size, 0);
    latencies.sort((a, b) => a - b);
    pullTimes.sort((a, b) => a - b);
    const at = (fraction: number, values = latencies) => values[Math.min(values.length - 1, Math.floor(values.length * fraction))] ?? NaN;
    return { engine, mode, changes, deliveries: latencies.length, missing, pulls, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: latencies.at(-1) ?? NaN, pullP50: at(0.5, pullTimes), pullP99: at(0.99, pullTimes) };
  } finally {
    for (const child of children) if (child.connected) child.send({ type: 'stop' } satisfies ToTills);
    await service.stop();
  }
}

const engines = String(values.engines).split(',') as ('sqlite' | 'postgres')[];
const modes = String(values.modes).split(',') as Mode[];
const results = [];
let port = Number(values.port);
for (const engine of engines) for (const mode of modes) results.push(await measure(engine, mode, port++));
console.log(
  `\n${TERMINALS} tills on one point; a change every ${EVERY_MS} ms for ${DURATION_MS / 1000} s, alternately made in the back office (REST) and at one of the tills (push); time until each other till has received it in a pull page (polling: every ${POLL_MS / 1000} s)\n`,
);
console.log('| engine | tills hear of changes by | changes | deliveries | missing | pulls | p50 | p90 | p99 | max | one pull: p50, p99 |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(`| ${r.engine} | ${r.mode} | ${r.changes} | ${r.deliveries} | ${r.missing} | ${r.pulls} | ${r.p50.toFixed(0)} ms | ${r.p90.toFixed(0)} ms | ${r.p99.toFixed(0)} ms | ${r.max.toFixed(0)} ms | ${r.pullP50.toFixed(0)} ms, ${r.pullP99.toFixed(0)} ms |`);
}
process.exit(0);
