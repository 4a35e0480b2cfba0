/** Small pieces every platform handler uses: body parsing and audit entries (written by app/audit.ts). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../shared/errors.js';
import { writeAuditEntries } from '../../app/audit.js';

export function parse<T>(result: { ok: true; value: T } | { ok: false; problems: string[] }): T {
  if (!result.ok) throw badRequest(result.problems);
  return result.value;
}

export interface AuditEntry {
  readonly businessId: string;
  readonly userId: string | null;
  /** The reference's log types: AUTH for logins, USER for changes to business users. */
  readonly type: 'AUTH' | 'USER';
  readonly action: string;
  /** Never a password, PIN or hash. */
  readonly details?: Record<string, unknown> | string | null;
}

/** Appends a platform audit entry (a sign-in, a change of users, an enrolment) inside the caller's transaction. */
export async function audit(db: Kysely<Database>, entry: AuditEntry, now = new Date().toISOString()): Promise<void> {
  await writeAuditEntries(db, [{ ...entry, at: now }]);
}
