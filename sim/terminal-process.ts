/**
 * One simulated terminal: a separate Node process running the real terminal core (`main/terminal/`) on its own
 * SQLite file, talking to the service through the fault proxy. It enrolls and bootstraps on its first start,
 * then runs its seeded workload while a SyncEngine pushes and pulls; every operation it commits locally is
 * written to its history (fsynced) before anything else happens, so a `kill -9` loses no report of a committed
 * sale. The harness steers it over IPC: snapshot (copy the database for a later restore), drain (stop the
 * workload, sync until the outbox is empty), final pull, exit.
 *
 * Configuration comes in the SIM_TERMINAL environment variable (JSON, ./terminal-config.ts). SIM clock skew:
 * `clockSkewMs` shifts `Date.now` for the whole process, which is where the core takes its business time.
 */
import { sql, type Kysely } from 'kysely';
import { OperationError } from '../shared/errors.js';
import { runLocally } from '../main/terminal/local-run.js';
import { SyncEngine } from '../main/terminal/sync-engine.js';
import { Terminal, type Transport } from '../main/terminal/terminal.js';
import { HistoryWriter } from './history.js';
import { Random } from './random.js';
import { sleep } from './service.js';
import type { TerminalConfig, ToHarness, ToTerminal } from './terminal-config.js';
import { Workload, type PlannedOperation } from './workload.js';
import { NaiveSync } from './naive/client.js';

const config = JSON.parse(process.env.SIM_TERMINAL ?? 'null') as TerminalConfig | null;
if (!config) throw new Error('SIM_TERMINAL is not set: this process is started by the simulation harness');

if (config.clockSkewMs !== 0) {
  const realNow = Date.now.bind(Date);
  Date.now = () => realNow() + config.clockSkewMs;
}

const send = (message: ToHarness) => process.send?.(message);
const history = new HistoryWriter(config.historyFile);
history.write({ k: 'start', pid: process.pid, incarnation: config.incarnation, t: Date.now() });

/** The last acknowledgement a pull page carried, and how many pull answers have been seen. */
let lastAck: { epoch: string; seq: number } | null = null;
let pullAnswers = 0;

/**
 * Enrollment happens before any fault is switched on, one terminal after another, while the machine may be busy
 * (CI runs other test files beside the harness). Its code is single-use, so a timed-out enrollment cannot simply
 * be retried: it gets a timeout no healthy service misses instead of the faulty network's short one.
 */
const ENROLL_TIMEOUT_MS = 60_000;

/** fetch with a timeout (a hung connection must not hang the till), noting each pull page's acknowledgement. */
const transport: Transport = async (url, body, token) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(url.endsWith('/sync/enroll') ? ENROLL_TIMEOUT_MS : config.requestTimeoutMs),
  });
  const text = await response.text();
  if (url.endsWith('/sync/pull') && response.status === 201) {
    pullAnswers += 1;
    const page = JSON.parse(text, (key, value: unknown) => (key === 'changes' || key === 'mutationResults' ? [] : value)) as { ack: { epoch: string; lastAppliedSeq: number } | null };
    if (page.ack) lastAck = { epoch: page.ack.epoch, seq: Number(page.ack.lastAppliedSeq) };
  }
  return { status: response.status, text };
};

const terminal = await Terminal.open(config.file, transport);
const local = terminal.store.db as unknown as Kysely<unknown>;
if (!(await terminal.enrolled())) {
  if (!config.enrollmentCode) throw new Error('not enrolled and no enrollment code');
  await terminal.enroll(config.serviceUrl, config.enrollmentCode, config.seat.name);
  if (config.protocol === 'core') await terminal.bootstrap();
}

const random = Random.derive(config.seed, `terminal:${config.seat.name}:${config.incarnation}`);
const naive = config.protocol === 'naive' ? new NaiveSync(terminal, config, transport) : null;
// The naive till's first download (the core bootstrapped above); retried, as the network may be faulty already.
while (naive && config.incarnation === 1) {
  try {
    await naive.pull();
    break;
  } catch {
    await sleep(300);
  }
}

/**
 * I4, checked at every completed cycle: after a page acknowledging seq ≤ k of epoch e is applied, the outbox holds
 * no operation of e at or below k. Inconclusive (skipped) when another pull answer arrived meanwhile.
 */
async function checkAck(): Promise<void> {
  const ack = lastAck;
  const seen = pullAnswers;
  if (!ack || naive) return;
  const rows = (await sql<{ seq: bigint }>`select seq from outbox where epoch = ${ack.epoch} and seq <= ${ack.seq} order by seq`.execute(local)).rows;
  if (rows.length > 0 && pullAnswers === seen) history.write({ k: 'ack-violation', epoch: ack.epoch, ackSeq: ack.seq, seqs: rows.map((row) => Number(row.seq)), t: Date.now() });
}

let lastSyncAt: string | null = null;
let downloadingAgain = false;
const engine = naive
  ? null
  : new SyncEngine(terminal, {
      pullIntervalMs: random.int(300, 900),
      baseBackoffMs: 100,
      maxBackoffMs: 1500,
      nudgeDelayMs: 30,
      random: () => random.next(),
      onStatus: (status) => {
        // A reset (the till was behind the log's retention floor, `--compaction`): once per download again.
        if (status.redownload && !downloadingAgain) history.write({ k: 'reset', reason: status.redownload.reason, t: Date.now() });
        downloadingAgain = Boolean(status.redownload);
        if (!status.syncing && status.lastError === null && status.lastSyncAt !== lastSyncAt) {
          lastSyncAt = status.lastSyncAt;
          void checkAck();
        }
      },
    });

const view = {
  async level(itemId: string, warehouseId: string) {
    const row = (
      await sql<{ id: string; quantity: bigint }>`select id, quantity from stock_levels where item_id = ${itemId} and warehouse_id = ${warehouseId} and is_deleted = 0`.execute(local)
    ).rows[0];
    return row ? { id: row.id, quantity: BigInt(row.quantity) } : null;
  },
  async debt(clientId: string) {
    const row = (await sql<{ id: string; debt_amount: bigint }>`select id, debt_amount from client_debts where client_id = ${clientId} and is_deleted = 0`.execute(local)).rows[0];
    return row ? { id: row.id, amount: BigInt(row.debt_amount) } : null;
  },
};
const workload = new Workload(random, config.world, config.seat, view);

interface Queued {
  mutation_id: string;
  seq: bigint;
  epoch: string;
  occurred_at: string;
  basis: string | null;
}

let index = 0;
/** Runs one cashier operation exactly as Terminal.run does, reading its outbox row in the same transaction. */
async function perform(operation: PlannedOperation): Promise<void> {
  index += 1;
  const i = index;
  history.write({ k: 'invoke', i, name: operation.name, params: (operation.input.params ?? {}) as Record<string, string>, body: operation.input.body ?? {}, t: Date.now() });
  send({ type: 'op-started' });
  let queued: Queued | undefined;
  let result: unknown;
  try {
    result = await runLocally(terminal.store, operation.name, operation.input, config!.seat.employeeId, async (tx) => {
      queued = (await sql<Queued>`select mutation_id, seq, epoch, occurred_at, basis from outbox order by seq desc limit 1`.execute(tx)).rows[0];
    });
  } catch (error) {
    if (!(error instanceof OperationError)) throw error;
    history.write({ k: 'refused', i, name: operation.name, status: error.statusCode, message: JSON.stringify(error.reason).slice(0, 300), t: Date.now() });
    return;
  }
  if (!queued) throw new Error('an operation committed without an outbox row');
  history.write({
    k: 'ok',
    i,
    name: operation.name,
    mutationId: queued.mutation_id,
    seq: Number(queued.seq),
    epoch: queued.epoch,
    occurredAt: queued.occurred_at,
    params: (operation.input.params ?? {}) as Record<string, string>,
    body: operation.input.body ?? {},
    basis: queued.basis ? (JSON.parse(queued.basis) as { value: string }).value : null,
    t: Date.now(),
  });
  engine?.nudge();
  naive?.nudge();
  const next = operation.followUp?.(result);
  if (next) await perform(next);
}

let running = true;
let snapshotRequest: string | null = null;
let loopDone: Promise<void> = Promise.resolve();

async function workloadLoop(): Promise<void> {
  const meanGap = 1000 / config!.opsPerSecond;
  while (running) {
    if (snapshotRequest) {
      const file = snapshotRequest;
      snapshotRequest = null;
      await sql`vacuum into ${file}`.execute(local);
      history.write({ k: 'snapshot', file, t: Date.now() });
      send({ type: 'snapshot-taken', file });
    }
    const operation = await workload.next();
    if (operation) await perform(operation);
    await sleep(random.int(Math.round(meanGap * 0.2), Math.round(meanGap * 1.8)));
  }
}

async function drain(deadlineMs: number): Promise<void> {
  running = false;
  await loopDone;
  await engine?.stop();
  await naive?.stop();
  const started = Date.now();
  let attempts = 0;
  let lastError: string | null = null;
  for (;;) {
    attempts += 1;
    try {
      if (naive) await naive.syncOnce();
      else {
        await terminal.sync();
        await checkAck();
      }
      if ((await terminal.pendingOperations()) === 0) break;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      await sleep(200);
    }
    if (Date.now() - started > deadlineMs) break;
  }
  const pending = naive ? await naive.pending() : await terminal.pendingOperations();
  send({ type: 'drained', pending, ms: Date.now() - started, attempts, lastError });
}

async function finalPull(deadlineMs: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      if (naive) await naive.pull();
      else {
        await terminal.pull();
        await checkAck();
      }
      send({ type: 'pulled', ok: true });
      return;
    } catch {
      if (Date.now() - started > deadlineMs) {
        send({ type: 'pulled', ok: false });
        return;
      }
      await sleep(200);
    }
  }
}

process.on('message', (message: ToTerminal) => {
  switch (message.type) {
    case 'snapshot':
      snapshotRequest = message.file;
      break;
    case 'drain':
      void drain(message.deadlineMs);
      break;
    case 'final-pull':
      void finalPull(message.deadlineMs);
      break;
    case 'exit':
      void (async () => {
        running = false;
        await loopDone;
        await engine?.stop();
        await naive?.stop();
        await terminal.close();
        history.close();
        process.exit(0);
      })();
      break;
  }
});
process.on('disconnect', () => process.exit(0));

engine?.start();
naive?.start();
send({ type: 'ready' });
loopDone = workloadLoop().catch((error: unknown) => {
  console.error(`terminal ${config.seat.name}: the workload stopped:`, error);
  process.exit(3);
});
