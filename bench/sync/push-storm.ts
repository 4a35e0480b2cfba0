/**
 * `npx tsx bench/sync/push-storm.ts [-- --tills 10 --batch 30 --clients 40 --rounds 2 --sequential 40 --port 18660]`
 *
 * Push batches on PostgreSQL (docs/sync.md, "Push: the lock order"), against the real service (a child process):
 * - storm: `tills` tills each push a `batch`-operation batch of credit sales on random clients of one business, all
 *   at once, `rounds` times (the first round creates the clients' debt records). Prints each round's answers by
 *   status, its wall time and slowest answer, and the deadlocks PostgreSQL detected in the service's database
 *   (pg_stat_database, read once the backends have flushed their statistics). Without the lock order most answers
 *   were deadlocks: 500 after 19–29 s, then 503 once those were told apart.
 * - sequential: `sequential` such batches pushed one after another by one till (no contention at all): what
 *   locking up front costs a push that meets nobody — the service's CPU per push and per operation, and the median
 *   push. Compare builds with interleaved runs (A, B, A, B: docs/gotchas.md).
 * A script, not a test: it never gates anything on time.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { apiClient } from '../server/fixtures.js';
import { startService } from '../server/service.js';
import { sleep } from './pokes-protocol.js';

const { values } = parseArgs({
  options: {
    tills: { type: 'string', default: '10' },
    batch: { type: 'string', default: '30' },
    clients: { type: 'string', default: '40' },
    rounds: { type: 'string', default: '2' },
    sequential: { type: 'string', default: '40' },
    port: { type: 'string', default: '18660' },
  },
});
const TILLS = Number(values.tills);
const BATCH = Number(values.batch);
const CLIENTS = Number(values.clients);
const ROUNDS = Number(values.rounds);
const SEQUENTIAL = Number(values.sequential);

interface Till {
  readonly terminalId: string;
  readonly token: string;
  readonly epoch: string;
  nextSeq: number;
}

/** One push over HTTP: its status and milliseconds (fetch: the bench pushes a handful of requests, not a fleet). */
async function push(baseUrl: string, till: Till, mutations: unknown[]): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/sync/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${till.token}` },
    body: JSON.stringify({ protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, mutations }),
  });
  await response.text();
  if (response.status === 201) till.nextSeq += mutations.length;
  return { status: response.status, ms: performance.now() - started };
}

async function deadlocks(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const row = await client.query<{ deadlocks: string }>('select deadlocks::text from pg_stat_database where datname = current_database()');
    return Number(row.rows[0]?.deadlocks ?? 0);
  } finally {
    await client.end();
  }
}

const countBy = (statuses: number[]) => Object.entries(statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {}))
  .map(([status, count]) => `${count}×${status}`)
  .join(', ');

const service = await startService('postgres', Number(values.port));
try {
  const anonymous = apiClient(service.baseUrl);
  const login = `storm-${Date.now()}`;
  await anonymous.post('/auth/register', { login, password: 'bench-password', businessName: 'Storm', name: 'Storm' });
  const { access_token: token } = await anonymous.post('/auth/login', { login, password: 'bench-password' });
  const api = apiClient(service.baseUrl, token as string);
  const warehouse = await api.post('/warehouses/create', { name: 'Main' });
  const point = await api.post('/business-config/points/create', { name: 'Shop', default_warehouse_id: warehouse.id });
  const workplace = await api.post('/business-config/workplaces/create', { name: 'Till', automated_point_id: point.id });
  const cashier = await api.post('/employee/create', { full_name: 'Cashier', role_id: '0', password: '2580', workplace_id: workplace.id });
  const clients: string[] = [];
  for (let index = 0; index < CLIENTS; index += 1) clients.push((await api.post('/clients/create', { full_name: `Client ${index}` })).id as string);
  const enroll = async (): Promise<Till> => {
    const { code } = await api.post('/sync/enrollment-codes', { workplaceId: workplace.id });
    const enrolled = await anonymous.post('/sync/enroll', { code, name: 'Storm till' });
    return { terminalId: enrolled.terminalId as string, token: enrolled.accessToken as string, epoch: `e-${uuidv7().slice(-12)}`, nextSeq: 1 };
  };
  let clock = Date.now() - 3_600_000;
  const batchOf = (till: Till) =>
    Array.from({ length: BATCH }, (_, index) => ({
      seq: till.nextSeq + index,
      mutationId: uuidv7(),
      name: 'ClientDebtController_createTransaction',
      v: 1,
      occurredAt: new Date((clock += 1)).toISOString(),
      actor: { employeeId: cashier.id },
      args: { client_id: clients[Math.floor(Math.random() * CLIENTS)], debt_amount: '1.5', employee_id: cashier.id, id_automated_point: point.id },
    }));

  const tills: Till[] = [];
  for (let index = 0; index < TILLS; index += 1) tills.push(await enroll());
  const deadlocksBefore = await deadlocks(service.databaseUrl);
  console.log(`storm: ${TILLS} tills × ${BATCH} credit sales on ${CLIENTS} clients, at once, ${ROUNDS} rounds`);
  for (let round = 1; round <= ROUNDS; round += 1) {
    const started = performance.now();
    const answers = await Promise.all(tills.map((till) => push(service.baseUrl, till, batchOf(till))));
    const wall = performance.now() - started;
    console.log(`  round ${round}: ${countBy(answers.map((answer) => answer.status))} in ${wall.toFixed(0)} ms (slowest answer ${Math.max(...answers.map((answer) => answer.ms)).toFixed(0)} ms)`);
  }
  // Backends flush their statistics within 10 s of going idle (PostgreSQL 15).
  await sleep(11_000);
  console.log(`  deadlocks detected by PostgreSQL: ${(await deadlocks(service.databaseUrl)) - deadlocksBefore}`);

  const alone = await enroll();
  const cpuBefore = service.serviceCpuSeconds();
  const times: number[] = [];
  for (let index = 0; index < SEQUENTIAL; index += 1) {
    const answer = await push(service.baseUrl, alone, batchOf(alone));
    if (answer.status !== 201) throw new Error(`a sequential push answered ${answer.status}`);
    times.push(answer.ms);
  }
  const cpuAfter = service.serviceCpuSeconds();
  times.sort((a, b) => a - b);
  const cpuMs = cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1000) / SEQUENTIAL;
  console.log(
    `sequential: ${SEQUENTIAL} pushes of ${BATCH} by one till: median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, ` +
      `service CPU ${cpuMs === null ? '?' : `${cpuMs.toFixed(1)} ms a push, ${((cpuMs * 1000) / BATCH).toFixed(0)} µs an operation`}`,
  );
} finally {
  await service.stop();
}
