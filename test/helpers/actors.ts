/** Other actors for tests: a cashier (EMPLOYEE) token for a tenant, and a forged token. */
import { uuidv7 } from '../../shared/ids.js';
import { hashSecret, PIN_COST } from '../../app/security/secret-hash.js';
import type { Tenant, TestServer } from './server.js';

/**
 * Creates a cashier directly in the database (so tests of any resource need not depend on the Employee
 * operations) and signs the token a PIN login would give them. `rights`: the names their role grants
 * (shared/rights.ts; a role of its own is made); absent, they have no role and hold no right — the baseline.
 */
export async function cashierToken(
  server: TestServer,
  tenant: Tenant,
  options: { pointId?: string; workplaceId?: string; rights?: readonly string[] } = {},
) {
  const now = new Date().toISOString();
  const id = uuidv7();
  const roleId = options.rights ? await insertRole(server, tenant, options.rights) : '0';
  await server.database.db
    .insertInto('employees')
    .values({
      business_id: tenant.businessId,
      id,
      full_name: 'Test Cashier',
      guid: null,
      role_id: roleId,
      pin_hash: await hashSecret(`${Math.floor(Math.random() * 10000)}`.padStart(4, '0'), PIN_COST),
      employee_address: null,
      workplace_id: options.workplaceId ?? null,
      telegram_id: null,
      phone_number: null,
      notes: null,
      email: null,
      is_deleted: 0,
      dt_created: now,
      dt_updated: now,
    })
    .execute();
  const token = await server.services.tokens.sign({
    sub: id,
    kind: 'employee',
    role: 'EMPLOYEE',
    businessId: tenant.businessId,
    ...(options.workplaceId ? { workplaceId: options.workplaceId } : {}),
    ...(options.pointId ? { pointId: options.pointId } : {}),
  });
  return { id, token };
}

/** A role granting `rights` (its `access_resources`), made directly in the database; its id. */
export async function insertRole(server: TestServer, tenant: Tenant, rights: readonly string[], name = `Role ${rights.join('+') || 'none'}`): Promise<string> {
  const now = new Date().toISOString();
  const id = uuidv7();
  await server.database.db
    .insertInto('employee_roles')
    .values({ business_id: tenant.businessId, id, name, access_resources: JSON.stringify(rights), is_deleted: 0, dt_created: now, dt_updated: now })
    .execute();
  return id;
}

/** A token with a valid shape signed with the wrong key. */
export const FORGED_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJraW5kIjoidXNlciIsInJvbGUiOiJPV05FUiIsInN1YiI6IngiLCJpc3MiOiJrYXNzYSIsImF1ZCI6Imthc3NhLWFwaSJ9.c2lnbmF0dXJlLW5vdC12YWxpZA';

/**
 * A business user's token whose password login happened `minutesAgo` minutes ago, signed by the server's own
 * token service (the real signing code); `minutesAgo: null` gives a token without any password-login time, as
 * tokens issued before `auth_time` existed.
 */
export async function userTokenLoggedInAt(server: TestServer, user: { userId: string; businessId: string }, minutesAgo: number | null, role: 'OWNER' | 'ADMIN' = 'OWNER') {
  return server.services.tokens.sign({
    sub: user.userId,
    kind: 'user',
    role,
    businessId: user.businessId,
    ...(minutesAgo === null ? {} : { auth_time: Math.floor((Date.now() - minutesAgo * 60_000) / 1000) }),
  });
}
