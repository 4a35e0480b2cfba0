/**
 * Output schemas of the service's own operations: registration, logins, profile, users, second verification, the
 * platform administrator and the hello route (server/platform/). Users and employees leave through whitelists
 * (`userWire`, `employeeWire`): never a password, PIN or their hashes.
 */
import { z } from 'zod';
import { flag, id, many, record, text, timestamp } from './kit.js';

/** A user of the back office as every operation shows it (server/platform/users.ts `userWire`). */
export const UserWire = record({
  id: id(),
  login: text(),
  full_name: text().nullable(),
  role: text(),
  business_id: id(),
  time_zone: text(),
  public_name: text().nullable(),
  language: text(),
  details: text().nullable(),
  second_verification: flag(),
  is_deleted: flag(),
  dt_created: timestamp(),
  dt_updated: timestamp(),
});

/** An employee's public fields (app/employees/employee-wire.ts): never the PIN or its hash. */
export const EmployeeWire = record({
  id: id(),
  full_name: text(),
  guid: text().nullable(),
  role_id: id(),
  employee_address: text().nullable(),
  workplace_id: id().nullable(),
  telegram_id: text().nullable(),
  phone_number: text().nullable(),
  notes: text().nullable(),
  email: text().nullable(),
  is_deleted: flag(),
  dt_created: timestamp(),
  dt_updated: timestamp(),
});

/** An employee role as a PIN login shows it: a deleted role grants no access resources. */
export const LoginRole = record({
  id: id(),
  name: text(),
  access_resources: many(text()),
  is_deleted: flag(),
  dt_created: timestamp(),
  dt_updated: timestamp(),
});

const SecondVerificationState = record({ id: id(), login: text(), second_verification: flag() });

export const authOutputs = {
  AppController_getHello: z.literal('Hello World!'),
  AuthController_register: record({ message: text(), businessId: id(), userId: id() }),
  /** The token, or — with a second verification on — the marker that a second password must follow. */
  AuthController_login: z.union([
    UserWire.extend({ access_token: text() }),
    UserWire.extend({ second_verification_required: z.literal(true) }),
  ]),
  /** A user's profile, or a cashier's (PIN token) with its workplace and point. */
  AuthController_getProfile: z.union([
    UserWire.extend({ businessId: id() }),
    record({
      id: id(),
      full_name: text(),
      role_id: id(),
      workplace_id: id().nullable(),
      phone_number: text().nullable(),
      email: text().nullable(),
      dt_created: timestamp(),
      dt_updated: timestamp(),
      login: text(),
      role: z.literal('EMPLOYEE'),
      businessId: id(),
      workplaceId: id().nullable(),
      automated_point_id: id().nullable(),
    }),
  ]),
  AuthController_createUser: UserWire,
  AuthController_updateUser: UserWire,
  AuthController_deleteUser: UserWire,
  AuthController_getPosWorkplaces: many(
    record({
      id: id(),
      name: text(),
      guid: text().nullable(),
      automated_point_id: id().nullable(),
      is_deleted: flag(),
      dt_created: timestamp(),
      dt_updated: timestamp(),
      employees: many(EmployeeWire),
    }),
  ),
  AuthController_posLogin: record({
    message: text(),
    employee: EmployeeWire.extend({ role: LoginRole.nullable() }),
    workplaceId: id(),
    automated_point_id: id().nullable(),
    pos_access_token: text(),
  }),
  AuthController_enableSecondVerification: SecondVerificationState,
  AuthController_disableSecondVerification: SecondVerificationState,
  AuthController_updateSecondVerificationPassword: SecondVerificationState,
  AuthController_verifySecondVerification: UserWire.extend({ access_token: text() }),
} as const;

export const adminOutputs = {
  AdminController_login: record({ message: text(), access_token: text() }),
  AdminController_getRegisteredBusinesses: many(
    record({
      id: id(),
      name: text(),
      address: text().nullable(),
      phoneNumber: text().nullable(),
      email: text().nullable(),
      is_deleted: flag(),
      dt_created: timestamp(),
      dt_updated: timestamp(),
      owner: record({
        id: id(),
        login: text(),
        full_name: text().nullable(),
        role: text(),
        public_name: text().nullable(),
        email: z.null(),
        dt_created: timestamp(),
      }).nullable(),
    }),
  ),
  AdminController_getAllUsers: many(
    record({
      id: id(),
      login: text(),
      full_name: text().nullable(),
      role: text(),
      business_id: id(),
      time_zone: text(),
      public_name: text().nullable(),
      language: text(),
      dt_created: timestamp(),
    }),
  ),
} as const;

