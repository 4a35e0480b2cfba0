/**
 * A cloned till (docs/sync.md, "A cloned till"), against a real service on both engines: an operator copies a till's
 * data directory to a second place and both run. The copy is another install (./install-id.ts): the service serves
 * it — everything either sold lands exactly once — but tells it it is a copy, records that once (a WARNING entry in
 * the office's log), and the copy takes no new sales until it is connected as a new till, which it can only do once
 * everything it holds was delivered.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Terminal, fetchTransport, type Transport } from '../../main/terminal/terminal.js';
import { testEngines } from '../helpers/databases.js';
import { startTillService, type TillService } from '../helpers/till-service.js';
import { enrollmentCode } from '../helpers/terminals.js';

describe.each(await testEngines())('a till copied to a second place, against a %s service', (engine) => {
  let service: TillService;
  let client: string;
  const directory = mkdtempSync(join(tmpdir(), 'kassa-cloned-till-'));

  beforeAll(async () => {
    service = await startTillService(engine);
    client = (await service.rest('POST', '/clients/create', { full_name: 'Dilnoza' })).body.id;
  });
  afterAll(async () => {
    await service.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const debt = (amount: string) => ({ body: { client_id: client, debt_amount: amount, employee_id: service.cashier, id_automated_point: service.world.point1 } });
  const entries = async () =>
    ((await service.rest('GET', `/client-debts/transactions/all?client_id=${client}`)).body as { debt_amount: string }[]).map((entry) => entry.debt_amount).sort();
  const copyWarnings = async () =>
    ((await service.rest('GET', '/logs/all?type=WARNING&limit=1000')).body as { action: string; details: string }[]).filter((entry) => entry.action === 'TILL_COPY_DETECTED');

  it('delivers what both copies sold exactly once, tells the copy, and lets it sell again only as a new till', async () => {
    let online = false;
    const transport: Transport = async (url, body, token, deadline) => {
      if (!online) throw new Error('offline');
      return fetchTransport(url, body, token, deadline);
    };
    const file = join(directory, `${engine}-till.sqlite`);
    online = true;
    let original = await Terminal.open(file, transport);
    await original.enroll(service.url, await enrollmentCode(service.server, service.shop.token, service.world.workplace1), 'Till 1');
    await original.bootstrap();
    online = false;
    // Queued before the copy: both copies hold it; it must land once.
    await original.run('ClientDebtController_createTransaction', debt('1'), service.cashier);
    await original.close();
    const copyFile = join(directory, `${engine}-copy.sqlite`);
    copyFileSync(file, copyFile);
    original = service.track(await Terminal.open(file, transport));
    const copy = service.track(await Terminal.open(copyFile, transport));
    expect(copy.installId).not.toBe(original.installId);

    // Both sell offline, then both reach the service.
    await original.run('ClientDebtController_createTransaction', debt('20'), service.cashier);
    await copy.run('ClientDebtController_createTransaction', debt('300'), service.cashier);
    online = true;
    await original.sync();
    expect(await original.copyDetectedAt()).toBeNull();
    await copy.sync();
    await copy.sync();
    await original.sync();
    expect(await entries()).toEqual(['1', '20', '300']);
    expect(await original.pendingOperations()).toBe(0);
    expect(await copy.pendingOperations()).toBe(0);

    // The copy was told, and the office's log says so once however often it syncs.
    expect(await copy.copyDetectedAt()).not.toBeNull();
    expect(await original.copyDetectedAt()).toBeNull();
    await copy.sync();
    const warnings = await copyWarnings();
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!.details)).toMatchObject({ terminalId: (await service.rest('GET', '/sync/terminals')).body[0].id, installId: copy.installId, boundInstallId: original.installId });
    await expect(copy.run('ClientDebtController_createTransaction', debt('4000'), service.cashier)).rejects.toMatchObject({ statusCode: 409 });
    await original.run('ClientDebtController_createTransaction', debt('50000'), service.cashier);
    await original.sync();

    // Connected as a new till, the copy sells again, under its own terminal.
    const enrolled = await copy.enroll(service.url, await enrollmentCode(service.server, service.shop.token, service.world.workplace2), 'Till 2');
    expect(enrolled.terminalId).not.toBe((await service.rest('GET', '/sync/terminals')).body[0].id);
    expect(await copy.copyDetectedAt()).toBeNull();
    await copy.sync();
    await copy.run('ClientDebtController_createTransaction', { body: { ...debt('600000').body, id_automated_point: service.world.point2 } }, service.cashier);
    await copy.sync();
    expect(await entries()).toEqual(['1', '20', '300', '50000', '600000']);
    expect(await copyWarnings()).toHaveLength(1);
  });

  it('refuses to connect a copy as a new till while it still holds operations to deliver', async () => {
    let online = true;
    const transport: Transport = async (url, body, token, deadline) => {
      if (!online) throw new Error('offline');
      return fetchTransport(url, body, token, deadline);
    };
    const file = join(directory, `${engine}-second.sqlite`);
    const original = await Terminal.open(file, transport);
    await original.enroll(service.url, await enrollmentCode(service.server, service.shop.token, service.world.workplace1), 'Till 3');
    await original.bootstrap();
    await original.close();
    const copyFile = join(directory, `${engine}-second-copy.sqlite`);
    copyFileSync(file, copyFile);
    const copy = service.track(await Terminal.open(copyFile, transport));
    await copy.sync();
    expect(await copy.copyDetectedAt()).not.toBeNull();
    // Its credential still works for delivery; a queued operation made before it was told keeps it from leaving.
    online = false;
    await copy.store.writes.transaction(async (tx) => {
      await tx.deleteFrom('terminal_meta' as never).where('key' as never, '=', 'copy_detected_at' as never).execute();
    });
    await copy.run('ClientDebtController_createTransaction', debt('7'), service.cashier);
    await copy.store.writes.transaction(async (tx) => {
      await tx.insertInto('terminal_meta' as never).values({ key: 'copy_detected_at', value: new Date().toISOString() } as never).execute();
    });
    online = true;
    const code = await enrollmentCode(service.server, service.shop.token, service.world.workplace2);
    await expect(copy.enroll(service.url, code, 'Too soon')).rejects.toMatchObject({ statusCode: 409, detail: { code: 'COPY_STILL_SENDING', waiting: 1 } });
    await copy.sync();
    expect((await entries()).filter((amount) => amount === '7')).toHaveLength(1);
    await copy.enroll(service.url, code, 'Now');
    expect(await copy.copyDetectedAt()).toBeNull();
  });
});
