/**
 * The platform administrator: a login from configured credentials (ADMIN_LOGIN / ADMIN_PASSWORD; none
 * configured → every admin login fails) giving a token of its own audience, and the lists of registered
 * businesses and users. Admin tokens are refused by every tenant operation and tenant tokens by these (routes.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AdminLoginDto } from '../../shared/catalogue/admin.js';
import { unauthorized } from '../../shared/errors.js';
import { validate } from '../../shared/validation.js';
import type { PlatformHandler } from './platform-handler.js';
import { parse } from './support.js';

/** A per-process key: comparing keyed digests makes the comparison constant-time whatever the input lengths. */
const COMPARE_KEY = randomBytes(32);
const digest = (value: string) => createHmac('sha256', COMPARE_KEY).update(value, 'utf8').digest();

/** Constant-time equality of two strings (the reference compared plain strings, S16). */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export const ADMIN_SUBJECT = 'static_admin_id';

const login: PlatformHandler = {
  operationId: 'AdminController_login',
  async run({ config, tokens }, input) {
    const body = parse(validate(AdminLoginDto, input.body));
    const configured = Boolean(config.adminLogin && config.adminPassword);
    // Both comparisons always run (no short-circuit), so timing tells nothing about which part was wrong.
    const loginMatches = sameSecret(body.login, config.adminLogin ?? '');
    const passwordMatches = sameSecret(body.password, config.adminPassword ?? '');
    if (!configured || !(loginMatches && passwordMatches)) throw unauthorized('Admin login failed');
    const accessToken = await tokens.sign({ sub: ADMIN_SUBJECT, kind: 'admin', role: 'SUPERADMIN' });
    return { message: 'Admin login successful', access_token: accessToken };
  },
};

const registeredBusinesses: PlatformHandler = {
  operationId: 'AdminController_getRegisteredBusinesses',
  async run({ db }) {
    const businesses = await db.selectFrom('businesses').selectAll().where('is_deleted', '=', 0).orderBy('dt_created', 'desc').orderBy('id', 'desc').execute();
    const users = await db
      .selectFrom('users')
      .select(['id', 'business_id', 'login', 'full_name', 'role', 'public_name', 'dt_created'])
      .where('is_deleted', '=', 0)
      .orderBy('dt_created')
      .orderBy('id')
      .execute();
    return businesses.map((business) => {
      const members = users.filter((user) => user.business_id === business.id);
      // The business's first owner, or its first user if it has no owner left.
      const owner = members.find((user) => user.role === 'OWNER') ?? members[0];
      return {
        id: business.id,
        name: business.name,
        address: business.address,
        phoneNumber: business.phone_number,
        email: business.email,
        is_deleted: false,
        dt_created: business.dt_created,
        dt_updated: business.dt_updated,
        // Users have no e-mail; the reference filled `email` from the free-text `details` (B4).
        owner: owner ? { id: owner.id, login: owner.login, full_name: owner.full_name, role: owner.role, public_name: owner.public_name, email: null, dt_created: owner.dt_created } : null,
      };
    });
  },
};

const usersList: PlatformHandler = {
  operationId: 'AdminController_getAllUsers',
  async run({ db }) {
    return db
      .selectFrom('users')
      .select(['id', 'login', 'full_name', 'role', 'business_id', 'time_zone', 'public_name', 'language', 'dt_created'])
      .where('is_deleted', '=', 0)
      .orderBy('dt_created')
      .orderBy('id')
      .execute();
  },
};

export const adminHandlers: readonly PlatformHandler[] = [login, registeredBusinesses, usersList];
