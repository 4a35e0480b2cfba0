/**
 * A manager's approval at the till (main/terminal/manager-approval.ts): only the PIN of an employee whose live role
 * grants MANAGER approves, offline included, under the PIN lockout — and a cashier's own PIN neither approves nor
 * clears the count of wrong guesses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveAsManager } from '../../main/terminal/manager-approval.js';
import { createCore } from '../../main/core/terminal-core.js';
import { validateBridgeCall } from '../../main/core/bridge-operations.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTillService, type TillService } from '../helpers/till-service.js';
import { enrollmentCode } from '../helpers/terminals.js';

describe('a manager’s approval at the till', () => {
  let service: TillService;
  let managerId: string;

  beforeAll(async () => {
    service = await startTillService('sqlite');
    const role = await service.rest('POST', '/employee-role/create', { name: 'Manager', access_resources: ['MANAGER'] });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const manager = await service.rest('POST', '/employee/create', { full_name: 'Dilnoza', role_id: role.body.id, password: '7391', workplace_id: service.world.workplace1 });
    managerId = manager.body.id;
    await service.rest('POST', '/employee/create', { full_name: 'Kassir', role_id: '0', password: '5172', workplace_id: service.world.workplace1 });
  });
  afterAll(() => service.close());

  it('approves with a manager’s PIN and names the manager', async () => {
    const terminal = await service.till();
    expect(await approveAsManager(terminal.store, '7391')).toEqual({ managerId, managerName: 'Dilnoza' });
  });

  it('refuses a wrong PIN (401) and a cashier’s own PIN (403)', async () => {
    const terminal = await service.till();
    await expect(approveAsManager(terminal.store, '0000')).rejects.toMatchObject({ statusCode: 401 });
    await expect(approveAsManager(terminal.store, '5172')).rejects.toMatchObject({ statusCode: 403 });
  });

  it('locks after five failures, a cashier’s PIN among them not clearing the count, and even the manager waits', async () => {
    const terminal = await service.till();
    for (let attempt = 0; attempt < 2; attempt += 1) await expect(approveAsManager(terminal.store, '1111')).rejects.toMatchObject({ statusCode: 401 });
    // The cashier's own PIN is a valid PIN, but not an approval: it counts as the third failure.
    await expect(approveAsManager(terminal.store, '5172')).rejects.toMatchObject({ statusCode: 403 });
    await expect(approveAsManager(terminal.store, '2222')).rejects.toMatchObject({ statusCode: 401 });
    await expect(approveAsManager(terminal.store, '3333')).rejects.toMatchObject({ statusCode: 401 });
    await expect(approveAsManager(terminal.store, '7391')).rejects.toMatchObject({ statusCode: 429 });
    expect(await approveAsManager(terminal.store, '7391', new Date(Date.now() + 31_000))).toMatchObject({ managerId });
  });

  it('is a terminal operation for a signed-in cashier, its input checked', async () => {
    expect(validateBridgeCall('terminal.managerApproval', { pin: '7391', reason: 'Refund' }).input).toEqual({ pin: '7391', reason: 'Refund' });
    expect(() => validateBridgeCall('terminal.managerApproval', { reason: 'Refund' })).toThrow(/pin is required/);
    expect(() => validateBridgeCall('terminal.managerApproval', { pin: '7391', reason: 'Refund', everyone: true })).toThrow();
    const dataDir = mkdtempSync(join(tmpdir(), 'kassa-approval-'));
    const core = await createCore({ dataDir, allowInsecureService: true });
    try {
      await core.invoke('terminal.enroll', { serviceUrl: service.url, code: await enrollmentCode(service.server, service.shop.token, service.world.workplace1), name: 'Till' });
      await expect(core.invoke('terminal.managerApproval', { pin: '7391', reason: 'Refund' })).rejects.toMatchObject({ statusCode: 401 });
      await core.invoke('terminal.pinLogin', { pincode: '5172' });
      await expect(core.invoke('terminal.managerApproval', { pin: '5172', reason: 'Refund' })).rejects.toMatchObject({ statusCode: 403 });
      expect(await core.invoke('terminal.managerApproval', { pin: '7391', reason: 'Refund' })).toEqual({ managerId, managerName: 'Dilnoza' });
    } finally {
      await core.close();
    }
  });
});
