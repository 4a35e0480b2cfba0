/** Enrolled terminals as the back office sees them: the list of device credentials, and revoking one. */
import { notFound } from '../../shared/errors.js';
import type { Db } from '../context.js';

export interface TerminalRecord {
  readonly id: string;
  readonly name: string | null;
  readonly workplace_id: string;
  /** The point of the terminal's workplace (null if the workplace is gone). */
  readonly automated_point_id: string | null;
  readonly enrolled_at: string;
  readonly enrolled_by: string;
  readonly is_revoked: boolean;
  readonly revoked_at: string | null;
  readonly revoked_by: string | null;
  readonly dt_created: string;
  readonly dt_updated: string;
}

function query(db: Db, businessId: string) {
  return db
    .selectFrom('terminals as t')
    .leftJoin('workplaces as w', (join) => join.onRef('w.business_id', '=', 't.business_id').onRef('w.id', '=', 't.workplace_id'))
    .select(['t.id', 't.name', 't.workplace_id', 'w.automated_point_id', 't.enrolled_at', 't.enrolled_by', 't.revoked_at', 't.revoked_by', 't.dt_created', 't.dt_updated'])
    .where('t.business_id', '=', businessId);
}

type Row = Awaited<ReturnType<ReturnType<typeof query>['execute']>>[number];

const wire = (row: Row): TerminalRecord => ({
  id: row.id,
  name: row.name,
  workplace_id: row.workplace_id,
  automated_point_id: row.automated_point_id ?? null,
  enrolled_at: row.enrolled_at,
  enrolled_by: row.enrolled_by,
  is_revoked: row.revoked_at !== null,
  revoked_at: row.revoked_at,
  revoked_by: row.revoked_by,
  dt_created: row.dt_created,
  dt_updated: row.dt_updated,
});

/** Every terminal of the business, revoked ones included (they stay listed, marked), oldest first. */
export async function listTerminals(db: Db, businessId: string): Promise<TerminalRecord[]> {
  const rows = await query(db, businessId).orderBy('t.enrolled_at').orderBy('t.id').execute();
  return rows.map(wire);
}

/** Revokes a live terminal's credential; an unknown, foreign or already revoked id is a 404. */
export async function revokeTerminal(tx: Db, ctx: { businessId: string; actorId: string; now: Date }, terminalId: string): Promise<TerminalRecord> {
  const at = ctx.now.toISOString();
  const updated = await tx
    .updateTable('terminals')
    .set({ revoked_at: at, revoked_by: ctx.actorId, dt_updated: at })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', terminalId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw notFound('Terminal not found');
  const row = await query(tx, ctx.businessId).where('t.id', '=', terminalId).executeTakeFirstOrThrow();
  return wire(row);
}

/**
 * Revokes every live terminal enrolled at a workplace being deleted (issue 13 §1.5), inside the delete's
 * transaction: their pushes and pulls then answer 401, and what a revoked till still pushes is kept, as for a
 * terminal revoked by hand. (Enrollment already refuses a code whose workplace is deleted.)
 */
export async function revokeWorkplaceTerminals(tx: Db, ctx: { businessId: string; actor: { id: string }; now: string }, workplaceId: string): Promise<void> {
  await tx
    .updateTable('terminals')
    .set({ revoked_at: ctx.now, revoked_by: ctx.actor.id, dt_updated: ctx.now })
    .where('business_id', '=', ctx.businessId)
    .where('workplace_id', '=', workplaceId)
    .where('revoked_at', 'is', null)
    .execute();
}
