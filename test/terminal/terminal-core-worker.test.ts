/**
 * The terminal core as the shell runs it: in a worker thread behind the worker host, enrolled with a code, signed
 * in by PIN, selling, syncing — the same calls the renderer makes.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TerminalEventName } from '../../shared/terminal-contract.js';
import { defaultCoreModule } from '../../main/core/core-module.js';
import { WorkerHost } from '../../main/core/worker-host.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { receiptWorld, type ReceiptWorld } from '../helpers/receipts.js';
import { enrollmentCode, shopWorld, type ShopWorld } from '../helpers/terminals.js';

describe('the terminal core in its worker', () => {
  let server: TestServer;
  let url: string;
  let shop: Tenant;
  let world: ShopWorld;
  let goods: ReceiptWorld;
  let core: WorkerHost;
  const seen: [TerminalEventName, unknown][] = [];

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    shop = await registerTenant(server);
    world = await shopWorld(server, shop);
    goods = await receiptWorld(server, shop);
    const created = await server.request('POST', '/api/v1/employee/create', { token: shop.token, body: { full_name: 'Aziza', role_id: '0', password: '3141', workplace_id: world.workplace1 } });
    expect(created.status).toBe(201);
    core = new WorkerHost({ coreModule: defaultCoreModule(), coreOptions: { dataDir: mkdtempSync(join(tmpdir(), 'kassa-core-')) } });
    core.subscribe((name, payload) => seen.push([name, payload]));
    await core.start();
  });
  afterAll(async () => {
    await core.close();
    await server.close();
  });

  it('enrolls with a code, reporting the download’s progress, then signs a cashier in by PIN', async () => {
    expect(await core.invoke('terminal.enrollmentStatus', undefined)).toEqual({ enrolled: false, disconnected: false, business: null, till: null, point: null, scope: null });
    await expect(core.invoke('WarehouseController_findAll', {})).rejects.toMatchObject({ statusCode: 401 });
    await expect(core.invoke('terminal.enroll', { serviceUrl: url, code: 'WRO-NGC-ODE', name: 'Till 1' })).rejects.toMatchObject({ statusCode: 401, message: 'The code was not accepted' });
    const code = await enrollmentCode(server, shop.token, world.workplace1);
    const enrolled = await core.invoke('terminal.enroll', { serviceUrl: url, code, name: 'Till 1' });
    expect(enrolled).toMatchObject({ workplaceId: world.workplace1, pointId: world.point1 });
    // The till's scope, for screens that default to it (a manager's receipt starts at this till's point).
    expect(await core.invoke('terminal.enrollmentStatus', undefined)).toMatchObject({ enrolled: true, scope: { workplaceId: world.workplace1, pointId: world.point1 } });
    expect(seen.some(([name]) => name === 'enrollment-progress')).toBe(true);
    await expect(core.invoke('terminal.pinLogin', { pincode: '0000' })).rejects.toMatchObject({ statusCode: 401 });
    expect(await core.invoke('terminal.pinLogin', { pincode: '3141' })).toMatchObject({ full_name: 'Aziza' });
  });

  it('sells on credit, lets the cashier sign out with the sale still waiting, and sends it all the same', async () => {
    const session = (await core.invoke('terminal.session', undefined)) as { employee: { id: string } };
    await core.invoke('ClientDebtController_createTransaction', {
      params: {},
      body: { client_id: goods.client, debt_amount: '25', employee_id: session.employee.id, id_automated_point: world.point1 },
    });
    expect(seen.some(([name]) => name === 'operation-applied')).toBe(true);
    // Signing out does not wait for the outbox (issue 14, item 8); the engine sends it regardless.
    expect(await core.invoke('terminal.signOut', undefined)).toEqual({ employee: null });
    const status = await core.invoke('terminal.syncNow', undefined);
    expect(status).toMatchObject({ online: true, pendingOperations: 0, lastError: null });
    const onServer = await server.request('GET', `/api/v1/client-debts/transactions/all?client_id=${goods.client}`, { token: shop.token });
    expect(onServer.body.map((entry: { debt_amount: string }) => entry.debt_amount)).toContain('25');
  });

  it('lists the till’s warnings (none yet) and answers 404 for dismissing one it does not hold', async () => {
    expect(await core.invoke('terminal.pinLogin', { pincode: '3141' })).toMatchObject({ full_name: 'Aziza' });
    expect(await core.invoke('terminal.warningsList', undefined)).toEqual([]);
    await expect(core.invoke('terminal.warningsDismiss', { mutationId: 'no-such-operation' })).rejects.toMatchObject({ statusCode: 404 });
  });
});
