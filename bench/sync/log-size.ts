/**
 * `npm run bench:log [-- --engine sqlite --terminals 200 --hours 8 --seconds 80 --interval 2000 --compact-after 1h --keep-tombstones 2h]`
 *
 * The change log's size over a busy business's day, with and without compaction (issue 19, "A bounded change
 * log"): the real service (a child process) and `terminals` tills, each the till of its own workplace with its
 * shift open, pushing real sales (./fleet-sale.ts: an order of 5 lines paid cash + on account) and pulling after
 * each, one sale every `interval` ms per till. A day of `hours` business hours is compressed into `seconds` real
 * seconds, and so are the compaction settings given in business time (`--compact-after`, `--keep-tombstones`;
 * compaction runs every business-time 5 minutes). Every business hour it prints the log's rows and bytes
 * (`sync_log`, plus compaction's `sync_log_keys`), for one run with compaction off (SYNC_LOG_COMPACT_EVERY=0) and
 * one with it on. A script, not a test.
 */
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../../db/connect.js';
import { apiClient } from '../server/fixtures.js';
import { startService } from '../server/service.js';
import { fleetSaleArgs, openFleetTill, prepareFleetSales, type FleetTill } from './fleet-sale.js';
import { headOf, post as postSync } from './pokes-protocol.js';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    terminals: { type: 'string', default: '200' },
    hours: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '80' },
    interval: { type: 'string', default: '2000' },
    'compact-after': { type: 'string', default: '1h' },
    'keep-tombstones': { type: 'string', default: '2h' },
    port: { type: 'string', default: '4650' },
  },
});
const ENGINE = values.engine === 'postgres' ? 'postgres' : 'sqlite';
const TERMINALS = Number(values.terminals);
const HOURS = Number(values.hours);
const REAL_MS = Number(values.seconds) * 1000;
const INTERVAL_MS = Number(values.interval);
/** Real milliseconds per business hour. */
const HOUR_MS = REAL_MS / HOURS;

/** A business-time duration (30m, 1h, 2h) in real milliseconds at this compression. */
function compressed(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(m|h)$/.exec(text);
  if (!match) throw new Error(`a duration such as 30m or 2h, not ${text}`);
  return Math.max(1, Math.round(Number(match[1]) * (match[2] === 'h' ? HOUR_MS : HOUR_MS / 60)));
}

interface Sample {
  readonly hour: number;
  readonly sales: number;
  readonly rows: number;
  readonly bytes: number;
  readonly keyRows: number;
  /** The business's head version, and compaction's floor and horizon reached (0 while it has not run). */
  readonly head: number;
  readonly floor: number;
  readonly compactedTo: number;
}

async function logSize(db: Kysely<unknown>): Promise<Omit<Sample, 'hour' | 'sales'>> {
  const clock = (
    await sql<{ head: string | bigint | null; floor: string | bigint | null; compacted_to: string | bigint | null }>`
    select max(c.version) as head, max(r.floor) as floor, max(r.compacted_to) as compacted_to from sync_clock c left join sync_retention r using (business_id)`.execute(
      db,
    )
  ).rows[0];
  const log = (
    await sql<{
      rows: string | bigint;
      bytes: string | bigint | null;
    }>`select count(*) as rows, sum(length(entries)) as bytes from sync_log`.execute(db)
  ).rows[0]!;
  const keys = (await sql<{ rows: string | bigint }>`select count(*) as rows from sync_log_keys`.execute(db)).rows[0]!;
  return {
    rows: Number(log.rows),
    bytes: Number(log.bytes ?? 0),
    keyRows: Number(keys.rows),
    head: Number(clock?.head ?? 0),
    floor: Number(clock?.floor ?? 0),
    compactedTo: Number(clock?.compacted_to ?? 0),
  };
}

async function day(compaction: boolean, port: number): Promise<{ samples: Sample[]; applied: number; rejected: number }> {
  const env: Record<string, string> = compaction
    ? {
        SYNC_LOG_COMPACT_AFTER: `${compressed(String(values['compact-after']))}ms`,
        SYNC_LOG_KEEP_TOMBSTONES: `${compressed(String(values['keep-tombstones']))}ms`,
        SYNC_LOG_COMPACT_EVERY: `${compressed('5m')}ms`,
      }
    : { SYNC_LOG_COMPACT_EVERY: '0' };
  const service = await startService(ENGINE, port, env);
  const reader = openDatabase(service.databaseUrl);
  try {
    const anonymous = apiClient(service.baseUrl);
    const login = `log-${Date.now()}`;
    await anonymous.post('/auth/register', { login, password: 'bench-password', businessName: 'Busy', name: 'Busy' });
    const { access_token: token } = await anonymous.post('/auth/login', { login, password: 'bench-password' });
    const api = apiClient(service.baseUrl, token);
    const warehouse = await api.post('/warehouses/create', { name: 'Main' });
    const point = await api.post('/business-config/points/create', { name: 'Shop', default_warehouse_id: warehouse.id });
    const workplace = await api.post('/business-config/workplaces/create', { name: 'Office', automated_point_id: point.id });
    const cashier = await api.post('/employee/create', {
      full_name: 'Cashier',
      role_id: '0',
      password: '2580',
      workplace_id: workplace.id,
    });
    const setup = await prepareFleetSales(api, warehouse.id);
    const fleet: { terminalId: string; token: string; epoch: string; seq: number; cursor: string | null; clientId: string; till: FleetTill }[] = [];
    for (let index = 0; index < TERMINALS; index += 1) {
      const till = await openFleetTill(api, point.id, index);
      const code = (await api.post('/sync/enrollment-codes', { workplaceId: till.workplaceId })).code as string;
      const enrolled = await apiClient(service.baseUrl).post('/sync/enroll', { code, name: `Till ${index}` });
      const clientId = (await api.post('/clients/create', { full_name: `Client ${index}` })).id as string;
      fleet.push({
        terminalId: enrolled.terminalId as string,
        token: enrolled.accessToken as string,
        epoch: `e-log-${index}`,
        seq: 0,
        cursor: null,
        clientId,
        till,
      });
    }
    // Over node:http with kept connections (./pokes-protocol.ts says why).
    const post = (path: string, bearer: string, body: unknown) => postSync(service.baseUrl, path, bearer, body);
    /** A new cursor at the head, as after a download (one row of one table is enough to get one). */
    const downloadCursor = async (till: (typeof fleet)[number]) =>
      (JSON.parse(await post('bootstrap', till.token, { protocolVersion: 1, terminalId: till.terminalId, epoch: till.epoch, tables: ['clients'], limitRows: 1 })) as { cursor: string }).cursor;
    for (const till of fleet) till.cursor = await downloadCursor(till);
    let applied = 0;
    let rejected = 0;
    let resets = 0;
    const samples: Sample[] = [];
    const started = performance.now();
    const deadline = started + REAL_MS;
    const sampler = (async () => {
      for (let hour = 0; hour <= HOURS; hour += 1) {
        const wait = started + hour * HOUR_MS - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        samples.push({ hour, sales: applied, ...(await logSize(reader.db as unknown as Kysely<unknown>)) });
      }
    })();
    await Promise.all(
      fleet.map(async (till, index) => {
        let due = started + (INTERVAL_MS * index) / fleet.length;
        for (;;) {
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          due += INTERVAL_MS;
          if (performance.now() >= deadline) break;
          till.seq += 1;
          const mutation = {
            seq: till.seq,
            mutationId: crypto.randomUUID(),
            name: 'OrderController_create',
            v: 1,
            occurredAt: new Date().toISOString(),
            actor: { employeeId: cashier.id },
            args: fleetSaleArgs(setup, till.till, {
              pointId: point.id,
              clientId: till.clientId,
              orderId: `L${index}-${till.seq}`,
              guid: crypto.randomUUID(),
            }),
          };
          const answer = JSON.parse(
            await post('push', till.token, {
              protocolVersion: 1,
              terminalId: till.terminalId,
              epoch: till.epoch,
              mutations: [mutation],
            }),
          ) as { results: { status: string }[] };
          for (const result of answer.results)
            if (result.status === 'applied') applied += 1;
            else rejected += 1;
          // As a till does: pages until it has caught up; a reset (its cursor fell below the floor) means a new
          // download, counted — a till that keeps up is never reset.
          for (let pages = 0; pages < 20; pages += 1) {
            const page = await post('pull', till.token, {
              protocolVersion: 1,
              terminalId: till.terminalId,
              epoch: till.epoch,
              cursor: till.cursor,
              knownAck: till.seq - 1,
              limitRows: 1000,
            });
            const head = headOf(page);
            if (!head.cursor) {
              resets += 1;
              till.cursor = await downloadCursor(till);
              break;
            }
            till.cursor = head.cursor;
            if (!head.hasMore) break;
          }
        }
      }),
    );
    await sampler;
    if (resets > 0) console.error(`${resets} pulls were reset: tills fell below the retention floor (they could not keep up) and downloaded again`);
    return { samples, applied, rejected };
  } finally {
    await reader.close();
    await service.stop();
  }
}

const without = await day(false, Number(values.port));
const withCompaction = await day(true, Number(values.port) + 1);
console.log(
  `\n${ENGINE}: ${TERMINALS} tills, one sale (5 lines, cash + on account) every ${INTERVAL_MS} ms each; ${HOURS} business hours in ${REAL_MS / 1000} s; compaction after ${values['compact-after']}, floor at ${values['keep-tombstones']} (business time)\n`,
);
console.log(
  '| business hour | sales (off) | log rows, off | log MB, off | sales (on) | log rows, on | log MB, on | compaction keys, on | head / horizon reached / floor, on |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (let hour = 0; hour <= HOURS; hour += 1) {
  const off = without.samples[hour];
  const on = withCompaction.samples[hour];
  if (!off || !on) continue;
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  console.log(
    `| ${hour} | ${off.sales} | ${off.rows} | ${mb(off.bytes)} | ${on.sales} | ${on.rows} | ${mb(on.bytes)} | ${on.keyRows} | ${on.head} / ${on.compactedTo} / ${on.floor} |`,
  );
}
console.log(
  `\nsales applied: ${without.applied} (off), ${withCompaction.applied} (on); rejected: ${without.rejected}, ${withCompaction.rejected}`,
);
if (without.rejected + withCompaction.rejected > 0) process.exitCode = 1;
