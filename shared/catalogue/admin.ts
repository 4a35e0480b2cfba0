/** Admin operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, requiredText } from '../schema-kit.js';
import { operation } from './operation.js';

export const AdminLoginDto = dto({
  login: requiredText(),
  password: requiredText(),
});
export type AdminLoginDto = z.output<typeof AdminLoginDto>;

export const adminOperations = [
  operation({ operationId: 'AdminController_login', method: 'POST', path: '/admin/login', tag: 'Admin', body: AdminLoginDto, access: 'public', offline: 'online-only', throttle: 'login' }),
  operation({ operationId: 'AdminController_getRegisteredBusinesses', method: 'GET', path: '/admin/registered-businesses', tag: 'Admin', access: ['SUPERADMIN'], offline: 'online-only' }),
  operation({ operationId: 'AdminController_getAllUsers', method: 'GET', path: '/admin/users-list', tag: 'Admin', access: ['SUPERADMIN'], offline: 'online-only' }),
] as const;
