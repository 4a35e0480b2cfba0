/**
 * The PostgreSQL change capture consumer (issue 18, db/change-capture.ts, docs/sync.md "Capture"): reads the
 * database's logical replication slot (pgoutput) and turns each committed transaction into the `sync_log` records
 * the capture trigger used to write — same entry JSON, same scopes — under a version that is the transaction's
 * commit LSN; gives a push's stored results (`sync_mutations` rows inserted by the transaction) that version; and
 * moves, in the same transaction, each business's head (`sync_clock`, which pulls and bootstraps read) and its own
 * durable progress (`sync_capture.version`, what `waitForCapture` waits for).
 *
 * Exactly once: a batch of transactions is written in one database transaction together with the progress, and the
 * slot is acknowledged only after it committed. After a crash the slot replays from its acknowledged position;
 * transactions at or below the durable progress are skipped and the log's key (business, version, scope) ignores a
 * record written twice.
 *
 * Several service processes: each runs a consumer; the one holding a session-level advisory lock on its own
 * connection reads the slot, the others wait for the lock (and serve pulls from what the leader wrote). If the
 * leader dies, its connections close, the lock is released and another takes over from the slot.
 */
import pg from 'pg';
import {
  CAPTURE_PUBLICATION,
  CAPTURED_TABLES,
  RESULTS_PUBLICATION,
  captureSlotName,
  versionToLsn,
  type ScopeRule,
} from '../../db/change-capture.js';
import { CAPTURE_CHANNEL } from './progress.js';
import { CHANGES_CHANNEL, encodeAnnouncement } from '../sync/pokes.js';
import { changedFields, parsePgoutput, rowJson, valueOf, type Relation, type TupleValues } from './pgoutput.js';

/** The advisory lock key of the consumer's election (advisory locks are per database). */
const LEADER_LOCK = 0x6b61737361n; // "kassa"

export type ConsumerState = 'starting' | 'standby' | 'leading' | 'stopped' | 'failed';

export interface CaptureStatus {
  readonly state: ConsumerState;
  readonly slot: string | null;
  /** The durable progress this consumer last wrote or read (the head version pulls serve). */
  readonly version: bigint;
  /** Milliseconds from the last written transaction's commit to its log records' commit. */
  readonly lastLagMs: number | null;
  readonly transactionsWritten: number;
  readonly lastError: string | null;
}

/** What a written batch held: the versions each business got (for the caller that announces changes to tills). */
export interface CapturedBatch {
  readonly versions: ReadonlyMap<string, bigint>;
  /** Per business, the scopes its new log records are in (what tills are poked for: server/sync/pokes.ts). */
  readonly scopes: ReadonlyMap<string, ReadonlySet<string>>;
  readonly headVersion: bigint;
}

export interface ConsumerOptions {
  /** Called after each batch's records are committed (and before the slot is acknowledged). */
  readonly onCaptured?: (batch: CapturedBatch) => void;
  /** Called when the read-through position moves (every commit below it is in the log; ./progress.ts). */
  readonly onReadThrough?: (lsn: bigint) => void;
  readonly log?: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /** Tests: runs inside a batch's transaction after its records were written, before COMMIT. */
  readonly beforeCommit?: () => Promise<void>;
  /** How often a standby tries the lock again (ms). */
  readonly standbyRetryMs?: number;
}

interface Change {
  readonly relation: Relation;
  readonly values: TupleValues;
  readonly old: TupleValues | null;
  readonly insert: boolean;
}

interface Transaction {
  readonly version: bigint;
  /** The transaction id (32 bits, as pgoutput sends it). */
  readonly xid: number;
  readonly endLsn: bigint;
  readonly commitTime: bigint;
  readonly changes: readonly Change[];
}

/** Marks the consumer's connections (tests that count the service's statements per request leave them out). */
function captureClient(config: pg.ClientConfig): pg.Client {
  const client = new pg.Client(config);
  Object.defineProperty(client, 'isCaptureConsumer', { value: true });
  client.on('error', () => undefined);
  return client;
}

/** How long `stop` waits for the batch in progress and the connections' goodbyes before it cuts them. */
const STOP_BOUND_MS = 10_000;

/** Cuts a client's socket, as a crash would (its queries fail at once). */
function destroyConnection(client: pg.Client | null): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } } | null)?.connection?.stream?.destroy();
}

/** Whether `work` settles within `ms` (it keeps running either way). */
function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([work.then(() => true, () => true), late]).finally(() => clearTimeout(timer));
}

/** How long a batch waits for its transactions to become visible (they do within milliseconds). */
const VISIBILITY_BOUND_MS = 10_000;

/**
 * How many of the transactions (32-bit ids) a new snapshot does not see yet. The ids are widened to 64 bits with the
 * epoch of the snapshot's xmax (an id above xmax's low half is from the epoch before).
 */
const VISIBLE_QUERY = `
  with s as (select pg_current_snapshot() as snap),
       m as (select pg_snapshot_xmax(snap)::text::bigint as xmax from s)
  select count(*)::int as hidden
    from s, m, unnest($1::bigint[]) x
   where not pg_visible_in_snapshot(
           ((((m.xmax >> 32) - case when x > (m.xmax & 4294967295) then 1 else 0 end) << 32) | x)::text::xid8, s.snap)`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PostgreSQL's epoch (2000-01-01) in Unix milliseconds: commit times are microseconds since then. */
const POSTGRES_EPOCH_MS = 946_684_800_000n;

export class CaptureConsumer {
  private state: ConsumerState = 'starting';
  private slot: string | null = null;
  private version = 0n;
  private lastLagMs: number | null = null;
  private transactionsWritten = 0;
  private lastError: string | null = null;
  private stopping = false;
  private lockClient: pg.Client | null = null;
  private writeClient: pg.Client | null = null;
  private streamClient: pg.Client | null = null;
  /** Every connection opened and not yet closed: what `stop` ends, and cuts if they do not end. */
  private readonly openClients = new Set<pg.Client>();
  private running: Promise<void> | null = null;
  private readonly relations = new Map<number, Relation>();
  private current: { version: bigint; xid: number; changes: Change[] } | null = null;
  private queue: Transaction[] = [];
  private writing: Promise<void> | null = null;
  /** The WAL position acknowledged to the server (everything before it is durable in the log). */
  private acknowledged = 0n;
  private failure: ((error: Error) => void) | null = null;
  /** Every commit below this WAL position is in the log (./progress.ts); announced with NOTIFY as it moves. */
  private readThrough = 0n;
  private announcedThrough = 0n;
  private announcing = false;
  /** Notifications go out one at a time on the lock's connection (a pg client runs one query at a time). */
  private notifications: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly options: ConsumerOptions = {},
  ) {}

  /** Starts contending for leadership; returns at once. */
  start(): this {
    this.running ??= this.run();
    return this;
  }

  status(): CaptureStatus {
    return {
      state: this.state,
      slot: this.slot,
      version: this.version,
      lastLagMs: this.lastLagMs,
      transactionsWritten: this.transactionsWritten,
      lastError: this.lastError,
    };
  }

  /**
   * Stops reading and closes its connections (the lock goes with them); waits for a batch being written — within
   * bounds: a connection that does not end (a replication stream whose server side never answers the goodbye) is
   * destroyed as `kill` does. Safe at any point: the slot is acknowledged only after a batch is durable, so whatever
   * was cut short is read again by the next leader, and logged once.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    const ended = await settlesWithin(
      (async () => {
        await this.writing?.catch(() => undefined);
        await this.closeConnections();
        await this.running?.catch(() => undefined);
      })(),
      STOP_BOUND_MS,
    );
    if (!ended) {
      this.options.log?.warn({ waitedMs: STOP_BOUND_MS }, 'the change capture consumer did not stop in time; its connections were cut');
      for (const client of this.openClients) destroyConnection(client);
      await settlesWithin(this.running ?? Promise.resolve(), STOP_BOUND_MS);
    }
    this.state = 'stopped';
  }

  /** Tests: ends the consumer abruptly, as a crash would (no waiting for the batch in flight). */
  async kill(): Promise<void> {
    this.stopping = true;
    for (const client of this.openClients) destroyConnection(client);
    await this.running?.catch(() => undefined);
    this.state = 'stopped';
  }

  private async closeConnections(): Promise<void> {
    const clients = [...this.openClients];
    this.streamClient = this.writeClient = this.lockClient = null;
    // A client leaves the set once its end settles (one that never connected emits no 'end'); one whose end hangs
    // stays, for `stop` to cut.
    await Promise.all(
      clients.map((client) =>
        client
          .end()
          .catch(() => undefined)
          .finally(() => this.openClients.delete(client)),
      ),
    );
  }

  /**
   * A new connection, registered before it connects, so that `stop` ends it whenever it comes. None once stopping:
   * a stop that arrives between two steps of `lead` must not be followed by a connection nobody closes (a replication
   * stream opened then would stream until the process exits).
   */
  private async open(config: pg.ClientConfig): Promise<pg.Client> {
    if (this.stopping) throw new Error('the change capture consumer is stopping');
    const client = captureClient(config);
    this.openClients.add(client);
    // pg never settles `connect()` for a client ended while it connects (it skips the callback when the end was
    // asked for): the client's 'end' settles it instead.
    await new Promise<void>((resolve, reject) => {
      client.once('end', () => {
        this.openClients.delete(client);
        reject(new Error('the connection was closed while it was being opened'));
      });
      client.connect().then(() => resolve(), reject);
    });
    return client;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.lead();
      } catch (error) {
        if (this.stopping) break;
        this.lastError = error instanceof Error ? error.message : String(error);
        this.state = 'failed';
        this.options.log?.error({ err: error }, 'the change capture consumer failed; it restarts from its slot');
      }
      await this.closeConnections();
      this.queue = [];
      this.current = null;
      this.writing = null;
      if (!this.stopping) await sleep(this.options.standbyRetryMs ?? 500);
    }
  }

  /** One term: wins the lock (or waits for it), then reads the slot until the stream ends or fails. */
  private async lead(): Promise<void> {
    const lock = await this.open({ connectionString: this.url });
    this.lockClient = lock;
    this.state = 'standby';
    while (!this.stopping) {
      const won = await lock.query<{ won: boolean }>('select pg_try_advisory_lock($1) as won', [LEADER_LOCK.toString()]);
      if (won.rows[0]!.won) break;
      const head = await lock.query<{ version: string }>('select version::text as version from sync_capture where id = 1');
      this.version = BigInt(head.rows[0]?.version ?? 0);
      await sleep(this.options.standbyRetryMs ?? 500);
    }
    if (this.stopping) return;

    const writer = await this.open({ connectionString: this.url });
    this.writeClient = writer;
    const database = (await writer.query<{ name: string }>('select current_database() as name')).rows[0]!.name;
    const slot = captureSlotName(database);
    this.slot = slot;
    // The slot is created after the migrations (ensureCaptureSlot); a slot older than the publication could not
    // be decoded. A database not migrated yet: try again later.
    const published = await writer.query('select 1 from pg_publication where pubname = $1', [CAPTURE_PUBLICATION]);
    if (published.rows.length === 0) throw new Error('the database has no change capture publication yet (migration 0032)');
    const exists = await writer.query('select 1 from pg_replication_slots where slot_name = $1', [slot]);
    if (exists.rows.length === 0) {
      // Bounded, as ensureCaptureSlot's attempts (db/change-capture.ts, which says why the bound is long): a creation
      // still waiting for the cluster's transactions then fails this term, and the consumer tries again after its pause.
      await writer.query("set statement_timeout = '30s'");
      try {
        await writer.query("select pg_create_logical_replication_slot($1, 'pgoutput')", [slot]);
      } finally {
        await writer.query('reset statement_timeout');
      }
    }
    const head = await writer.query<{ version: string }>('select version::text as version from sync_capture where id = 1');
    this.version = BigInt(head.rows[0]?.version ?? 0);
    // Holding the lock, this is the only reader there may be: a walsender still reading the slot belongs to a leader
    // that died (killed; PostgreSQL has not noticed yet) and would keep the slot busy until it times out. Only a
    // walsender: a slot being created (ensureCaptureSlot, by a starting service) is "active" for its creator too.
    await writer.query(
      `select pg_terminate_backend(s.active_pid) from pg_replication_slots s join pg_stat_activity a on a.pid = s.active_pid
        where s.slot_name = $1 and a.backend_type = 'walsender'`,
      [slot],
    );

    const stream = await this.open({ connectionString: this.url, replication: 'database' } as pg.ClientConfig);
    this.streamClient = stream;
    if (this.stopping) return;
    const connection = (stream as unknown as { connection: StreamConnection }).connection;
    this.relations.clear();
    const failed = new Promise<never>((_, reject) => {
      this.failure = reject;
    });
    connection.on('copyData', ({ chunk }: { chunk: Buffer }) => {
      try {
        this.onCopyData(chunk, connection);
      } catch (error) {
        this.failure?.(error instanceof Error ? error : new Error(String(error)));
      }
    });
    this.state = 'leading';
    this.lastError = null;
    const publications = `${CAPTURE_PUBLICATION},${RESULTS_PUBLICATION}`;
    // Resumes from the slot's acknowledged position (0/0: "where the slot is").
    const streaming = stream.query(
      `START_REPLICATION SLOT "${slot}" LOGICAL 0/0 (proto_version '1', publication_names '${publications}', messages 'true')`,
    );
    await Promise.race([streaming, failed]);
    if (!this.stopping) throw new Error('the replication stream ended');
  }

  private onCopyData(chunk: Buffer, connection: StreamConnection): void {
    const kind = String.fromCharCode(chunk[0]!);
    if (kind === 'k') {
      // Keepalive: walEnd, time, reply requested. Answer with what is durable; when nothing is pending, all WAL
      // up to walEnd is (nothing there concerns the log), so the slot may release it.
      // The walsender sends one when it has decoded everything before walEnd and is waiting for more WAL; answering
      // with walEnd stops it pinging until there is more. Nothing pending here means every commit before walEnd is in
      // the log: what a pull waiting for its start needs to hear (./progress.ts).
      const walEnd = chunk.readBigUInt64BE(1);
      const idle = this.current === null && this.queue.length === 0 && this.writing === null;
      if (idle && walEnd > this.acknowledged) {
        this.acknowledged = walEnd;
        this.advanceReadThrough(walEnd);
        this.sendStatus(connection);
      } else if (chunk[17] === 1) this.sendStatus(connection);
      return;
    }
    if (kind !== 'w') return;
    const message = parsePgoutput(chunk.subarray(25), this.relations);
    switch (message.tag) {
      case 'begin':
        // Transactions arrive in commit order: every commit below this one's is here already. With all of them
        // written, the log is complete below it (a writer busy without pause never lets the walsender idle).
        if (this.queue.length === 0 && this.writing === null) this.advanceReadThrough(message.finalLsn);
        this.current = { version: message.finalLsn, xid: message.xid, changes: [] };
        return;
      case 'insert':
        this.current?.changes.push({ relation: message.relation, values: message.values, old: null, insert: true });
        return;
      case 'update':
        this.current?.changes.push({ relation: message.relation, values: message.values, old: message.old, insert: false });
        return;
      case 'commit': {
        const changes = this.current?.changes ?? [];
        const xid = this.current?.xid ?? 0;
        this.current = null;
        this.queue.push({ version: message.commitLsn, xid, endLsn: message.endLsn, commitTime: message.commitTime, changes });
        this.writeQueued(connection);
        return;
      }
      default:
        return;
    }
  }

  private writeQueued(connection: StreamConnection): void {
    if (this.writing) return;
    this.writing = (async () => {
      try {
        while (this.queue.length > 0 && !this.stopping) {
          const batch = this.queue.splice(0, 500);
          await this.writeBatch(batch);
          this.acknowledged = batch.at(-1)!.endLsn;
          // Commits arrive in commit order: every one before this batch's end is now in the log — and every one
          // before the next transaction received (queued, or still arriving), which is further.
          const next = this.queue[0]?.version ?? this.current?.version ?? 0n;
          this.advanceReadThrough(next > this.acknowledged ? next : this.acknowledged);
          this.sendStatus(connection);
        }
      } catch (error) {
        this.failure?.(error instanceof Error ? error : new Error(String(error)));
      } finally {
        this.writing = null;
      }
    })();
  }

  private advanceReadThrough(lsn: bigint): void {
    if (lsn <= this.readThrough) return;
    this.readThrough = lsn;
    this.options.onReadThrough?.(lsn);
    this.announceReadThrough();
  }

  /** NOTIFY the latest read-through position, one at a time (positions passed meanwhile are merged into the next). */
  private announceReadThrough(): void {
    if (this.announcing || !this.lockClient || this.stopping || this.readThrough <= this.announcedThrough) return;
    this.announcing = true;
    const lsn = this.readThrough;
    this.notify('select pg_notify($1, $2)', [CAPTURE_CHANNEL, lsn.toString()]).then(
      () => {
        this.announcing = false;
        this.announcedThrough = lsn;
        this.announceReadThrough();
      },
      // The connection is gone: the consumer fails and restarts; waiting pulls time out and serve the log as it is.
      () => {
        this.announcing = false;
      },
    );
  }

  /**
   * Tills are poked for what this batch logged (server/sync/pokes.ts): one NOTIFY per business to every instance,
   * sent after the read-through position (same connection, in order), so a poked till's pull finds the change.
   * A failed notification only delays tills until their polling fallback.
   */
  private announceChanges(scopes: ReadonlyMap<string, ReadonlySet<string>>): void {
    if (!this.lockClient || this.stopping || scopes.size === 0) return;
    const payloads = [...scopes].map(([business, set]) => encodeAnnouncement('capture', business, set));
    this.notify('select pg_notify($1, payload) from unnest($2::text[]) payload', [CHANGES_CHANNEL, payloads]).catch(() => undefined);
  }

  private notify(text: string, values: unknown[]): Promise<void> {
    const client = this.lockClient;
    if (!client) return Promise.reject(new Error('no connection'));
    const sent = this.notifications.then(() => client.query(text, values));
    this.notifications = sent.catch(() => undefined);
    return sent.then(() => undefined);
  }

  /**
   * The walsender can decode a commit before the committing backend has made it visible to new snapshots (its WAL is
   * flushed first, its entry in the proc array cleared after). Until then a statement here would not see its rows: an
   * update giving a push's results their version would match nothing (the push waits in vain), and a head moved past
   * it could let a bootstrap's snapshot carry a version whose rows it does not hold. So a batch waits until all of its
   * transactions are visible: a millisecond or two on a busy machine, nothing otherwise.
   */
  private async waitUntilVisible(writer: pg.Client, transactions: readonly Transaction[]): Promise<void> {
    const xids = transactions.map((transaction) => transaction.xid).filter((xid) => xid !== 0);
    if (xids.length === 0) return;
    const deadline = Date.now() + VISIBILITY_BOUND_MS;
    for (let pause = 1; ; pause = Math.min(pause * 2, 20)) {
      const hidden = await writer.query<{ hidden: number }>(VISIBLE_QUERY, [xids]);
      if (hidden.rows[0]!.hidden === 0) return;
      if (Date.now() > deadline) {
        this.options.log?.warn({ transactions: xids.length }, 'captured transactions are still not visible; logging them anyway');
        return;
      }
      await sleep(pause);
    }
  }

  /** Standby status update: written = flushed = applied = the acknowledged position. */
  private sendStatus(connection: StreamConnection): void {
    if (this.stopping) return;
    const message = Buffer.alloc(34);
    message.write('r', 0);
    message.writeBigUInt64BE(this.acknowledged, 1);
    message.writeBigUInt64BE(this.acknowledged, 9);
    message.writeBigUInt64BE(this.acknowledged, 17);
    message.writeBigUInt64BE((BigInt(Date.now()) - POSTGRES_EPOCH_MS) * 1000n, 25);
    message.writeInt8(0, 33);
    connection.sendCopyFromChunk(message);
  }

  /** Writes a batch of committed transactions' records, results' versions and the progress, in one transaction. */
  private async writeBatch(batch: readonly Transaction[]): Promise<void> {
    const writer = this.writeClient;
    if (!writer) throw new Error('no connection');
    const fresh = batch.filter((transaction) => transaction.version > this.version);
    if (fresh.length === 0) return;
    const records = new Map<string, { business: string; version: bigint; scope: string; entries: string[] }>();
    const results: { business: string; terminal: string; epoch: string; seq: string; version: bigint }[] = [];
    const versions = new Map<string, bigint>();
    // Scopes of order children: the order's point, from this batch's own orders first, else the stored order.
    const orderPoints = new Map<string, string | null>();
    const missingOrders = new Set<string>();
    for (const transaction of fresh) {
      for (const change of transaction.changes) {
        const table = change.relation.table;
        if (table === 'orders') {
          orderPoints.set(
            orderKey(value(change, 'business_id'), value(change, 'id')),
            valueOf(change.relation, change.values, 'automated_point_id'),
          );
        } else if (CAPTURED_TABLES[table]?.kind === 'order-point') {
          const key = orderKey(value(change, 'business_id'), value(change, 'order_id') ?? '');
          if (!orderPoints.has(key)) missingOrders.add(key);
        }
      }
    }
    if (missingOrders.size > 0) {
      const keys = [...missingOrders].map((key) => key.split('\n'));
      const found = await writer.query<{ business_id: string; id: string; automated_point_id: string | null }>(
        'select o.business_id, o.id, o.automated_point_id from orders o join unnest($1::text[], $2::text[]) k(b, i) on o.business_id = k.b and o.id = k.i',
        [keys.map((key) => key[0]), keys.map((key) => key[1])],
      );
      for (const row of found.rows)
        if (!orderPoints.has(orderKey(row.business_id, row.id)))
          orderPoints.set(orderKey(row.business_id, row.id), row.automated_point_id);
    }
    for (const transaction of fresh) {
      for (const change of transaction.changes) {
        const table = change.relation.table;
        const business = value(change, 'business_id');
        if (table === 'sync_mutations') {
          if (change.insert) {
            results.push({
              business,
              terminal: value(change, 'terminal_id'),
              epoch: value(change, 'epoch'),
              seq: value(change, 'seq'),
              version: transaction.version,
            });
            versions.set(business, transaction.version);
          }
          continue;
        }
        const rule = CAPTURED_TABLES[table];
        if (!rule) continue;
        const scope = scopeOf(rule, change, orderPoints);
        const fields = change.insert ? null : changedFields(change.relation, change.old, change.values);
        const entry = `{"v":${transaction.version},"t":"${table}","row":${rowJson(change.relation, change.values)},"fields":${fields ?? 'null'}}`;
        const key = `${business}\n${transaction.version}\n${scope}`;
        let record = records.get(key);
        if (!record) records.set(key, (record = { business, version: transaction.version, scope, entries: [] }));
        record.entries.push(entry);
        versions.set(business, transaction.version);
      }
    }
    const last = fresh.at(-1)!;
    await this.waitUntilVisible(writer, fresh);
    await writer.query('begin');
    try {
      if (records.size > 0) {
        const list = [...records.values()];
        await writer.query(
          `insert into sync_log (business_id, version, scope, entries, entry_count)
           select * from unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::integer[])
           on conflict do nothing`,
          [
            list.map((r) => r.business),
            list.map((r) => r.version.toString()),
            list.map((r) => r.scope),
            list.map((r) => r.entries.join(',')),
            list.map((r) => r.entries.length),
          ],
        );
      }
      if (results.length > 0) {
        const columns = [
          results.map((r) => r.business),
          results.map((r) => r.terminal),
          results.map((r) => r.epoch),
          results.map((r) => r.seq),
          results.map((r) => r.version.toString()),
        ];
        await writer.query(
          `update sync_mutations m set version = u.version
             from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[]) u(business_id, terminal_id, epoch, seq, version)
            where m.business_id = u.business_id and m.terminal_id = u.terminal_id and m.epoch = u.epoch and m.seq = u.seq and m.version is null`,
          columns,
        );
        await writer.query(
          `update sync_clients s set last_applied_version = greatest(coalesce(s.last_applied_version, 0), u.version)
             from (select business_id, terminal_id, epoch, max(version) as version
                     from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[]) u(business_id, terminal_id, epoch, seq, version)
                    group by business_id, terminal_id, epoch) u
            where s.business_id = u.business_id and s.terminal_id = u.terminal_id and s.epoch = u.epoch`,
          columns,
        );
      }
      // Each business's head: the clock pulls and bootstraps read (app/sync/log.ts). Only this consumer writes it.
      if (versions.size > 0) {
        await writer.query(
          `insert into sync_clock (business_id, version) select * from unnest($1::text[], $2::bigint[])
           on conflict (business_id) do update set version = greatest(sync_clock.version, excluded.version)`,
          [[...versions.keys()], [...versions.values()].map((version) => version.toString())],
        );
      }
      await writer.query(
        'update sync_capture set version = $1, last_commit_lsn = $2, dt_updated = $3 where id = 1 and version < $1',
        [last.version.toString(), versionToLsn(last.version), new Date().toISOString()],
      );
      await this.options.beforeCommit?.();
      await writer.query('commit');
    } catch (error) {
      await writer.query('rollback').catch(() => undefined);
      throw error;
    }
    this.version = last.version;
    this.transactionsWritten += fresh.length;
    this.lastLagMs = Date.now() - Number(last.commitTime / 1000n + POSTGRES_EPOCH_MS);
    const scopes = new Map<string, Set<string>>();
    for (const record of records.values()) {
      const set = scopes.get(record.business) ?? new Set<string>();
      set.add(record.scope);
      scopes.set(record.business, set);
    }
    this.options.onCaptured?.({ versions, scopes, headVersion: last.version });
    this.announceChanges(scopes);
  }
}

interface StreamConnection {
  on(event: 'copyData', listener: (message: { chunk: Buffer }) => void): void;
  sendCopyFromChunk(chunk: Buffer): void;
}

const orderKey = (business: string, id: string) => `${business}\n${id}`;

function value(change: Change, column: string): string {
  return valueOf(change.relation, change.values, column) ?? '';
}

/** The scope of a change, by its table's rule (db/change-capture.ts), as the capture trigger computed it. */
function scopeOf(rule: ScopeRule, change: Change, orderPoints: ReadonlyMap<string, string | null>): string {
  switch (rule.kind) {
    case 'business':
      return 'biz';
    case 'column':
      return `${rule.prefix}:${value(change, rule.column)}`;
    case 'order-point': {
      const point = orderPoints.get(orderKey(value(change, 'business_id'), value(change, 'order_id')));
      return point === undefined || point === null ? 'biz' : `pt:${point}`;
    }
  }
}
