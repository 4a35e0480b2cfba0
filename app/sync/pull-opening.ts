/**
 * What a pull reads besides the change log (./pull.ts): the terminal's scope, the head version, the retention
 * floor and the acknowledgement of its pushed operations (I4: exactly those whose effects are at or below the page's upper
 * version). On PostgreSQL they are read in one statement, since a till pulls after every sale and each
 * statement is a round trip; SQLite reads them one by one, in process.
 */
import { sql } from 'kysely';
import type { Db } from '../context.js';
import { onPostgres } from '../operation.js';
import { jsonString, headVersion } from './log.js';
import { lsnToVersion } from '../../db/change-capture.js';
import { resolveTerminalScope, scopeOf, terminalScopeQuery, type TerminalScope } from './scope.js';

/**
 * What the opening reads of a pull request: whose acknowledgements, from which one on. A pull's whole input
 * (app/sync/pull.ts, `PullInput`) is one; stated here so this module needs nothing from the pull that uses it.
 */
export interface OpeningInput {
  readonly terminalId: string;
  readonly epoch: string;
  readonly knownAck?: number;
}

/** The operation results of (terminal, epoch) after knownAck and up to the head version, read with the scope. */
export interface PrefetchedAcks {
  /** [seq, mutationId, status, result as JSON text or null, version], in seq order; numbers as decimal text. */
  readonly rows: readonly [string, string, string, string | null, string][];
  /** The last seq whose effects are at or below the head version; null when there is none. */
  readonly lastSeqAtHead: string | null;
}

export interface PullOpening {
  readonly scope: TerminalScope;
  readonly head: bigint;
  /**
   * The business's retention floor (app/sync/compaction.ts): a cursor below it cannot be served. Read in the same
   * snapshot as the log, so a pull never trusts a floor older than the records it reads.
   */
  readonly floor: bigint;
  /** On PostgreSQL, read in the same statement (see readOpening); otherwise read by readAck. */
  readonly acks?: PrefetchedAcks;
  /**
   * PostgreSQL: the WAL's flushed position as the pull began. Every commit acknowledged before then lies below it;
   * the pull serves its page once the change capture has read that far (app/sync/pull.ts, `capturedBeforeRead`).
   */
  readonly flushed?: bigint;
}

/**
 * The scope, the head version and (on PostgreSQL) the acknowledgement up to the head, null for a terminal that
 * is not live. On PostgreSQL each statement is a round trip, and a till pulls after every sale: one statement
 * instead of three (the ack is nearly always wanted up to the head; ackFrom says when it is not).
 */
export async function readOpening(tx: Db, businessId: string, input: OpeningInput): Promise<PullOpening | null> {
  if (!onPostgres(tx)) {
    const scope = await resolveTerminalScope(tx, businessId, input.terminalId);
    return scope ? { scope, head: await headVersion(tx, businessId), floor: await retentionFloor(tx, businessId) } : null;
  }
  const row = await openingQuery(tx, businessId, input).executeTakeFirst();
  return row ? openingOf(businessId, input, row) : null;
}

/** The business's retention floor (0 before its log was first compacted). */
async function retentionFloor(tx: Db, businessId: string): Promise<bigint> {
  const row = (await sql<{ floor: string | bigint }>`select floor from sync_retention where business_id = ${businessId}`.execute(tx)).rows[0];
  return row ? BigInt(row.floor) : 0n;
}

/**
 * The head version, as SQL: the business's clock. On PostgreSQL the capture consumer moves it, in the transaction
 * that writes the business's log records (server/capture/): every version of the business up to it is in the log,
 * whatever the writers have committed since. (Versions there are commit LSNs, not contiguous; nothing here assumes
 * they are.)
 */
export const headVersionSql = (businessId: string) => sql`(select c.version from sync_clock c where c.business_id = ${businessId})`;

/**
 * PostgreSQL: the terminal's row (aliases t, w, p: terminalScopeQuery) with the head version and the
 * acknowledgement up to it; callers may select more in the same statement.
 */
export function openingQuery(tx: Db, businessId: string, input: OpeningInput) {
  const head = headVersionSql(businessId);
  const ofTerminal = sql`m.business_id = ${businessId} and m.terminal_id = ${input.terminalId} and m.epoch = ${input.epoch} and m.version <= ${head}`;
  return terminalScopeQuery(tx, businessId, input.terminalId).select([
    sql<string | null>`${head}::text`.as('head'),
    sql<string>`pg_current_wal_flush_lsn()::text`.as('flushed'),
    sql<string | null>`(select r.floor::text from sync_retention r where r.business_id = ${businessId})`.as('floor'),
    sql<string | null>`(select max(m.seq)::text from sync_mutations m where ${ofTerminal})`.as('last_seq'),
    sql<PrefetchedAcks['rows'] | null>`(
      select json_agg(json_build_array(m.seq::text, m.mutation_id, m.status, m.result, m.version::text) order by m.seq)
        from sync_mutations m where ${ofTerminal} and m.seq > ${BigInt(input.knownAck ?? 0)})`.as('acks'),
  ]);
}

/** The opening an openingQuery row describes. */
export function openingOf(
  businessId: string,
  input: OpeningInput,
  row: {
    workplace_id: string;
    automated_point_id: string;
    default_warehouse_id?: string | null;
    head: string | null;
    flushed?: string;
    floor: string | null;
    last_seq: string | null;
    acks: PrefetchedAcks['rows'] | null;
  },
): PullOpening {
  return {
    scope: scopeOf(businessId, input.terminalId, row),
    head: BigInt(row.head ?? 0),
    floor: BigInt(row.floor ?? 0),
    acks: { rows: row.acks ?? [], lastSeqAtHead: row.last_seq },
    ...(row.flushed ? { flushed: lsnToVersion(row.flushed) } : {}),
  };
}

/**
 * readAck's answer from the prefetched rows; undefined when they cannot give it (a page cut below the head
 * whose prefix holds none of them: the last seq at that version needs its own read).
 */
export function ackFrom(acks: PrefetchedAcks, upTo: bigint, head: bigint): Ack | undefined {
  const included = acks.rows.filter((row) => BigInt(row[4]) <= upTo);
  let lastAppliedSeq: bigint;
  if (included.length > 0) lastAppliedSeq = BigInt(included[included.length - 1]![0]);
  else if (upTo === head) lastAppliedSeq = BigInt(acks.lastSeqAtHead ?? 0);
  else return undefined;
  const results = included.map(
    ([seq, mutationId, status, result]) => `{"seq":${seq},"mutationId":${jsonString(mutationId)},"status":${jsonString(status)},"result":${result ?? 'null'}}`,
  );
  return { lastAppliedSeq, results };
}

export interface Ack {
  readonly lastAppliedSeq: bigint;
  /** Each result as JSON text. */
  readonly results: string[];
}

/** The acknowledgement as of `upTo`: the pushed operations of (terminal, epoch) whose effects are included. */
export async function readAck(tx: Db, businessId: string, input: OpeningInput, upTo: bigint): Promise<Ack> {
  const rows = await tx
    .selectFrom('sync_mutations')
    .select(['seq', 'mutation_id', 'status', 'result'])
    .where('business_id', '=', businessId)
    .where('terminal_id', '=', input.terminalId)
    .where('epoch', '=', input.epoch)
    .where('seq', '>', BigInt(input.knownAck ?? 0))
    .where('version', '<=', upTo)
    .orderBy('seq')
    .execute();
  let lastAppliedSeq: bigint;
  if (rows.length > 0) {
    lastAppliedSeq = BigInt((rows[rows.length - 1] as { seq: bigint }).seq);
  } else {
    const known = await tx
      .selectFrom('sync_mutations')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('business_id', '=', businessId)
      .where('terminal_id', '=', input.terminalId)
      .where('epoch', '=', input.epoch)
      .where('version', '<=', upTo)
      .executeTakeFirst();
    lastAppliedSeq = known?.seq === null || known?.seq === undefined ? 0n : BigInt(known.seq);
  }
  const results = rows.map(
    (row) => `{"seq":${row.seq},"mutationId":${jsonString(row.mutation_id)},"status":${jsonString(row.status)},"result":${row.result ?? 'null'}}`,
  );
  return { lastAppliedSeq, results };
}
