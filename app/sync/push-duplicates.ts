/**
 * An operation is its mutation id, whichever queue brings it (docs/sync.md, "Disasters"; migration 0037). A till
 * and a copy of it may both hold an operation — both send it again after a restore took it from the service, or
 * both hold it in their outbox when the copy was made — and each sends it under a queue of its own. The first to
 * arrive runs; any later sending is answered from what the first stored, never run again, and kept as a row of its
 * own queue naming the first (`duplicate_of`), so that queue moves on and its acknowledgements stay whole. The same
 * id twice in one batch is the same rule within the batch.
 *
 * Two sendings racing under two queues on PostgreSQL both look and find nothing; the second then meets the unique
 * index on the id when it stores its result: a transient conflict (db/transient.ts), retried, when it finds the
 * first.
 */
import { sql } from 'kysely';
import type { Db } from '../context.js';
import { onPostgres } from '../operation.js';

/** Where an operation that ran is stored, and what it answered. */
export interface HeldOperation {
  readonly mutationId: string;
  /** `terminal:epoch:seq` of the row that ran. */
  readonly ref: string;
  readonly status: 'applied' | 'rejected';
  /** The stored result, as JSON text (null when none was recorded). */
  readonly result: string | null;
}

/** A stored row of `sync_mutations` as the opening statement or readHeld reads it: [id, terminal, epoch, seq, status, result]. */
export type HeldTuple = [string, string, string, string, string, string | null];

export const heldOf = ([mutationId, terminal, epoch, seq, status, result]: HeldTuple): HeldOperation => ({
  mutationId,
  ref: `${terminal}:${epoch}:${seq}`,
  status: status === 'rejected' ? 'rejected' : 'applied',
  result,
});

/** SQL for the held operations among `mutationIds` (PostgreSQL, folded into the push's opening statement). */
export const heldSql = (businessId: string, mutationIds: readonly string[]) => sql<HeldTuple[] | null>`(
  select json_agg(json_build_array(m.mutation_id, m.terminal_id, m.epoch, m.seq::text, m.status, m.result))
    from sync_mutations m
   where m.business_id = ${businessId} and m.mutation_id = any(${mutationIds}) and m.duplicate_of is null)`;

/** The operations among `mutationIds` that already ran in the business, by id. */
export async function readHeld(tx: Db, businessId: string, mutationIds: readonly string[]): Promise<Map<string, HeldOperation>> {
  if (mutationIds.length === 0) return new Map();
  const rows = onPostgres(tx)
    ? (((await sql<{ held: HeldTuple[] | null }>`select ${heldSql(businessId, mutationIds)} as held`.execute(tx)).rows[0]?.held ?? []) as HeldTuple[])
    : (
        await tx
          .selectFrom('sync_mutations')
          .select(['mutation_id', 'terminal_id', 'epoch', 'seq', 'status', 'result'])
          .where('business_id', '=', businessId)
          .where('mutation_id', 'in', mutationIds)
          .where('duplicate_of', 'is', null)
          .execute()
      ).map((row): HeldTuple => [row.mutation_id, row.terminal_id, row.epoch, String(row.seq), row.status, row.result]);
  return new Map(rows.map((tuple) => [tuple[0], heldOf(tuple)]));
}
