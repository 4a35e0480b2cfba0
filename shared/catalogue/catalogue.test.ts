import { describe, expect, it } from 'vitest';
import { catalogue, findOperation } from './index.js';
import type { OperationSpec } from './operation.js';

const all = catalogue as readonly OperationSpec[];
const entries = all.filter((entry) => !entry.extension);
const extensions = all.filter((entry) => entry.extension);

describe('the operation catalogue', () => {
  it('holds the 157 operations of the reference, each id and route once', () => {
    expect(entries).toHaveLength(157);
    expect(new Set(entries.map((entry) => entry.operationId)).size).toBe(157);
    expect(new Set(entries.map((entry) => `${entry.method} ${entry.path}`)).size).toBe(157);
  });

  it('adds our extensions beside them, marked, each with its own id and route', () => {
    expect(extensions.map((entry) => entry.operationId).sort()).toEqual([
      'SyncController_bootstrap',
      'SyncController_pokes',
      'SyncController_createEnrollmentCode',
      'SyncController_enroll',
      'SyncController_listRefusedOperations',
      'SyncController_listTerminals',
      'SyncController_revokeTerminal',
      'StockQuantityController_history',
      'ItemModifierController_importItems',
      'SyncController_fleet',
      'SettlmentController_createCashMove',
      'SettlmentController_findCashMoves',
      'SettlmentController_report',
      'OrderRefundController_create',
      'OrderRefundController_void',
      'OrderRefundController_findAll',
      'OrderRefundController_findOne',
      'OrderRefundController_findByOrder',
      'ReportController_sales',
      'ReportController_debtAging',
      'ReportController_openShifts',
    ].sort());
    expect(new Set(all.map((entry) => entry.operationId)).size).toBe(all.length);
    expect(new Set(all.map((entry) => `${entry.method} ${entry.path}`)).size).toBe(all.length);
  });

  it('ignores unknown body fields only for the bodies the reference never validated; every other body refuses them', () => {
    const ignoring = all.filter((entry) => entry.unknownFields === 'ignore').map((entry) => entry.operationId);
    expect(ignoring.sort()).toEqual([
      'AiChatController_createSession',
      'AiChatController_sendMessage',
      'AiChatController_updateHistory',
      'AiChatController_updateSession',
      'NaturalChatController_createSession',
    ]);
    let strict = 0;
    for (const entry of all) {
      if (!entry.body) continue;
      const issues = entry.body.safeParse({ zzz_unknown: 1 }).error?.issues ?? [];
      const refused = issues.some((issue) => issue.code === 'unrecognized_keys');
      expect(refused, entry.operationId).toBe(!ignoring.includes(entry.operationId));
      if (refused) strict += 1;
    }
    expect(strict).toBeGreaterThan(60);
  });

  it('lets only enrolled terminals pull, push, bootstrap and hear pokes, and terminals nothing else', () => {
    for (const entry of all) {
      const terminal = entry.access !== 'public' && entry.access.includes('TERMINAL');
      const sync = ['SyncController_pull', 'SyncController_push', 'SyncController_bootstrap', 'SyncController_pokes'].includes(entry.operationId);
      expect(terminal, entry.operationId).toBe(sync);
      if (sync) expect(entry.access, entry.operationId).toEqual(['TERMINAL']);
    }
  });

  it('gives every operation a role list or marks it public, and an offline class', () => {
    for (const entry of all) {
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
