/** Registration, owner login and the caller's profile (the Auth operations of the foundation). */
import { LoginDto, RegisterDto } from '../../shared/catalogue/auth.js';
import { badRequest, unauthorized } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import { validate } from '../../shared/validation.js';
import { DUMMY_PASSWORD_HASH, hashSecret, verifySecret } from '../../app/security/secret-hash.js';
import { cashMethodRow } from '../../app/payment-methods/payment-methods.js';
import { flag } from '../../db/values.js';
import { isUniqueViolation } from '../errors.js';
import type { PlatformHandler } from './platform-handler.js';
import { posHandlers } from './pos.js';
import { authTimeNow } from './presence.js';
import { secondFactorHandlers, startPendingLogin } from './second-factor.js';
import { audit, parse } from './support.js';
import { userManagementHandlers } from './user-management.js';
import { isLookAlikeViolation, lookAlikeTaken, loginSkeleton, refuseLookAlike } from './login-skeleton.js';
import { loginKey, userWire } from './users.js';

const register: PlatformHandler = {
  operationId: 'AuthController_register',
  async run({ writes }, input) {
    const body = parse(validate(RegisterDto, input.body));
    const now = new Date().toISOString();
    const businessId = uuidv7();
    const userId = uuidv7();
    const key = loginKey(body.login);
    const skeleton = loginSkeleton(body.login);
    const passwordHash = await hashSecret(body.password);
    try {
      // The business and its owner exist together or not at all (the reference left orphans, D10).
      await writes.transaction(async (tx) => {
        const taken = await tx.selectFrom('users').select('id').where('login_key', '=', key).executeTakeFirst();
        if (taken) throw badRequest('User already exists');
        // A new business has no users yet: a look-alike is always another business's, so it is only said to be taken.
        await refuseLookAlike(tx, skeleton, null);
        await tx
          .insertInto('businesses')
          .values({
            id: businessId,
            name: body.businessName,
            address: body.address ?? null,
            phone_number: body.phoneNumber ?? null,
            email: null,
            is_deleted: 0,
            dt_created: now,
            dt_updated: now,
          })
          .execute();
        await tx
          .insertInto('users')
          .values({
            id: userId,
            business_id: businessId,
            login: body.login,
            login_key: key,
            login_skeleton: skeleton,
            password_hash: passwordHash,
            full_name: body.name,
            role: 'OWNER',
            time_zone: 'Asia/Tashkent',
            public_name: null,
            language: 'uz',
            details: null,
            second_verification: 0,
            second_verification_hash: null,
            is_deleted: 0,
            dt_created: now,
            dt_updated: now,
          })
          .execute();
        await audit(tx, { businessId, userId, type: 'AUTH', action: 'REGISTER', details: { businessId, userId, login: body.login } }, now);
        // Every business starts with a Cash payment method, as in the reference.
        await tx.insertInto('payment_methods').values(cashMethodRow(businessId, uuidv7(), now)).execute();
      });
    } catch (error) {
      // Two registrations racing for one login (or two look-alikes): the unique index decides, the loser gets the same answer.
      if (isLookAlikeViolation(error)) throw lookAlikeTaken();
      if (isUniqueViolation(error)) throw badRequest('User already exists');
      throw error;
    }
    return { message: 'Registration successful', businessId, userId };
  },
};

const login: PlatformHandler = {
  operationId: 'AuthController_login',
  async run({ db, writes, tokens }, input) {
    const body = parse(validate(LoginDto, input.body));
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('login_key', '=', loginKey(body.login))
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    // Hash even when the login is unknown, so timing does not reveal which logins exist.
    const valid = await verifySecret(body.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
    if (!user || !valid) throw unauthorized('Invalid credentials');
    const now = new Date();
    // With second verification on, the password alone gives no token: the login waits for the second password (S7).
    if (flag(user.second_verification) && user.second_verification_hash) {
      await startPendingLogin(writes, user, now);
      return { ...userWire(user), second_verification_required: true };
    }
    const role = user.role === 'ADMIN' ? 'ADMIN' : 'OWNER';
    const accessToken = await tokens.sign({ sub: user.id, kind: 'user', role, businessId: user.business_id, auth_time: authTimeNow(now.getTime()) });
    await writes.transaction((tx) => audit(tx, { businessId: user.business_id, userId: user.id, type: 'AUTH', action: 'Owner login successful' }, now.toISOString()));
    return { ...userWire(user), access_token: accessToken };
  },
};

const getProfile: PlatformHandler = {
  operationId: 'AuthController_getProfile',
  async run({ db }, _input, principal) {
    if (!principal) throw unauthorized();
    const { actor, businessId } = principal;
    if (actor.kind === 'employee') {
      const employee = await db
        .selectFrom('employees')
        .select(['id', 'full_name', 'role_id', 'workplace_id', 'phone_number', 'email', 'dt_created', 'dt_updated'])
        .where('business_id', '=', businessId)
        .where('id', '=', actor.id)
        .executeTakeFirst();
      if (!employee) throw unauthorized();
      return { ...employee, login: employee.full_name, role: 'EMPLOYEE', businessId, workplaceId: actor.workplaceId ?? null, automated_point_id: actor.pointId ?? null };
    }
    const user = await db.selectFrom('users').selectAll().where('id', '=', actor.id).where('business_id', '=', businessId).executeTakeFirst();
    if (!user) throw unauthorized();
    return { ...userWire(user), businessId };
  },
};

const hello: PlatformHandler = {
  operationId: 'AppController_getHello',
  async run() {
    return 'Hello World!';
  },
};

export const authHandlers: readonly PlatformHandler[] = [register, login, getProfile, hello, ...userManagementHandlers, ...posHandlers, ...secondFactorHandlers];
