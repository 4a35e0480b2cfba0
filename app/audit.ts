/** The audit trail (the reference's S_Logs): who did what, when, with the resulting record. */
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

/** Appends one audit entry inside the caller's transaction. */
export async function writeAudit(db: Db, ctx: OperationContext, entry: AuditEntry): Promise<void> {
  // Never read back by the operation: on PostgreSQL it travels with the operation's last statement.
  await insertLater(db, ctx, 'audit_log', [auditRow(ctx, entry)]);
}
