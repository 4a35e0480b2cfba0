/**
 * Proof of presence for sensitive changes to one's own account (the second factor's settings, one's own login
 * password). Existing clients of the reference send no `current_password`, so it cannot be required; but a stolen
 * session alone must not be able to switch the second factor off or lock the owner out. The rule: a
 * `current_password`, when sent, must be the account's password; when not sent, the caller's token must come from
 * a password login of the last PRESENCE_MINUTES (its `auth_time` claim). PIN tokens never carry one.
 */
import { badRequest, unauthorized } from '../../shared/errors.js';
import { verifySecret } from '../../app/security/secret-hash.js';
import type { Principal } from '../auth/principal.js';
import type { UserRow } from './users.js';

export const PRESENCE_MINUTES = 10;
/** A token dated this far in the future was not made by this service's clock: no proof. */
const CLOCK_SKEW_MS = 60_000;

export const SIGN_IN_AGAIN = `Sign in again with your password to make this change (or send current_password): your last password login is more than ${PRESENCE_MINUTES} minutes old`;

/** Seconds since the epoch, the unit of a token's `auth_time`. */
export const authTimeNow = (now = Date.now()) => Math.floor(now / 1000);

export async function confirmPresence(principal: Principal, user: UserRow, currentPassword: string | null | undefined, now = Date.now()): Promise<void> {
  if (currentPassword !== undefined && currentPassword !== null) {
    if (!(await verifySecret(currentPassword, user.password_hash))) throw badRequest('current_password is incorrect');
    return;
  }
  const at = principal.passwordLoginAt;
  const fresh = at !== undefined && at <= now + CLOCK_SKEW_MS && now - at <= PRESENCE_MINUTES * 60_000;
  if (!fresh) throw unauthorized(SIGN_IN_AGAIN);
}
