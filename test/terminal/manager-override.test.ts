/**
 * A manager's override at the till (issue 28 §2, main/terminal/approvals.ts): after the core checks the manager's
 * PIN, one operation runs as that manager — the local run's actor and the queued operation's employee are the
 * manager's, so the service checks the manager's rights — while the cashier stays signed in. The renderer holds an
 * opaque id only; a wrong PIN gives none, and the id works for the cashier who asked, once (or while the screen
 * holds it), never after sign-out.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../main/core/terminal-core.js';
import { checkBridgeCall } from '../../main/core/bridge-operations.js';
import type { TerminalCore } from '../../main/core/api.js';
import { startTillService, type TillService } from '../helpers/till-service.js';
import { enrollmentCode } from '../helpers/terminals.js';

/** A call as the renderer makes it: checked by the bridge, then invoked on the core. */
async function call(core: TerminalCore, operation: string, input?: unknown): Promise<unknown> {
  const checked = checkBridgeCall(operation, input);
  return core.invoke(checked.operation, checked.input, checked.checked);
}

interface Unsent {
  readonly name: string;
  readonly employee_id: string;
  readonly args: Record<string, unknown> | null;
}

describe('running an operation as the approving manager', () => {
  let service: TillService;
  let core: TerminalCore;
  let managerId: string;
  let cashierId: string;

  beforeAll(async () => {
    service = await startTillService('sqlite');
    const managers = await service.rest('POST', '/employee-role/create', { name: 'Manager', access_resources: ['MANAGER'] });
    const cashiers = await service.rest('POST', '/employee-role/create', { name: 'Cashier', access_resources: ['orders.view'] });
    managerId = (await service.rest('POST', '/employee/create', { full_name: 'Dilnoza', role_id: managers.body.id, password: '7391', workplace_id: service.world.workplace1 })).body.id;
    cashierId = (await service.rest('POST', '/employee/create', { full_name: 'Kassir', role_id: cashiers.body.id, password: '5172', workplace_id: service.world.workplace1 })).body.id;
    core = await createCore({ dataDir: mkdtempSync(join(tmpdir(), 'kassa-override-')), allowInsecureService: true });
    await core.invoke('terminal.enroll', { serviceUrl: service.url, code: await enrollmentCode(service.server, service.shop.token, service.world.workplace1), name: 'Till' });
  });
  afterAll(async () => {
    await core.close();
    await service.close();
  });

  it('tells the screens the signed-in employee’s rights: none for a cashier whose role names only unknown ones', async () => {
    expect(await call(core, 'terminal.pinLogin', { pincode: '5172' })).toMatchObject({ id: cashierId, rights: [] });
    expect(await call(core, 'terminal.session')).toMatchObject({ employee: { id: cashierId, rights: [] } });
  });

  it('refuses a wrong PIN and a cashier’s own PIN: no override is held', async () => {
    await expect(call(core, 'terminal.managerApproval', { pin: '0000', reason: 'New client', hold: 'once' })).rejects.toMatchObject({ statusCode: 401 });
    await expect(call(core, 'terminal.managerApproval', { pin: '5172', reason: 'New client', hold: 'once' })).rejects.toMatchObject({ statusCode: 403 });
    await expect(call(core, 'terminal.runApproved', { approvalId: 'made-up', operation: 'ClientController_create', input: { body: { full_name: 'Guessed' } } })).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(((await call(core, 'terminal.unsentList')) as Unsent[]).filter((row) => row.name === 'ClientController_create')).toEqual([]);
  });

  it('queues one operation with the manager as its employee, the cashier still signed in, and ends a `once` override', async () => {
    const approval = (await call(core, 'terminal.managerApproval', { pin: '7391', reason: 'New client', hold: 'once' })) as { approvalId: string; managerId: string };
    expect(approval.managerId).toBe(managerId);
    await call(core, 'terminal.runApproved', { approvalId: approval.approvalId, operation: 'ClientController_create', input: { body: { full_name: 'Aziza' } } });
    const queued = ((await call(core, 'terminal.unsentList')) as Unsent[]).filter((row) => row.name === 'ClientController_create');
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ employee_id: managerId, args: { full_name: 'Aziza' } });
    expect(await call(core, 'terminal.session')).toMatchObject({ employee: { id: cashierId } });
    // Once: the same id does not approve a second operation.
    await expect(
      call(core, 'terminal.runApproved', { approvalId: approval.approvalId, operation: 'ClientController_create', input: { body: { full_name: 'Again' } } }),
    ).rejects.toMatchObject({ statusCode: 403 });
    // And the cashier's own operations stay the cashier's: refused for the right the role lacks, nothing queued.
    await expect(call(core, 'ClientController_create', { body: { full_name: 'Own' } })).rejects.toMatchObject({ statusCode: 403, detail: { code: 'RIGHT_MISSING', right: 'CLIENT_DEBTS' } });
    expect(((await call(core, 'terminal.unsentList')) as Unsent[]).find((row) => row.args?.full_name === 'Own')).toBeUndefined();
  });

  it('checks the approved input with the operation’s own schema', async () => {
    const approval = (await call(core, 'terminal.managerApproval', { pin: '7391', reason: 'New client', hold: 'once' })) as { approvalId: string };
    await expect(call(core, 'terminal.runApproved', { approvalId: approval.approvalId, operation: 'ClientController_create', input: { body: {} } })).rejects.toMatchObject({
      statusCode: 400,
      reason: ['input.body.full_name is required'],
    });
    // A refused call leaves a `once` override for the corrected one.
    await call(core, 'terminal.runApproved', { approvalId: approval.approvalId, operation: 'ClientController_create', input: { body: { full_name: 'Corrected' } } });
  });

  it('keeps a screen’s override until the screen ends it, and forgets every override at sign-out', async () => {
    const approval = (await call(core, 'terminal.managerApproval', { pin: '7391', reason: 'Goods receipt', hold: 'screen' })) as { approvalId: string };
    for (const name of ['First', 'Second']) await call(core, 'terminal.runApproved', { approvalId: approval.approvalId, operation: 'ClientController_create', input: { body: { full_name: name } } });
    expect(await call(core, 'terminal.approvalEnd', { approvalId: approval.approvalId })).toEqual({ ended: true });
    await expect(call(core, 'terminal.runApproved', { approvalId: approval.approvalId, operation: 'ClientController_create', input: { body: { full_name: 'Third' } } })).rejects.toMatchObject({
      statusCode: 403,
    });
    const held = (await call(core, 'terminal.managerApproval', { pin: '7391', reason: 'Goods receipt', hold: 'screen' })) as { approvalId: string };
    await call(core, 'terminal.signOut');
    await call(core, 'terminal.pinLogin', { pincode: '5172' });
    await expect(call(core, 'terminal.runApproved', { approvalId: held.approvalId, operation: 'ClientController_create', input: { body: { full_name: 'After' } } })).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it('gives a manager signing in every right their role names', async () => {
    await call(core, 'terminal.signOut');
    expect(await call(core, 'terminal.pinLogin', { pincode: '7391' })).toMatchObject({ id: managerId, rights: ['MANAGER'] });
  });
});
