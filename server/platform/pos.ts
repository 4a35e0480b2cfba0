/**
 * The till: the workplaces with who can log in there, and the PIN login that turns the manager's session held
 * by the till into a cashier's token scoped to one employee, workplace and point.
 */
import { PosLoginDto } from '../../shared/catalogue/auth.js';
import { conflict, notFound, OperationError, unauthorized } from '../../shared/errors.js';
import { validate } from '../../shared/validation.js';
import { jsonList } from '../../db/values.js';
import { verifySecret } from '../../app/security/secret-hash.js';
import { EMPLOYEE_PUBLIC_COLUMNS, employeeWire } from './employee-wire.js';
import { chargeAttempt, forgive } from './pin-lockout.js';
import type { PlatformHandler, PlatformServices } from './platform-handler.js';
import { audit, parse } from './support.js';

const getPosWorkplaces: PlatformHandler = {
  operationId: 'AuthController_getPosWorkplaces',
  async run({ db }, _input, principal) {
    if (!principal) throw unauthorized();
    const { businessId } = principal;
    const workplaces = await db
      .selectFrom('workplaces')
      .select(['id', 'name', 'guid', 'automated_point_id', 'is_deleted', 'dt_created', 'dt_updated'])
      .where('business_id', '=', businessId)
      .where('is_deleted', '=', 0)
      .orderBy('dt_created')
      .orderBy('id')
      .execute();
    // Live employees only (the reference listed deleted ones too, with their plaintext PINs: S3).
    const employees = await db
      .selectFrom('employees')
      .select(EMPLOYEE_PUBLIC_COLUMNS)
      .where('business_id', '=', businessId)
      .where('is_deleted', '=', 0)
      .where('workplace_id', 'is not', null)
      .orderBy('full_name')
      .execute();
    return workplaces.map((workplace) => ({
      id: workplace.id,
      name: workplace.name,
      guid: workplace.guid ?? null,
      automated_point_id: workplace.automated_point_id,
      is_deleted: false,
      dt_created: workplace.dt_created,
      dt_updated: workplace.dt_updated,
      employees: employees.filter((employee) => employee.workplace_id === workplace.id).map(employeeWire),
    }));
  },
};

/** Live employees who may log in at the workplace: those assigned to it and those assigned to none. */
async function candidates(db: PlatformServices['db'], businessId: string, workplaceId: string) {
  return db
    .selectFrom('employees')
    .select([...EMPLOYEE_PUBLIC_COLUMNS, 'pin_hash'])
    .where('business_id', '=', businessId)
    .where('is_deleted', '=', 0)
    .where((eb) => eb.or([eb('workplace_id', '=', workplaceId), eb('workplace_id', 'is', null)]))
    .execute();
}

/**
 * The employee's role as the login shows it. A deleted role (issue 13 §1.5) is still shown — the employee keeps
 * naming it — but marked deleted and with no access resources: it grants nothing beyond the base employee rights.
 */
async function employeeRole(db: PlatformServices['db'], businessId: string, roleId: string) {
  const role = await db
    .selectFrom('employee_roles')
    .select(['id', 'name', 'access_resources', 'is_deleted', 'dt_created', 'dt_updated'])
    .where('business_id', '=', businessId)
    .where('id', '=', roleId)
    .executeTakeFirst();
  if (!role) return null;
  const deleted = Number(role.is_deleted) !== 0;
  return {
    id: role.id,
    name: role.name,
    access_resources: deleted ? [] : jsonList(role.access_resources),
    is_deleted: deleted,
    dt_created: role.dt_created,
    dt_updated: role.dt_updated,
  };
}

const posLogin: PlatformHandler = {
  operationId: 'AuthController_posLogin',
  async run({ db, writes, tokens }, input, principal) {
    if (!principal) throw unauthorized();
    const body = parse(validate(PosLoginDto, input.body));
    const { businessId } = principal;
    const now = new Date();
    const charge = await chargeAttempt(writes, businessId, body.workplaceId, now);
    if (charge.kind === 'missing') throw notFound('Workplace not found');
    if (charge.kind === 'locked') {
      throw new OperationError(429, `Too many wrong PINs at this workplace; try again in ${charge.retryAfter} seconds`, { retryAfterSeconds: charge.retryAfter });
    }
    const people = await candidates(db, businessId, body.workplaceId);
    const checks = await Promise.all(people.map((person) => verifySecret(body.pincode, person.pin_hash)));
    const matches = people.filter((_person, index) => checks[index]);
    if (matches.length !== 1) {
      await writes.transaction((tx) =>
        audit(tx, { businessId, userId: principal.actor.id, type: 'AUTH', action: 'Employee PIN login failed', details: { workplaceId: body.workplaceId, consecutiveFailures: charge.failures } }),
      );
      // Two live colleagues with one PIN at this workplace: refuse rather than guess who is at the till.
      if (matches.length > 1) throw conflict('More than one employee of this workplace has this PIN; change one of them');
      throw unauthorized('Invalid pincode');
    }
    const employee = matches[0]!;
    const workplace = await db.selectFrom('workplaces').select(['name', 'automated_point_id']).where('business_id', '=', businessId).where('id', '=', body.workplaceId).where('is_deleted', '=', 0).executeTakeFirst();
    if (!workplace) throw notFound('Workplace not found');
    await writes.transaction(async (tx) => {
      await forgive(tx, businessId, body.workplaceId);
      await audit(tx, { businessId, userId: employee.id, type: 'AUTH', action: 'Employee PIN login successful', details: `Workplace: ${workplace.name}` });
    });
    const token = await tokens.sign({ sub: employee.id, kind: 'employee', role: 'EMPLOYEE', businessId, workplaceId: body.workplaceId, pointId: workplace.automated_point_id });
    return {
      message: 'Login successful',
      employee: { ...employeeWire(employee), role: await employeeRole(db, businessId, employee.role_id) },
      workplaceId: body.workplaceId,
      automated_point_id: workplace.automated_point_id,
      pos_access_token: token,
    };
  },
};

export const posHandlers: readonly PlatformHandler[] = [getPosWorkplaces, posLogin];
