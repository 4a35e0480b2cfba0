/**
 * The audit trail (the reference's S_Logs): who did what, when, with the resulting record. The one writer of its
 * rows: an operation's entries (`writeAudit`, carried with the operation's write), and the entries written
 * outside an operation — the platform's sign-ins and user management, a terminal's enrolment, a push's warnings
 * (`writeAuditEntries`). Every row is made by `auditRow`/`entryRow` here, so secrets never reach the trail.
 */
import type { Insertable } from 'kysely';
import { insertRows } from '../db/insert-statements.js';
import type { AuditLogTable } from '../db/schema.js';
import { uuidv7 } from '../shared/ids.js';
import type { Db, OperationContext } from './context.js';
import { insertLater } from './write.js';

export type AuditType = 'SYSTEM' | 'USER' | 'EMPLOYEE' | 'PAYMENT_DEVICE' | 'ORDER' | 'AUTH' | 'WARNING';

/** Secrets never reach the audit trail, even if a caller passes a record that holds one. */
const SECRET_KEYS = new Set(['password', 'password_hash', 'pin_hash', 'pincode', 'second_verification_hash', 'access_token']);

/** The record as JSON text, secrets left out and bigints as decimal strings, in one pass. */
function detailsOf(record: unknown): string {
  return JSON.stringify(record ?? null, (key, value: unknown) =>
    SECRET_KEYS.has(key) ? undefined : typeof value === 'bigint' ? value.toString() : value,
  );
}

export interface AuditEntry {
  readonly type: AuditType;
  readonly action: string;
  readonly record?: unknown;
}

/** An entry written outside an operation, which has no context to say who and when. */
export interface OutsideEntry {
  readonly businessId: string;
  readonly userId: string | null;
  readonly type: AuditType;
  readonly action: string;
  /** Text kept as is; anything else stored as JSON (secrets left out); null or absent for none. */
  readonly details?: unknown;
  /** When, as an ISO string. */
  readonly at: string;
}

/** The audit_log row of an entry written outside an operation. */
function entryRow(entry: OutsideEntry): Insertable<AuditLogTable> {
  const details = entry.details === undefined || entry.details === null ? null : typeof entry.details === 'string' ? entry.details : detailsOf(entry.details);
  return {
    business_id: entry.businessId,
    id: uuidv7(),
    user_id: entry.userId,
    type: entry.type,
    action: entry.action,
    details,
    is_deleted: 0,
    dt_created: entry.at,
    dt_updated: entry.at,
  };
}

/** The audit_log row of one entry, by the caller, now. */
export function auditRow(ctx: OperationContext, entry: AuditEntry, id: string = ctx.newId()) {
  return {
    business_id: ctx.businessId,
    id,
    user_id: ctx.actor.id,
    type: entry.type,
    action: entry.action,
    details: entry.record === undefined ? null : detailsOf(entry.record),
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
}

/** Appends one audit entry of the operation inside the caller's transaction. */
export async function writeAudit(db: Db, ctx: OperationContext, entry: AuditEntry): Promise<void> {
  // Never read back by the operation: on PostgreSQL it travels with the operation's last statement (app/write.ts).
  await insertLater(db, ctx, 'audit_log', [auditRow(ctx, entry)]);
}

/** Appends entries written outside an operation, now, in one statement inside the caller's transaction. */
export async function writeAuditEntries(db: Db, entries: readonly OutsideEntry[]): Promise<void> {
  await insertRows(db, 'audit_log', entries.map(entryRow));
}
