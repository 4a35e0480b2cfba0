/**
 * One simulated terminal: a separate Node process running the real terminal core (`main/terminal/`) on its own
 * SQLite file, talking to the service through the fault proxy. It enrolls and bootstraps on its first start,
 * then runs its seeded workload while a SyncEngine pushes and pulls; every operation it commits locally is
 * written to its history (fsynced) before anything else happens, so a `kill -9` loses no report of a committed
 * sale. The harness steers it over IPC: snapshot (copy the database for a later restore, or for a copy of the
 * till), clock (the OS clock jumps), enroll (a copy of a till connected as a new till), drain (stop the workload,
 * sync until the outbox is empty), final pull, exit.
 *
 * Configuration comes in the SIM_TERMINAL environment variable (JSON, ./terminal-config.ts). SIM clock skew:
 * `Date.now` — where the core reads its OS clock — is the real time plus a skew, `clockSkewMs` at start and then
 * whatever the harness sets; the monotonic clock is untouched, as on a machine whose clock someone sets. What the
 * till notices of its clock, and being told it is a copy, go to the history as they happen.
 */
import { sql, type Kysely } from 'kysely';
import { OperationError } from '../shared/errors.js';
import { runLocally } from '../main/terminal/local-run.js';
import { SyncEngine } from '../main/terminal/sync-engine.js';
import { SyncRefused, Terminal, type Transport } from '../main/terminal/terminal.js';
import { CLOCK_SKEW_THRESHOLD_MS } from '../main/terminal/till-clock.js';
import { HistoryWriter } from './history.js';
import { Random } from './random.js';
import { sleep } from './service.js';
import type { TerminalConfig, ToHarness, ToTerminal } from './terminal-config.js';
import { Workload, type PlannedOperation } from './workload.js';
import { NaiveSync } from './naive/client.js';

const config = JSON.parse(process.env.SIM_TERMINAL ?? 'null') as TerminalConfig | null;
if (!config) throw new Error('SIM_TERMINAL is not set: this process is started by the simulation harness');

/** The real time: the history's, whatever this machine's OS clock says. */
const realNow = Date.now.bind(Date);
let clockSkewMs = config.clockSkewMs;
Date.now = () => realNow() + clockSkewMs;

const send = (message: ToHarness) => process.send?.(message);
const history = new HistoryWriter(config.historyFile);
history.write({ k: 'start', pid: process.pid, incarnation: config.incarnation, skewMs: clockSkewMs, t: realNow() });

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
  if (rows.length > 0 && pullAnswers === seen) history.write({ k: 'ack-violation', epoch: ack.epoch, ackSeq: ack.seq, seqs: rows.map((row) => Number(row.seq)), t: realNow() });
}

let lastSyncAt: string | null = null;
let downloadingAgain = false;
/** What the till last said of its clock (undefined: nothing yet in this process), and whether it was told it is a copy. */
let clockSeen: number | null | undefined;
let copyTold = false;

/** Writes what the till says of its clock when that changes: off or not, or off by another amount. */
function noteClock(skewMs: number | null): void {
  const changed =
    clockSeen === undefined
      ? skewMs !== null
      : (skewMs === null) !== (clockSeen === null) || (skewMs !== null && clockSeen !== null && Math.abs(skewMs - clockSeen) > CLOCK_SKEW_THRESHOLD_MS);
  if (changed) history.write({ k: 'clock-seen', skewMs, t: realNow() });
  if (clockSeen === undefined || changed) clockSeen = skewMs;
}

function noteCopy(detectedAt: string | null | undefined): void {
  if (detectedAt && !copyTold) history.write({ k: 'copy-told', detectedAt, t: realNow() });
  copyTold = Boolean(detectedAt);
}

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
        if (status.redownload && !downloadingAgain) history.write({ k: 'reset', reason: status.redownload.reason, t: realNow() });
        downloadingAgain = Boolean(status.redownload);
        if (status.clock) noteClock(status.clock.skewMs);
        if (status.copyDetectedAt !== undefined) noteCopy(status.copyDetectedAt);
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

/** The till's identity as the service knows it. */
async function terminalId(): Promise<string> {
  return (await sql<{ value: string }>`select value from terminal_meta where key = 'terminal_id'`.execute(local)).rows[0]?.value ?? '';
}

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
  history.write({ k: 'invoke', i, name: operation.name, params: (operation.input.params ?? {}) as Record<string, string>, body: operation.input.body ?? {}, t: realNow() });
  send({ type: 'op-started' });
  let queued: Queued | undefined;
  let result: unknown;
  try {
    result = await runLocally(terminal.store, operation.name, operation.input, config!.seat.employeeId, async (tx) => {
      queued = (await sql<Queued>`select mutation_id, seq, epoch, occurred_at, basis from outbox order by seq desc limit 1`.execute(tx)).rows[0];
    });
  } catch (error) {
    if (!(error instanceof OperationError)) throw error;
    const code = (error.detail as { code?: unknown } | null)?.code;
    history.write({ k: 'refused', i, name: operation.name, status: error.statusCode, message: JSON.stringify(error.reason).slice(0, 300), code: typeof code === 'string' ? code : null, t: realNow() });
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
    t: realNow(),
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
      history.write({ k: 'snapshot', file, t: realNow() });
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
  const started = realNow();
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
    if (realNow() - started > deadlineMs) break;
  }
  const pending = naive ? await naive.pending() : await terminal.pendingOperations();
  send({ type: 'drained', pending, ms: realNow() - started, attempts, lastError });
}

async function finalPull(deadlineMs: number): Promise<void> {
  const started = realNow();
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
      if (realNow() - started > deadlineMs) {
        send({ type: 'pulled', ok: false });
        return;
      }
      await sleep(200);
    }
  }
}

/**
 * A copy of a till, told it is one, connected as a new till: it delivers what it still holds under the old credential
 * (the service refuses the enrollment until then), enrolls with the code, and sells at its new workplace from then on.
 * The workload goes on meanwhile (the copy refuses its operations, so nothing new is queued).
 */
async function enrollAsNew(code: string, workplaceId: string): Promise<void> {
  await engine?.stop();
  try {
    const serviceUrl = (await terminal.serviceUrl())!;
    const deadline = realNow() + 60_000;
    let lastError = 'not tried';
    while (realNow() < deadline) {
      try {
        // Told it is a copy (the enrollment as a new till needs it), and everything it holds delivered.
        while ((await terminal.copyDetectedAt()) === null || (await terminal.pendingOperations()) + (await terminal.resendsWaiting()) > 0) {
          if (realNow() > deadline) throw new Error('not told it is a copy, or still delivering what it holds, after 60 s');
          await terminal.sync();
        }
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        await sleep(200);
        continue;
      }
      // Said in the history before it stops being a copy (the sync engine, which usually says it, is stopped).
      noteCopy(await terminal.copyDetectedAt());
      try {
        const enrolled = await terminal.enroll(serviceUrl, code, `${config!.seat.name} (new till)`);
        workload.moveTo(workplaceId);
        history.write({ k: 'enrolled', terminalId: enrolled.terminalId, workplaceId, t: realNow() });
        send({ type: 'enrolled', terminalId: enrolled.terminalId, error: null });
        return;
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        // The service refused the code (spent by an attempt whose answer was lost, say): the harness makes a new one.
        // No answer, a busy service, operations still to deliver (COPY_STILL_SENDING): tried again.
        if (error instanceof SyncRefused && error.status !== 503 && error.status !== 429) break;
        await sleep(200);
      }
    }
    send({ type: 'enrolled', terminalId: null, error: lastError });
  } finally {
    engine?.start();
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
    case 'clock':
      clockSkewMs = message.skewMs;
      history.write({ k: 'clock-set', skewMs: message.skewMs, t: realNow() });
      break;
    case 'enroll':
      void enrollAsNew(message.code, message.workplaceId);
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
send({ type: 'ready', terminalId: await terminalId(), installId: terminal.installId });
loopDone = workloadLoop().catch((error: unknown) => {
  console.error(`terminal ${config.seat.name}: the workload stopped:`, error);
  process.exit(3);
});
