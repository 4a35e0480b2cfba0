/**
 * PIN-login lockout, per workplace. A wrong PIN matches nobody, so a failure can only be charged to the
 * workplace it was tried at; that is also what slows a brute force over the 10,000 four-digit PINs.
 *
 * Each attempt is counted BEFORE the PIN is checked ("charge first, forgive on success"): concurrent guesses all
 * see each other's charge, so sending them in parallel does not get around the limit. A successful login resets
 * the counter. The policy (how long a lock lasts) is app/security/pin-lockout-policy.ts, shared with the terminal.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Transactor } from '../../db/transactor.js';

import { lockSeconds, secondsLeft } from '../../app/security/pin-lockout-policy.js';

export { BASE_LOCK_SECONDS, FREE_FAILURES, lockSeconds, MAX_LOCK_SECONDS, secondsLeft } from '../../app/security/pin-lockout-policy.js';

export type Charge = { readonly kind: 'missing' } | { readonly kind: 'locked'; readonly retryAfter: number } | { readonly kind: 'charged'; readonly failures: number };

/**
 * Counts one attempt at a live workplace of the business, unless it is locked. If this attempt would be one
 * too many, the lock starts now (and is lifted again by `forgive` if the PIN turns out right).
 */
export async function chargeAttempt(writes: Transactor, businessId: string, workplaceId: string, now: Date): Promise<Charge> {
  const nowIso = now.toISOString();
  return writes.transaction(async (tx) => {
    // The conditional increment takes the row lock (PostgreSQL) before the read, so the count is exact.
    await tx
      .updateTable('workplaces')
      .set((eb) => ({ pin_failures: eb('pin_failures', '+', 1) }))
      .where('business_id', '=', businessId)
      .where('id', '=', workplaceId)
      .where('is_deleted', '=', 0)
      .where((eb) => eb.or([eb('pin_locked_until', 'is', null), eb('pin_locked_until', '<=', nowIso)]))
      .execute();
    const row = await tx
      .selectFrom('workplaces')
      .select(['pin_failures', 'pin_locked_until'])
      .where('business_id', '=', businessId)
      .where('id', '=', workplaceId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row) return { kind: 'missing' } as const;
    const left = secondsLeft(row.pin_locked_until, now);
    if (left > 0) return { kind: 'locked', retryAfter: left } as const;
    const failures = Number(row.pin_failures);
    const lock = lockSeconds(failures);
    if (lock > 0) {
      const until = new Date(now.getTime() + lock * 1000).toISOString();
      await tx.updateTable('workplaces').set({ pin_locked_until: until }).where('business_id', '=', businessId).where('id', '=', workplaceId).execute();
    }
    return { kind: 'charged', failures } as const;
  });
}

/** A successful login: the workplace's count starts again from zero. */
export async function forgive(db: Kysely<Database>, businessId: string, workplaceId: string): Promise<void> {
  await db.updateTable('workplaces').set({ pin_failures: 0, pin_locked_until: null }).where('business_id', '=', businessId).where('id', '=', workplaceId).execute();
}
