/**
 * `npm run bench:sync -- --scenario pokes [--engines sqlite,postgres --terminals 200 --modes pokes,polling
 *   --duration 20 --every 500 --poll-interval 30000]`  (or `npx tsx bench/sync/pokes.ts …`)
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
 * The service is the real one, a child process. A script, not a test: it prints figures.
 */
import { parseArgs } from 'node:util';
import { apiClient } from '../server/fixtures.js';
import { startService } from '../server/service.js';

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
    // bench/sync/run.ts's options (it hands `--scenario pokes` here), accepted so a mistyped option still fails.
    items: { type: 'string' },
    clients: { type: 'string' },
    operations: { type: 'string' },
    warmup: { type: 'string' },
    child: { type: 'boolean' },
    'fleet-clients': { type: 'string' },
    interval: { type: 'string' },
  },
  strict: true,
});
const TERMINALS = Number(values.terminals);
const DURATION_MS = Number(values.duration) * 1000;
const EVERY_MS = Number(values.every);
const POLL_MS = Number(values['poll-interval']);
type Mode = 'pokes' | 'polling';

interface Till {
  readonly index: number;
  readonly terminalId: string;
  readonly token: string;
  readonly epoch: string;
  cursor: string | null;
  seq: number;
  pulling: boolean;
  again: boolean;
  /** Markers of changes this till has not seen yet, with when each was made. */
  readonly waiting: Map<string, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function post(baseUrl: string, path: string, token: string, body: unknown): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/sync/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`${path} → ${response.status} ${text.slice(0, 200)}`);
  return text;
}

/** The cursor and hasMore of a pull page, read from its head (the service writes them first: app/sync/pull.ts). */
function headOf(page: string): { cursor: string | null; hasMore: boolean } {
  const cursor = /^\{"protocolVersion":\d+,"cursor":(null|"[^"]*")/.exec(page);
  if (!cursor) throw new Error(`not a pull page: ${page.slice(0, 120)}`);
  return { cursor: cursor[1] === 'null' ? null : (JSON.parse(cursor[1]!) as string), hasMore: /"hasMore":true/.test(page.slice(0, 400)) };
}

async function measure(engine: 'sqlite' | 'postgres', mode: Mode, port: number) {
  const service = await startService(engine, port);
  const streams: AbortController[] = [];
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
      if (index === 0) cashierId = (await api.post('/employee/create', { full_name: 'Cashier', role_id: '0', password: '2580', workplace_id: workplace.id })).id;
      const { code } = await api.post('/sync/enrollment-codes', { workplaceId: workplace.id });
      const enrolled = await anonymous.post('/sync/enroll', { code, name: `Till ${index}` });
      const till: Till = { index, terminalId: enrolled.terminalId, token: enrolled.accessToken, epoch: `e-pokes-${index}`, cursor: null, seq: 0, pulling: false, again: false, waiting: new Map() };
      // From the head, as after a bootstrap (one row of one table is enough to get a cursor).
      const snapshot = JSON.parse(await post(baseUrl, 'bootstrap', till.token, { protocolVersion: 1, terminalId: till.terminalId, epoch: till.epoch, tables: ['clients'], limitRows: 1 }));
      till.cursor = snapshot.cursor;
      tills.push(till);
    }

    const latencies: number[] = [];
    const pullTimes: number[] = [];
    let pulls = 0;
    const pullOnce = async (till: Till): Promise<void> => {
      const sent = performance.now();
      const page = await post(baseUrl, 'pull', till.token, { protocolVersion: 1, terminalId: till.terminalId, epoch: till.epoch, cursor: till.cursor, knownAck: till.seq, limitRows: 1000 });
      const arrived = performance.now();
      pullTimes.push(arrived - sent);
      pulls += 1;
      for (const [marker, madeAt] of till.waiting) {
        if (page.includes(marker)) {
          latencies.push(arrived - madeAt);
          till.waiting.delete(marker);
        }
      }
      const head = headOf(page);
      if (head.cursor) till.cursor = head.cursor;
      if (head.hasMore) till.again = true;
    };
    /** A till's pull, merged as the terminal's engine merges them: a poke during a pull makes one more. */
    const pull = async (till: Till): Promise<void> => {
      if (till.pulling) {
        till.again = true;
        return;
      }
      till.pulling = true;
      try {
        do {
          till.again = false;
          await pullOnce(till);
        } while (till.again);
      } catch (error) {
        console.error(`till ${till.index}: ${(error as Error).message}`);
      } finally {
        till.pulling = false;
      }
    };

    let running = true;
    const loops: Promise<void>[] = [];
    if (mode === 'pokes') {
      let live = 0;
      for (const till of tills) {
        const abort = new AbortController();
        streams.push(abort);
        loops.push(
          (async () => {
            const response = await fetch(`${baseUrl}/api/v1/sync/pokes`, { headers: { accept: 'text/event-stream', authorization: `Bearer ${till.token}` }, signal: abort.signal });
            if (response.status !== 200 || !response.body) throw new Error(`pokes → ${response.status}`);
            const decoder = new TextDecoder();
            let buffer = '';
            try {
              for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
                buffer += decoder.decode(chunk, { stream: true });
                let end: number;
                while ((end = buffer.indexOf('\n\n')) >= 0) {
                  const event = /^event: (\S+)$/m.exec(buffer.slice(0, end))?.[1];
                  buffer = buffer.slice(end + 2);
                  if (event === 'hello') live += 1;
                  if (event === 'hello' || event === 'poke') void pull(till);
                }
              }
            } catch {
              // aborted at the end of the run
            }
          })(),
        );
      }
      while (live < tills.length) await sleep(50);
    } else {
      for (const till of tills) {
        loops.push(
          (async () => {
            await sleep(Math.random() * POLL_MS);
            while (running) {
              await pull(till);
              await sleep(POLL_MS);
            }
          })(),
        );
      }
    }
    await sleep(1000);

    // The changes: alternately the back office and till 0 (whose own pulls are not counted for its own changes).
    const writer = tills[0]!;
    let changes = 0;
    const started = performance.now();
    while (performance.now() - started < DURATION_MS) {
      const marker = `poke-mark-${changes}-${Math.random().toString(36).slice(2, 8)}`;
      const madeAt = performance.now();
      const fromTill = changes % 2 === 1;
      for (const till of tills) if (!(fromTill && till === writer)) till.waiting.set(marker, madeAt);
      if (fromTill) {
        writer.seq += 1;
        const mutation = { seq: writer.seq, mutationId: crypto.randomUUID(), name: 'ClientController_create', v: 1, occurredAt: new Date().toISOString(), actor: { employeeId: cashierId }, args: { full_name: marker } };
        await post(baseUrl, 'push', writer.token, { protocolVersion: 1, terminalId: writer.terminalId, epoch: writer.epoch, mutations: [mutation] });
      } else await api.post('/clients/create', { full_name: marker });
      changes += 1;
      await sleep(Math.max(0, madeAt + EVERY_MS - performance.now()));
    }
    // Every till gets every change: wait until they have (polling: up to one interval more).
    const drainUntil = performance.now() + (mode === 'polling' ? POLL_MS + 10_000 : 15_000);
    while (tills.some((till) => till.waiting.size > 0) && performance.now() < drainUntil) await sleep(100);
    running = false;
    const missing = tills.reduce((total, till) => total + till.waiting.size, 0);
    latencies.sort((a, b) => a - b);
    pullTimes.sort((a, b) => a - b);
    const at = (fraction: number, values = latencies) => values[Math.min(values.length - 1, Math.floor(values.length * fraction))] ?? NaN;
    return { engine, mode, changes, deliveries: latencies.length, missing, pulls, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: latencies.at(-1) ?? NaN, pullP50: at(0.5, pullTimes), pullP99: at(0.99, pullTimes) };
  } finally {
    for (const abort of streams) abort.abort();
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
