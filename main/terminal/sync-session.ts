/**
 * One terminal's conversation with the service (docs/sync.md): its calls (its identity — terminal, epoch, install,
 * the service generation it knows — and credential), bootstrap, push and pull, and what the service's answers say
 * of the till: a refused credential, a copy of it, a service put back to an earlier state (./rewind.ts: what the
 * service lost is sent again from the journal, then the till downloads its data again). `Terminal` (./terminal.ts)
 * holds one and delegates its sync to it.
 */
import { sql, type Kysely } from 'kysely';
import { MAX_PUSH_OPERATIONS } from '../../shared/catalogue/sync.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import type { QueuePosition } from '../../shared/sync/wire.js';
import { applyBootstrapPage, applyPullPages, type PulledPage, type PullApplied, type PullPageMeta } from './apply-pages.js';
import { takeServiceTime } from './clock.js';
import type { HealthState } from './health.js';
import { markReported, unreportedIncidents } from './incidents.js';
import { ackedThrough, type JournalBounds } from './journal.js';
import type { OutboxRow } from './local-run.js';
import { continueUnderNewEpoch, deleteMeta, readMeta, requireMeta, writeMeta } from './meta.js';
import { confirmResends, pendingResends, planRecovery, type ResendResult, type RewindCause, type RewindReport } from './rewind.js';
import type { TerminalStore } from './store.js';
import { BOOTSTRAP_DEADLINE, CALL_DEADLINE, SyncRefused, type HttpAnswer, type Transport } from './transport.js';

/** How much pulled text is applied in one local transaction during a catch-up. */
const PULL_BATCH_BYTES = 32 * 1024 * 1024;

/** Largest push body, in bytes; the batch is halved whenever the service answers 413. */
const MAX_PUSH_BYTES = 512 * 1024;

export interface BootstrapProgress {
  readonly table: string | null;
  readonly rowsDone: number;
  readonly rowsTotal: number;
  readonly tables: readonly { table: string; rowsTotal: number }[];
}

/** A download started by the service's reset (docs/sync.md, "Compaction and the retention floor"), as it goes. */
export interface RedownloadProgress extends BootstrapProgress {
  /** The reset's reason: CURSOR_BEFORE_RETENTION (offline longer than the service keeps its log), SCOPE_CHANGED, … */
  readonly reason: string;
}

/** The conflicts a push or bootstrap can be answered with that the till resolves itself. */
interface ConflictDetail {
  readonly code?: string;
  readonly generation?: string;
  readonly queues?: QueuePosition[];
}

/** The most recoveries one push or pull goes through before it gives up for this cycle (each makes progress). */
const MAX_RECOVERIES = 5;

export class SyncSession {
  constructor(
    private readonly store: TerminalStore,
    private readonly transport: Transport,
    private readonly installId: string,
    private readonly journal: JournalBounds,
    private readonly health: HealthState,
  ) {}

  private get local(): Kysely<unknown> {
    return this.store.db as unknown as Kysely<unknown>;
  }

  /**
   * A sync call as this terminal: its identity (terminal, epoch — or `epoch` for operations sent again under their own
   * queue —, install, the service generation it knows) and its credential.
   */
  private async call(path: string, body: Record<string, unknown>, epoch?: string): Promise<HttpAnswer> {
    const local = this.local;
    const url = `${await requireMeta(local, 'service_url')}/api/v1/sync/${path}`;
    const generation = await readMeta(local, 'service_generation');
    const identity = {
      protocolVersion: PROTOCOL_VERSION,
      terminalId: await requireMeta(local, 'terminal_id'),
      epoch: epoch ?? (await requireMeta(local, 'epoch')),
      installId: this.installId,
      ...(generation ? { generation } : {}),
    };
    const answer = await this.transport(url, { ...identity, ...body }, await requireMeta(local, 'access_token'), path === 'bootstrap' ? BOOTSTRAP_DEADLINE : CALL_DEADLINE);
    // The sync operations answer 401 only when the credential itself is refused: revoked, its workplace deleted,
    // or the service's secret changed. Remembered, so the till stops taking operations it could never send.
    if (answer.status === 401) await this.markCredentialRefused(conflictDetail(answer.text).code === 'TERMINAL_UNKNOWN' ? 'TERMINAL_UNKNOWN' : 'REVOKED');
    return answer;
  }

  /** What the service says of this till in an answer: the generation it is on (learned once), and whether it is a copy. */
  private async noteAnswer(answer: { generation?: unknown; copy?: { detectedAt?: unknown } | null }): Promise<void> {
    const generation = typeof answer.generation === 'string' ? answer.generation : null;
    const copyAt = typeof answer.copy?.detectedAt === 'string' ? answer.copy.detectedAt : null;
    if (generation === null && copyAt === null) return;
    await this.store.writes.transaction(async (tx) => {
      const local = tx as unknown as Kysely<unknown>;
      if (generation !== null && (await readMeta(local, 'service_generation')) === null) await writeMeta(local, 'service_generation', generation);
      if (copyAt !== null && (await readMeta(local, 'copy_detected_at')) === null) await writeMeta(local, 'copy_detected_at', copyAt);
    });
  }

  /**
   * The service was put back to an earlier state (./rewind.ts): schedules what it lost to be sent again, moves the
   * queue on if it must, and marks this till for a new download.
   */
  private async recover(queues: readonly QueuePosition[], generation: string | null, cause: RewindCause): Promise<RewindReport> {
    return this.store.writes.transaction((tx) => planRecovery(tx as unknown as Kysely<unknown>, queues, generation, cause, new Date()));
  }

  /** A 409 the till resolves itself: the service was rewound, or cannot continue the queue. True when it recovered. */
  private async recoverFromConflict(answer: HttpAnswer): Promise<boolean> {
    if (answer.status !== 409) return false;
    const detail = conflictDetail(answer.text);
    if (!detail.queues) return false;
    if (detail.code === 'SERVICE_REWOUND') {
      await this.recover(detail.queues, detail.generation ?? null, 'SERVICE_REWOUND');
      return true;
    }
    if (detail.code === 'SEQ_GAP') {
      await this.recover(detail.queues, null, 'SEQ_GAP');
      return true;
    }
    return false;
  }

  /**
   * Remembers that the service refused this till's credential, and why: `REVOKED` (the owner disconnected it, or
   * deleted its workplace) or `TERMINAL_UNKNOWN` (the service was restored from a backup older than this till's
   * enrollment). Either way the till takes no new operations until it is enrolled again, and keeps what it holds.
   */
  private async markCredentialRefused(reason: 'REVOKED' | 'TERMINAL_UNKNOWN'): Promise<void> {
    await this.store.writes.transaction(async (tx) => {
      const local = tx as unknown as Kysely<unknown>;
      if ((await readMeta(local, 'credential_refused_at')) === null) await writeMeta(local, 'credential_refused_at', new Date().toISOString());
      await writeMeta(local, 'credential_refused_reason', reason);
    });
  }

  /** Downloads every mirrored table in scope, page by page, reporting progress; then pulls continue from it. */
  async bootstrap(onProgress: (progress: BootstrapProgress) => void = () => undefined): Promise<void> {
    const fetchPage = (pageToken: string | null) => {
      const request = this.call('bootstrap', { pageToken, limitRows: 5000 });
      request.catch(() => undefined); // awaited below; a page fetched ahead and never needed must not go unhandled
      return request;
    };
    let next = fetchPage(null);
    let first = true;
    let recoveries = 0;
    for (;;) {
      const answer = await next;
      // The service was rewound while this till downloaded (or before): what it lost goes up first, then the
      // download starts over in the service's new generation.
      if (answer.status === 409 && recoveries < MAX_RECOVERIES && (await this.recoverFromConflict(answer))) {
        recoveries += 1;
        await this.pushResends();
        next = fetchPage(null);
        first = true;
        continue;
      }
      if (answer.status !== 201) throw SyncRefused.of(answer);
      // The page's metadata only; SQLite reads the rows from the text itself.
      const page = JSON.parse(answer.text, (key, value: unknown) => (key === 'rows' ? [] : value)) as {
        table: string | null;
        cursor: string;
        done: boolean;
        nextPageToken: string | null;
        progress: BootstrapProgress;
        generation?: string;
      };
      if (first) await this.noteAnswer(page);
      // The service reads the next page while this one is applied here: the two sides overlap instead of taking
      // turns (pages are still applied strictly in order).
      if (!page.done) next = fetchPage(page.nextPageToken);
      await applyBootstrapPage(this.store, answer.text, { table: page.table, cursor: page.cursor, done: page.done, first });
      first = false;
      onProgress(page.progress);
      if (page.done) return;
    }
  }

  /**
   * Sends what the service lost first (./rewind.ts), then the pending operations, in batches bounded by count and
   * bytes (halving on 413) until none is left unsent; returns how many were sent. A restored database (EPOCH_FORKED)
   * pulls first — settling what the service already applied — and continues the rest under a new epoch; a service
   * that cannot continue the queue (SEQ_GAP) or was rewound (SERVICE_REWOUND) says where it stands in each of this
   * till's queues, and the till sends again what it lost before going on.
   */
  async push(): Promise<number> {
    let sent = await this.pushResends();
    let limit = MAX_PUSH_OPERATIONS;
    let afterSeq = 0;
    let recoveries = 0;
    for (;;) {
      const rows = (await sql<OutboxRow>`select * from outbox where seq > ${afterSeq} order by seq limit ${limit}`.execute(this.local)).rows;
      if (rows.length === 0) return sent;
      const mutations = fitToBytes(rows.map(toMutation), MAX_PUSH_BYTES);
      const answer = await this.call('push', { mutations });
      if (answer.status === 413 && mutations.length > 1) {
        limit = Math.max(1, Math.floor(mutations.length / 2));
        continue;
      }
      if (answer.status === 409) {
        if (recoveries < MAX_RECOVERIES && (await this.recoverFromConflict(answer))) {
          recoveries += 1;
          sent += await this.pushResends();
          afterSeq = 0;
          continue;
        }
        if (conflictDetail(answer.text).code === 'EPOCH_FORKED') {
          // A restored copy: some pending operations may already be applied under this epoch (pushed before the
          // copy was put back). A pull settles those by mutationId and moves the rest to a new epoch; renumbering
          // them all would send applied operations again (found by the fault harness, sim/).
          const epoch = await requireMeta(this.local, 'epoch');
          await this.pull();
          if ((await requireMeta(this.local, 'epoch')) === epoch) await this.renumberUnderNewEpoch();
          afterSeq = 0;
          continue;
        }
      }
      if (answer.status !== 201) throw SyncRefused.of(answer);
      const pushed = JSON.parse(answer.text) as { serverTime?: unknown; generation?: unknown; copy?: { detectedAt?: unknown } };
      await takeServiceTime(this.store, pushed.serverTime, 'keep');
      await this.noteAnswer(pushed);
      sent += mutations.length;
      afterSeq = Number(mutations[mutations.length - 1]!.seq);
      await sql`update outbox set status = 'sent', attempts = attempts + 1 where seq <= ${afterSeq}`.execute(this.local);
    }
  }

  /**
   * Sends again, under their own queue, the operations a rewound service lost (./rewind.ts); each is settled by the
   * push's answer. Returns how many were sent.
   */
  private async pushResends(): Promise<number> {
    let sent = 0;
    let limit = MAX_PUSH_OPERATIONS;
    let recoveries = 0;
    for (;;) {
      const rows = await pendingResends(this.local, limit);
      const epoch = rows[0]?.resend_epoch;
      if (!epoch) return sent;
      const mutations = fitToBytes(
        rows.filter((row) => row.resend_epoch === epoch).map((row) => toMutation({ ...row, seq: Number(row.resend_seq) })),
        MAX_PUSH_BYTES,
      );
      const answer = await this.call('push', { mutations }, epoch);
      if (answer.status === 413 && mutations.length > 1) {
        limit = Math.max(1, Math.floor(mutations.length / 2));
        continue;
      }
      if (answer.status === 409 && recoveries < MAX_RECOVERIES && (await this.recoverFromConflict(answer))) {
        recoveries += 1;
        continue;
      }
      if (answer.status !== 201) throw SyncRefused.of(answer);
      const pushed = JSON.parse(answer.text) as { results: ResendResult[] };
      await this.store.writes.transaction((tx) => confirmResends(tx as unknown as Kysely<unknown>, epoch, pushed.results, new Date()));
      sent += mutations.length;
    }
  }

  /** Continues the pending operations under a fresh epoch, numbered from 1 (their mutationIds unchanged). */
  private async renumberUnderNewEpoch(): Promise<void> {
    await this.store.writes.transaction((tx) => continueUnderNewEpoch(tx as unknown as Kysely<unknown>));
  }

  /**
   * Pulls until the service has nothing newer. Pages are fetched in large steps and applied together (up to
   * PULL_BATCH_BYTES at a time) in one transaction with the cursor, so a long catch-up rebases pending work once
   * per batch rather than once per page. A reset (the cursor is below the service's retention floor, the scope
   * changed, …) downloads the scope again, reporting its progress to `onRedownload`, then pulls on from there. A
   * service put back to an earlier state (SERVICE_REWOUND, a cursor ahead of its log, an acknowledged operation it no
   * longer holds) first gets back what it lost from this till (./rewind.ts), then the till downloads its data again.
   * The first request carries what went wrong here since the last report (./incidents.ts).
   */
  async pull(onRedownload: (progress: RedownloadProgress) => void = () => undefined): Promise<PullApplied> {
    const total = { changes: 0, acknowledged: 0, rejected: 0 };
    const tables = new Set<string>();
    if (await this.redownloadIfPending(onRedownload)) tables.add('*');
    let cursor = await readMeta(this.local, 'cursor');
    let batch: PulledPage[] = [];
    let bytes = 0;
    let wantQueues = false;
    let recoveries = 0;
    const flush = async () => {
      const applied = await applyPullPages(this.store, batch, this.journal);
      total.changes += applied.changes;
      total.acknowledged += applied.acknowledged;
      total.rejected += applied.rejected;
      for (const table of applied.tables) tables.add(table);
      batch = [];
      bytes = 0;
    };
    const rewound = async (queues: readonly QueuePosition[], generation: string | null, cause: RewindCause) => {
      await flush();
      if (recoveries >= MAX_RECOVERIES) throw new Error('the service kept answering as if it had been restored; trying again later');
      recoveries += 1;
      await this.recover(queues, generation, cause);
      if (await this.redownloadIfPending(onRedownload)) tables.add('*');
      cursor = await readMeta(this.local, 'cursor');
      wantQueues = false;
    };
    for (;;) {
      const incidents = await unreportedIncidents(this.local);
      const request = {
        cursor,
        knownAck: await this.knownAck(),
        limitRows: 10_000,
        limitBytes: 8 * 1024 * 1024,
        health: await this.health.report(this.local),
        ...(incidents.length > 0 ? { incidents: incidents.map(({ id, kind, occurredAt, detail }) => ({ id, kind, occurredAt, detail })) } : {}),
        ...(wantQueues ? { wantQueues: true } : {}),
      };
      const answer = await this.call('pull', request);
      if (answer.status !== 201) throw SyncRefused.of(answer);
      const meta = JSON.parse(answer.text, (key, value: unknown) => (key === 'changes' ? [] : value)) as PullPageMeta & PullNotes;
      await takeServiceTime(this.store, meta.serverTime, 'when-ahead');
      if (meta.incidentsRecorded && meta.incidentsRecorded.length > 0) {
        const recorded = meta.incidentsRecorded;
        await this.store.writes.transaction((tx) => markReported(tx as unknown as Kysely<unknown>, recorded, new Date()));
      }
      await this.noteAnswer({ ...(meta.reset ? {} : { generation: meta.generation }), copy: meta.copy ?? null });
      if (meta.reset) {
        const { reason, queues, generation } = meta.reset;
        if (queues && (reason === 'SERVICE_REWOUND' || reason === 'CURSOR_AHEAD')) {
          await rewound(queues, reason === 'SERVICE_REWOUND' ? (generation ?? null) : null, reason);
          continue;
        }
        await flush();
        await this.bootstrap((progress) => onRedownload({ ...progress, reason }));
        tables.add('*');
        cursor = await readMeta(this.local, 'cursor');
        continue;
      }
      if (wantQueues && meta.queues) {
        await rewound(meta.queues, null, 'ACK_REGRESSED');
        continue;
      }
      batch.push({ text: answer.text, meta });
      bytes += answer.text.length;
      cursor = meta.cursor;
      if (!meta.hasMore || bytes >= PULL_BATCH_BYTES) await flush();
      if (!meta.hasMore) {
        // The service acknowledges less of this queue than it once did: it lost operations without saying it was
        // restored (a copy put back by hand, a machine put back from a snapshot). Ask where it stands, and recover.
        if (!wantQueues && (await this.ackRegressed(meta.ack))) {
          wantQueues = true;
          continue;
        }
        return { ...total, tables: [...tables] };
      }
    }
  }

  /** True when the page acknowledges less of the current queue than the service acknowledged before. */
  private async ackRegressed(ack: PullPageMeta['ack']): Promise<boolean> {
    if (!ack) return false;
    const epoch = await requireMeta(this.local, 'epoch');
    if (ack.epoch !== epoch) return false;
    return ack.lastAppliedSeq < (await ackedThrough(this.local, await requireMeta(this.local, 'terminal_id'), epoch));
  }

  /**
   * A download the till owes before pulling on (a rewound service, or a copy enrolled as a new till): what the
   * service lost goes up first, so the download brings it back. True when one ran.
   */
  private async redownloadIfPending(onRedownload: (progress: RedownloadProgress) => void): Promise<boolean> {
    const reason = await readMeta(this.local, 'pending_redownload');
    if (reason === null) return false;
    await this.pushResends();
    await this.bootstrap((progress) => onRedownload({ ...progress, reason }));
    await this.store.writes.transaction((tx) => deleteMeta(tx as unknown as Kysely<unknown>, 'pending_redownload'));
    return true;
  }

  /**
   * The results this terminal no longer needs: those below its oldest queued operation (or, with nothing queued,
   * every seq it has used). Results of queued operations always come back, matched by mutationId — which is how a
   * restored copy notices that the service gave one of its seqs to another operation.
   */
  private async knownAck(): Promise<number> {
    const oldest = (await sql<{ seq: bigint | null }>`select min(seq) as seq from outbox`.execute(this.local)).rows[0]?.seq;
    if (oldest !== null && oldest !== undefined) return Math.max(0, Number(oldest) - 1);
    return Math.max(0, Number((await readMeta(this.local, 'next_seq')) ?? '1') - 1);
  }

  /** Push then pull: what the cashier did reaches the service, and the service's state (with acks) comes back. */
  async sync(onRedownload?: (progress: RedownloadProgress) => void): Promise<PullApplied> {
    await this.push();
    return this.pull(onRedownload);
  }
}

/** What a pull answer says of this till beside its page (protocol 3). */
interface PullNotes {
  readonly generation?: string;
  readonly queues?: QueuePosition[];
  readonly incidentsRecorded?: string[];
  readonly copy?: { readonly detectedAt?: unknown };
}

/** The `detail` of a 409's error body (nothing when it has none). */
function conflictDetail(text: string): ConflictDetail {
  try {
    return ((JSON.parse(text) as { detail?: ConflictDetail | null }).detail ?? {}) as ConflictDetail;
  } catch {
    return {};
  }
}

function toMutation(row: OutboxRow) {
  return {
    seq: Number(row.seq),
    mutationId: row.mutation_id,
    name: row.name,
    v: Number(row.v),
    occurredAt: row.occurred_at,
    actor: { employeeId: row.employee_id },
    ...(row.params ? { params: JSON.parse(row.params) as Record<string, string> } : {}),
    ...(row.basis ? { basis: JSON.parse(row.basis) as { value: string } } : {}),
    args: row.args ? (JSON.parse(row.args) as unknown) : {},
  };
}

/** The longest prefix of `mutations` whose JSON stays under `maxBytes` (at least one). */
function fitToBytes<T>(mutations: T[], maxBytes: number): T[] {
  let bytes = 0;
  for (let index = 0; index < mutations.length; index += 1) {
    bytes += Buffer.byteLength(JSON.stringify(mutations[index]));
    if (bytes > maxBytes && index > 0) return mutations.slice(0, index);
  }
  return mutations;
}

