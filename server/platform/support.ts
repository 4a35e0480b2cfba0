/** Small pieces every platform handler uses: body parsing and audit entries. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';

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

export async function audit(db: Kysely<Database>, entry: AuditEntry, now = new Date().toISOString()): Promise<void> {
  const details = entry.details === undefined || entry.details === null ? null : typeof entry.details === 'string' ? entry.details : JSON.stringify(entry.details);
  await db
    .insertInto('audit_log')
    .values({
      business_id: entry.businessId,
      id: uuidv7(),
      user_id: entry.userId,
      type: entry.type,
      action: entry.action,
      details,
      is_deleted: 0,
      dt_created: now,
      dt_updated: now,
    })
    .execute();
}
