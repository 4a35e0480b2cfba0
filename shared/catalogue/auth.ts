/** Auth operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, requiredText, text } from '../schema-kit.js';
import { displayName, loginText, loginUpdateText, requiredDisplayName } from '../identity-text.js';
import { operation } from './operation.js';

/* Logins and display names go through one validator (shared/identity-text.ts): no look-alikes (issue 13 §2.3). */
export const RegisterDto = dto({
  login: loginText(),
  password: requiredText().min(6, { error: "must be at least 6 characters" }),
  businessName: requiredDisplayName(),
  name: requiredDisplayName(),
  phoneNumber: text().nullish(),
  address: text().nullish(),
});
export type RegisterDto = z.output<typeof RegisterDto>;

export const LoginDto = dto({
  login: requiredText(),
  password: requiredText(),
});
export type LoginDto = z.output<typeof LoginDto>;

/** The roles a business user can hold: EMPLOYEE is for PIN-login employees and SUPERADMIN for nobody (S2). */
export const USER_ROLES = ['OWNER', 'ADMIN'] as const;
export type UserRole = (typeof USER_ROLES)[number];
const userRole = () =>
  z.enum(USER_ROLES, {
    error: (issue) => (issue.input === undefined ? 'is required' : `must be one of the following values: ${USER_ROLES.join(', ')}`),
  });

export const CreateUserDto = dto({
  login: loginText(),
  password: requiredText().min(6, { error: "must be at least 6 characters" }),
  full_name: displayName().nullish(),
  role: userRole().nullish(),
  business_id: text().nullish(),
});
export type CreateUserDto = z.output<typeof CreateUserDto>;

export const UpdateUserDto = dto({
  login: loginUpdateText().nullish(),
  password: text().min(6, { error: "must be at least 6 characters" }).nullish(),
  /** Proof of presence when changing one's own password (ours; optional, see the second-factor DTOs below). */
  current_password: requiredText().nullish(),
  full_name: displayName().nullish(),
  role: userRole().nullish(),
  language: text().nullish(),
  time_zone: text().nullish(),
});
export type UpdateUserDto = z.output<typeof UpdateUserDto>;

export const PosLoginDto = dto({
  workplaceId: requiredText(),
  pincode: requiredText(),
});
export type PosLoginDto = z.output<typeof PosLoginDto>;

/*
 * Changing the second factor takes proof of presence (S7): the account's login password in `current_password` (an
 * optional addition to the reference's shapes, which existing clients do not send), or else a token from a
 * password login of the last 10 minutes — a stolen session alone must not switch the second factor off.
 */
const currentPassword = () => requiredText().nullish();

export const EnableSecondVerificationDto = dto({
  password: requiredText().min(4, { error: "must be at least 4 characters" }),
  current_password: currentPassword(),
});
export type EnableSecondVerificationDto = z.output<typeof EnableSecondVerificationDto>;

export const UpdateSecondVerificationPasswordDto = dto({
  password: requiredText().min(4, { error: "must be at least 4 characters" }),
  current_password: currentPassword(),
});

/** The reference's disable takes no body at all; an empty or absent one is accepted. */
export const DisableSecondVerificationDto = dto({
  current_password: currentPassword(),
});
export type DisableSecondVerificationDto = z.output<typeof DisableSecondVerificationDto>;
export type UpdateSecondVerificationPasswordDto = z.output<typeof UpdateSecondVerificationPasswordDto>;

export const VerifySecondVerificationDto = dto({
  login: requiredText(),
  password: requiredText(),
});
export type VerifySecondVerificationDto = z.output<typeof VerifySecondVerificationDto>;

export const authOperations = [
  operation({ operationId: 'AuthController_register', method: 'POST', path: '/auth/register', tag: 'Auth', body: RegisterDto, access: 'public', offline: 'online-only', throttle: 'registration' }),
  operation({ operationId: 'AuthController_login', method: 'POST', path: '/auth/login', tag: 'Auth', body: LoginDto, access: 'public', offline: 'online-only', throttle: 'login' }),
  operation({ operationId: 'AuthController_getProfile', method: 'GET', path: '/auth/user/info', tag: 'Auth', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'AuthController_createUser', method: 'POST', path: '/auth/user', tag: 'Auth', body: CreateUserDto, access: ['OWNER', 'ADMIN'], offline: 'online-only' }),
  operation({ operationId: 'AuthController_updateUser', method: 'PATCH', path: '/auth/user/{id}', tag: 'Auth', body: UpdateUserDto, access: ['OWNER', 'ADMIN'], offline: 'online-only' }),
  operation({ operationId: 'AuthController_deleteUser', method: 'DELETE', path: '/auth/user/{id}', tag: 'Auth', access: ['OWNER', 'ADMIN'], offline: 'online-only' }),
  operation({ operationId: 'AuthController_getPosWorkplaces', method: 'GET', path: '/auth/pos/workplaces', tag: 'Auth', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'AuthController_posLogin', method: 'POST', path: '/auth/pos/login', tag: 'Auth', body: PosLoginDto, access: ['OWNER', 'ADMIN'], offline: 'online-only', throttle: 'login' }),
  operation({ operationId: 'AuthController_enableSecondVerification', method: 'PATCH', path: '/auth/user/second-verification/enable', tag: 'Auth', body: EnableSecondVerificationDto, access: ['OWNER', 'ADMIN'], offline: 'online-only' }),
  operation({ operationId: 'AuthController_disableSecondVerification', method: 'PATCH', path: '/auth/user/second-verification/disable', tag: 'Auth', body: DisableSecondVerificationDto, access: ['OWNER', 'ADMIN'], offline: 'online-only' }),
  operation({ operationId: 'AuthController_updateSecondVerificationPassword', method: 'PATCH', path: '/auth/user/second-verification/update-password', tag: 'Auth', body: UpdateSecondVerificationPasswordDto, access: ['OWNER', 'ADMIN'], offline: 'online-only' }),
  operation({ operationId: 'AuthController_verifySecondVerification', method: 'POST', path: '/auth/second-verification/verify', tag: 'Auth', body: VerifySecondVerificationDto, access: 'public', offline: 'online-only', throttle: 'login' }),
] as const;
