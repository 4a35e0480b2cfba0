/**
 * Business users (owners and admins) managed by their own business. The reference let any token — even a
 * cashier's — create users in any business and set any role, SUPERADMIN included (S2). Here:
 * - only OWNER and ADMIN may call these (the catalogue), and only on users of their own business;
 * - nobody grants a role above their own: an ADMIN manages ADMINs, never OWNERs; SUPERADMIN is not a user role;
 * - the last OWNER of a business can be neither demoted nor deleted (the business would be unmanageable);
 * - changing one's own password takes proof of presence (./presence.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { CreateUserDto, UpdateUserDto, type UserRole } from '../../shared/catalogue/auth.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import { validate } from '../../shared/validation.js';
import { hashSecret } from '../../app/security/secret-hash.js';
import type { Principal } from '../auth/principal.js';
import { isUniqueViolation } from '../errors.js';
import type { PlatformHandler } from './platform-handler.js';
import { confirmPresence } from './presence.js';
import { audit, parse } from './support.js';
import { isLookAlikeViolation, lookAlikeTaken, loginSkeleton, refuseLookAlike } from './login-skeleton.js';
import { loginKey, userWire, type UserRow } from './users.js';

const RANK: Record<UserRole, number> = { ADMIN: 1, OWNER: 2 };

/** The caller's rank; only business users (never cashiers or the platform admin) manage users. */
function callerRank(principal: Principal | null): number {
  if (!principal) throw unauthorized();
  const { actor } = principal;
  if (actor.kind !== 'user' || (actor.role !== 'OWNER' && actor.role !== 'ADMIN')) throw forbidden();
  return RANK[actor.role];
}

function requireRank(role: string, rank: number, what: string) {
  const target = RANK[role as UserRole] ?? Number.POSITIVE_INFINITY;
  if (target > rank) throw forbidden(what);
}

async function loadUser(db: Kysely<Database>, businessId: string, id: string): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where('business_id', '=', businessId).where('id', '=', id).where('is_deleted', '=', 0).executeTakeFirst();
  if (!user) throw notFound('User not found');
  return user;
}

async function refuseLastOwner(tx: Kysely<Database>, businessId: string, exceptId: string) {
  const other = await tx
    .selectFrom('users')
    .select('id')
    .where('business_id', '=', businessId)
    .where('role', '=', 'OWNER')
    .where('is_deleted', '=', 0)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  if (!other) throw conflict('The last owner of a business can be neither demoted nor deleted');
}

/** Makes user changes of one business run one at a time (the last-owner check must see the others' effect). */
async function lockBusiness(tx: Kysely<Database>, businessId: string) {
  await tx.updateTable('businesses').set((eb) => ({ dt_updated: eb.ref('dt_updated') })).where('id', '=', businessId).execute();
}

function duplicateLogin(error: unknown): never {
  if (isLookAlikeViolation(error)) throw lookAlikeTaken();
  if (isUniqueViolation(error)) throw badRequest('User already exists');
  throw error;
}

const createUser: PlatformHandler = {
  operationId: 'AuthController_createUser',
  async run({ writes }, input, principal) {
    const rank = callerRank(principal);
    const { businessId, actor } = principal!;
    const body = parse(validate(CreateUserDto, input.body));
    if (body.business_id && body.business_id !== businessId) throw forbidden('Users can only be created in your own business');
    // Absent role: the caller's own (the reference defaulted to OWNER, which an ADMIN may not grant).
    const role: UserRole = body.role ?? (actor.role as UserRole);
    requireRank(role, rank, `You cannot grant the role ${role}`);
    const now = new Date().toISOString();
    const passwordHash = await hashSecret(body.password);
    const skeleton = loginSkeleton(body.login);
    const row: UserRow = {
      id: uuidv7(),
      business_id: businessId,
      login: body.login,
      login_key: loginKey(body.login),
      login_skeleton: skeleton,
      password_hash: passwordHash,
      full_name: body.full_name ?? null,
      role,
      time_zone: 'Asia/Tashkent',
      public_name: null,
      language: 'uz',
      details: null,
      second_verification: 0,
      second_verification_hash: null,
      is_deleted: 0,
      dt_created: now,
      dt_updated: now,
    };
    await writes
      .transaction(async (tx) => {
        const taken = await tx.selectFrom('users').select('id').where('login_key', '=', row.login_key).executeTakeFirst();
        if (taken) throw badRequest('User already exists');
        await refuseLookAlike(tx, skeleton, businessId);
        await tx.insertInto('users').values(row).execute();
        await audit(tx, { businessId, userId: actor.id, type: 'USER', action: 'User created', details: { id: row.id, login: row.login, role } }, now);
      })
      .catch(duplicateLogin);
    return userWire(row);
  },
};

const updateUser: PlatformHandler = {
  operationId: 'AuthController_updateUser',
  async run({ db, writes, principals }, input, principal) {
    const rank = callerRank(principal);
    const { businessId, actor } = principal!;
    const body = parse(validate(UpdateUserDto, input.body));
    const id = input.params.id ?? '';
    // Changing one's own login password takes proof of presence, like the second factor's settings: a stolen
    // session must not be able to lock the owner out of their own account.
    if (body.password && id === actor.id) await confirmPresence(principal!, await loadUser(db, businessId, id), body.current_password);
    const passwordHash = body.password ? await hashSecret(body.password) : undefined;
    const updated = await writes
      .transaction(async (tx) => {
        await lockBusiness(tx, businessId);
        const current = await loadUser(tx, businessId, id);
        requireRank(current.role, rank, 'You cannot change a user whose role is above yours');
        if (body.role) requireRank(body.role, rank, `You cannot grant the role ${body.role}`);
        if (current.role === 'OWNER' && body.role && body.role !== 'OWNER') await refuseLastOwner(tx, businessId, id);
        const changes = {
          ...(body.login ? { login: body.login, login_key: loginKey(body.login) } : {}),
          // Only a new login gets a new skeleton: a look-alike older than migration 0038 keeps its NULL when saved as it is.
          ...(body.login && loginKey(body.login) !== current.login_key ? { login_skeleton: loginSkeleton(body.login) } : {}),
          ...(passwordHash ? { password_hash: passwordHash } : {}),
          ...(body.full_name !== undefined ? { full_name: body.full_name } : {}),
          ...(body.role ? { role: body.role } : {}),
          ...(body.language ? { language: body.language } : {}),
          ...(body.time_zone ? { time_zone: body.time_zone } : {}),
          dt_updated: new Date().toISOString(),
        };
        if (changes.login_key) {
          const taken = await tx.selectFrom('users').select('id').where('login_key', '=', changes.login_key).where('id', '!=', id).executeTakeFirst();
          if (taken) throw badRequest('User already exists');
        }
        if (changes.login_skeleton) await refuseLookAlike(tx, changes.login_skeleton, businessId, id);
        await tx.updateTable('users').set(changes).where('business_id', '=', businessId).where('id', '=', id).execute();
        // Field names only: the audit log never holds a password, even hashed.
        const fields = Object.keys(body).filter((key) => key !== 'current_password' && body[key as keyof typeof body] !== undefined);
        await audit(tx, { businessId, userId: actor.id, type: 'USER', action: 'User updated', details: { id, fields, ...(body.role ? { role: body.role } : {}) } });
        return { ...current, ...changes };
      })
      .catch(duplicateLogin);
    principals.forget(businessId, id);
    return userWire(updated);
  },
};

const deleteUser: PlatformHandler = {
  operationId: 'AuthController_deleteUser',
  async run({ writes, principals }, input, principal) {
    const rank = callerRank(principal);
    const { businessId, actor } = principal!;
    const id = input.params.id ?? '';
    const deleted = await writes.transaction(async (tx) => {
      await lockBusiness(tx, businessId);
      const current = await loadUser(tx, businessId, id);
      requireRank(current.role, rank, 'You cannot delete a user whose role is above yours');
      if (current.role === 'OWNER') await refuseLastOwner(tx, businessId, id);
      const changes = { is_deleted: 1, dt_updated: new Date().toISOString() };
      await tx.updateTable('users').set(changes).where('business_id', '=', businessId).where('id', '=', id).execute();
      await tx.deleteFrom('pending_logins').where('user_id', '=', id).execute();
      await audit(tx, { businessId, userId: actor.id, type: 'USER', action: 'User deleted', details: { id, login: current.login } });
      return { ...current, ...changes };
    });
    principals.forget(businessId, id);
    return userWire(deleted);
  },
};

export const userManagementHandlers: readonly PlatformHandler[] = [createUser, updateUser, deleteUser];
