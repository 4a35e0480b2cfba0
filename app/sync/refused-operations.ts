/**
 * Operations a revoked terminal pushed: refused — never applied — but kept, so the back office can see what a till
 * did after its credential was revoked and redo by hand what should stand. A retried batch adds nothing (one row
 * per terminal and mutation id).
 */
import type { PushBatch } from './push-batch.js';
import type { Db } from '../context.js';

export const REVOKED_REASON = 'terminal-revoked';

/** Keeps every operation of a refused push; returns how many were new. */
export async function keepRefusedOperations(
  db: Db,
  businessId: string,
  terminalId: string,
  push: PushBatch,
  now: string,
): Promise<number> {
  if (push.mutations.length === 0) return 0;
  const rows = push.mutations.map((mutation) => ({
    business_id: businessId,
    terminal_id: terminalId,
    mutation_id: mutation.mutationId,
    epoch: push.epoch,
    seq: BigInt(mutation.seq),
    name: mutation.name,
    employee_id: mutation.actor.employeeId,
    // A malformed operation keeps what can be stored of it (./push-batch.ts), and the time it arrived if its own is unusable.
    occurred_at: mutation.malformed ? (mutation.malformed.stored.occurredAt ?? now) : mutation.occurredAt,
    payload: mutation.malformed?.stored.refusedPayload ?? JSON.stringify({ params: mutation.params ?? {}, args: mutation.args ?? null, basis: mutation.basis ?? null }),
    reason: REVOKED_REASON,
    received_at: now,
  }));
  const result = await db
    .insertInto('refused_operations')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['business_id', 'terminal_id', 'mutation_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

export interface RefusedOperationRecord {
  readonly terminal_id: string;
  readonly terminal_name: string | null;
  readonly mutation_id: string;
  readonly epoch: string;
  readonly seq: number;
  readonly name: string;
  readonly employee_id: string;
  readonly occurred_at: string;
  readonly params: unknown;
  readonly args: unknown;
  readonly basis: unknown;
  readonly reason: string;
  readonly received_at: string;
}

/** The business's refused operations, newest first, then in each terminal's order. */
export async function listRefusedOperations(db: Db, businessId: string, limit = 1_000): Promise<RefusedOperationRecord[]> {
  const rows = await db
    .selectFrom('refused_operations as r')
    .leftJoin('terminals as t', (join) => join.onRef('t.business_id', '=', 'r.business_id').onRef('t.id', '=', 'r.terminal_id'))
    .select([
      'r.terminal_id',
      't.name as terminal_name',
      'r.mutation_id',
      'r.epoch',
      'r.seq',
      'r.name',
      'r.employee_id',
      'r.occurred_at',
      'r.payload',
      'r.reason',
      'r.received_at',
    ])
    .where('r.business_id', '=', businessId)
    .orderBy('r.received_at', 'desc')
    .orderBy('r.terminal_id')
    .orderBy('r.seq')
    .limit(limit)
    .execute();
  return rows.map(({ payload, seq, ...row }) => {
    const { params, args, basis } = JSON.parse(payload) as { params: unknown; args: unknown; basis: unknown };
    return { ...row, terminal_name: row.terminal_name ?? null, seq: Number(seq), params, args, basis };
  });
}
