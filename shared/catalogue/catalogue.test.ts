import { describe, expect, it } from 'vitest';
import { catalogue, findOperation } from './index.js';
import type { OperationSpec } from './operation.js';

const entries = catalogue as readonly OperationSpec[];

describe('the operation catalogue', () => {
  it('holds the 157 operations of the reference, each id and route once', () => {
    expect(entries).toHaveLength(157);
    expect(new Set(entries.map((entry) => entry.operationId)).size).toBe(157);
    expect(new Set(entries.map((entry) => `${entry.method} ${entry.path}`)).size).toBe(157);
  });

  it('gives every operation a role list or marks it public, and an offline class', () => {
    for (const entry of entries) {
      expect(entry.access === 'public' || entry.access.length > 0, entry.operationId).toBe(true);
      expect(entry.offline, entry.operationId).toBeTruthy();
    }
  });

  it('keeps user management and employee records away from cashiers (S2, S3)', () => {
    for (const id of ['AuthController_createUser', 'AuthController_updateUser', 'AuthController_deleteUser', 'EmployeeController_findOne', 'QueryController_execute']) {
      expect(findOperation(id)?.access, id).not.toContain('EMPLOYEE');
    }
  });

  it('derives path parameters from the path', () => {
    expect(findOperation('ReceiptController_findOne')?.params).toEqual(['id']);
    expect(findOperation('BaseConfigController_findByKey')?.params).toEqual(['key']);
    expect(findOperation('no-such-operation')).toBeUndefined();
  });
});
