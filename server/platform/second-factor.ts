/**
 * Second verification as a real second factor (the reference's was cosmetic, S7). With it on, `/auth/login`
 * checks the password and answers without a token but with `second_verification_required: true`, recording a
 * pending login server-side; `/auth/second-verification/verify` with the login and the second password completes
 * that pending login — only one made in the last PENDING_MINUTES, only once, and with at most MAX_ATTEMPTS
 * guesses before the password login must be repeated. Turning it on or off or replacing the second password
 * takes proof of presence (./presence.ts): the current password, or a password login of the last minutes, so a
 * stolen session cannot switch the factor off — while the reference's own bodies (no `current_password`) work.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  DisableSecondVerificationDto,
  EnableSecondVerificationDto,
  UpdateSecondVerificationPasswordDto,
  VerifySecondVerificationDto,
} from '../../shared/catalogue/auth.js';
import { badRequest, forbidden, unauthorized } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import { validate } from '../../shared/validation.js';
import { DUMMY_PASSWORD_HASH, hashSecret, verifySecret } from '../../app/security/secret-hash.js';
import type { Transactor } from '../../db/transactor.js';
import type { Principal } from '../auth/principal.js';
import type { PlatformHandler, PlatformServices } from './platform-handler.js';
import { authTimeNow, confirmPresence } from './presence.js';
import { audit, parse } from './support.js';
import { loginKey, userWire, type UserRow } from './users.js';

export const PENDING_MINUTES = 5;
export const MAX_ATTEMPTS = 5;

/** Records a password login that still needs the second password. */
export async function startPendingLogin(writes: Transactor, user: UserRow, now: Date): Promise<void> {
  const expiresAt = new Date(now.getTime() + PENDING_MINUTES * 60_000).toISOString();
  await writes.transaction(async (tx) => {
    // One pending login per user: a new password login replaces any earlier one.
    await tx.deleteFrom('pending_logins').where('user_id', '=', user.id).execute();
    await tx
      .insertInto('pending_logins')
      .values({ id: uuidv7(), business_id: user.business_id, user_id: user.id, expires_at: expiresAt, attempts: 0, used: 0, dt_created: now.toISOString() })
      .execute();
  });
}

/** Charges one guess to the user's live pending login; null when there is none left to guess against. */
async function chargeGuess(writes: Transactor, userId: string, nowIso: string): Promise<string | null> {
  return writes.transaction(async (tx) => {
    const pending = await tx
      .selectFrom('pending_logins')
      .select('id')
      .where('user_id', '=', userId)
      .where('used', '=', 0)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
    if (!pending) return null;
    // Counted before the password is checked, so parallel guesses cannot exceed the limit.
    const result = await tx
      .updateTable('pending_logins')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', pending.id)
      .where('used', '=', 0)
      .where('attempts', '<', MAX_ATTEMPTS)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? pending.id : null;
  });
}

const NO_PENDING = 'No pending login for this user: log in with the password first';

const verify: PlatformHandler = {
  operationId: 'AuthController_verifySecondVerification',
  async run({ db, writes, tokens }, input) {
    const body = parse(validate(VerifySecondVerificationDto, input.body));
    const now = new Date();
    const user = await db.selectFrom('users').selectAll().where('login_key', '=', loginKey(body.login)).where('is_deleted', '=', 0).executeTakeFirst();
    const pendingId = user?.second_verification_hash ? await chargeGuess(writes, user.id, now.toISOString()) : null;
    // Hash even when there is nothing to check against, so timing does not reveal which logins have a pending login.
    const valid = await verifySecret(body.password, (pendingId && user?.second_verification_hash) || DUMMY_PASSWORD_HASH);
    if (!user || !pendingId) throw unauthorized(NO_PENDING);
    if (!valid) throw unauthorized("Parol noto'g'ri");
    const consumed = await writes.transaction(async (tx) => {
      const result = await tx.updateTable('pending_logins').set({ used: 1 }).where('id', '=', pendingId).where('used', '=', 0).executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await audit(tx, { businessId: user.business_id, userId: user.id, type: 'AUTH', action: 'Second verification successful' });
      return true;
    });
    // A parallel request with the right password got there first: the pending login is single use.
    if (!consumed) throw unauthorized(NO_PENDING);
    const role = user.role === 'ADMIN' ? 'ADMIN' : 'OWNER';
    // Password and second password both proven just now: a password login for proof of presence.
    const accessToken = await tokens.sign({ sub: user.id, kind: 'user', role, businessId: user.business_id, auth_time: authTimeNow(now.getTime()) });
    return { ...userWire(user), access_token: accessToken };
  },
};

/** The calling business user, once they have proven presence (a matching `current_password` or a fresh login). */
async function confirmedCaller(db: Kysely<Database>, principal: Principal | null, currentPassword: string | null | undefined): Promise<UserRow> {
  if (!principal) throw unauthorized();
  if (principal.actor.kind !== 'user') throw forbidden();
  const user = await db.selectFrom('users').selectAll().where('business_id', '=', principal.businessId).where('id', '=', principal.actor.id).where('is_deleted', '=', 0).executeTakeFirst();
  if (!user) throw unauthorized();
  await confirmPresence(principal, user, currentPassword);
  return user;
}

/** A second password equal to the first would be no second factor at all. */
async function newSecondHash(user: UserRow, password: string): Promise<string> {
  if (await verifySecret(password, user.password_hash)) throw badRequest('password must differ from the login password');
  return hashSecret(password);
}

async function store(services: PlatformServices, user: UserRow, enabled: boolean | null, hash: string | null, action: string) {
  const now = new Date().toISOString();
  const flag = enabled === null ? user.second_verification : enabled ? 1 : 0;
  await services.writes.transaction(async (tx) => {
    await tx.updateTable('users').set({ second_verification: flag, second_verification_hash: hash, dt_updated: now }).where('business_id', '=', user.business_id).where('id', '=', user.id).execute();
    // Whatever changed, a login waiting for the old second password is void.
    await tx.deleteFrom('pending_logins').where('user_id', '=', user.id).execute();
    await audit(tx, { businessId: user.business_id, userId: user.id, type: 'USER', action }, now);
  });
  return { id: user.id, login: user.login, second_verification: Number(flag) !== 0 };
}

const enable: PlatformHandler = {
  operationId: 'AuthController_enableSecondVerification',
  async run(services, input, principal) {
    const body = parse(validate(EnableSecondVerificationDto, input.body));
    const user = await confirmedCaller(services.db, principal, body.current_password);
    return store(services, user, true, await newSecondHash(user, body.password), 'Second verification enabled');
  },
};

const disable: PlatformHandler = {
  operationId: 'AuthController_disableSecondVerification',
  async run(services, input, principal) {
    const body = parse(validate(DisableSecondVerificationDto, input.body ?? {}));
    const user = await confirmedCaller(services.db, principal, body.current_password);
    return store(services, user, false, null, 'Second verification disabled');
  },
};

const updatePassword: PlatformHandler = {
  operationId: 'AuthController_updateSecondVerificationPassword',
  async run(services, input, principal) {
    const body = parse(validate(UpdateSecondVerificationPasswordDto, input.body));
    const user = await confirmedCaller(services.db, principal, body.current_password);
    // As the reference: replaces the second password without turning the check on.
    return store(services, user, null, await newSecondHash(user, body.password), 'Second verification password changed');
  },
};

export const secondFactorHandlers: readonly PlatformHandler[] = [enable, disable, updatePassword, verify];
