/**
 * A till never issues a number another install of it issued, and the service never lets one number name two sales:
 * - a copy of a till's data opened at another path (another install) numbers in a series of its own, tagged with
 *   its install ("A-1.K7Q"), so the original's numbers and the copy's never meet at the service;
 * - a till put back to an older copy of its own store, once it has pulled, continues after the numbers of its own
 *   that the service holds instead of giving them again;
 * - two terminals enrolled on one workplace that sell offline give the same number: the service keeps the later sale
 *   under "/2", and that till's warnings list says so, its copy of the sale showing the new number.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installTag } from '../../main/terminal/order-number.js';
import { openWarnings } from '../../main/terminal/warnings.js';
import { Terminal, fetchTransport, type Transport } from '../../main/terminal/terminal.js';
import { tillLetters } from '../../shared/orders/order-number.js';
import { uuidv7 } from '../../shared/ids.js';
import { testEngines } from '../helpers/databases.js';
import { receiptWorld, type ReceiptWorld } from '../helpers/receipts.js';
import { startTillService, type TillService } from '../helpers/till-service.js';
import { enrollmentCode } from '../helpers/terminals.js';
import { cashierToken } from '../helpers/actors.js';

describe.each(await testEngines())('sale numbers of copied and restored tills, against a %s service', (engine) => {
  let service: TillService;
  let goods: ReceiptWorld;
  let online = true;
  const folders: string[] = [];
  const transport: Transport = async (target, body, token, deadline) => {
    if (!online) throw new Error('offline');
    return fetchTransport(target, body, token, deadline);
  };

  beforeAll(async () => {
    service = await startTillService(engine);
    goods = await receiptWorld(service.server, service.shop);
  });
  afterAll(async () => {
    await service.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  /** A workplace of its own (so its numbers start at 1) and a cashier employed there. */
  const newWorkplace = async (name: string) => {
    const created = await service.rest('POST', '/business-config/workplaces/create', { name, automated_point_id: service.world.point1 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const workplace = created.body as { id: string; number: number };
    const cashier = (await cashierToken(service.server, service.shop, { workplaceId: workplace.id })).id;
    return { ...workplace, letters: tillLetters(workplace.number), cashier };
  };
  const newFile = () => {
    const folder = mkdtempSync(join(tmpdir(), 'kassa-numbers-'));
    folders.push(folder);
    return join(folder, 'till.sqlite');
  };
  const open = async (file: string) => service.track(await Terminal.open(file, transport));
  const enrolledTill = async (workplaceId: string, file: string = newFile()) => {
    const terminal = await open(file);
    await terminal.enroll(service.url, await enrollmentCode(service.server, service.shop.token, workplaceId), 'Till');
    await terminal.bootstrap();
    return terminal;
  };
  /** The store file as it is on disk once its till is closed (its WAL folded in, or copied along). */
  const copyStore = (from: string, to: string) => {
    copyFileSync(from, to);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(`${from}${suffix}`)) copyFileSync(`${from}${suffix}`, `${to}${suffix}`);
      else rmSync(`${to}${suffix}`, { force: true });
    }
  };
  const sell = async (terminal: Terminal, workplace: { id: string; cashier: string }) =>
    ((await terminal.run(
      'OrderController_create',
      {
        body: {
          guid: uuidv7(),
          order_id: 'placeholder',
          automated_point_id: service.world.point1,
          workplace_id: workplace.id,
          items: [{ item_id: goods.item, quantity: '1', price: '10', subtotal: '10' }],
          subtotal: '10',
          total_sum: '10',
        },
      },
      workplace.cashier,
    )) as { id: string; order_id: string }).order_id;
  const numbersAtService = async (workplaceId: string) =>
    ((await service.rest('GET', '/orders/all')).body as { order_id: string; workplace_id: string }[])
      .filter((order) => order.workplace_id === workplaceId)
      .map((order) => order.order_id)
      .sort();
  const syncAll = async (terminal: Terminal) => {
    // A copy's queue forks from the original's: it continues under a new epoch and sends again (a second cycle).
    for (let cycle = 0; cycle < 3 && (await terminal.pendingOperations()) > 0; cycle += 1) await terminal.sync();
    expect(await terminal.pendingOperations()).toBe(0);
  };

  it('numbers a copy’s sales with its install tag, so the original’s and the copy’s never name the same sale', async () => {
    const workplace = await newWorkplace('Copied counter');
    const file = newFile();
    const original = await enrolledTill(workplace.id, file);
    expect(await sell(original, workplace)).toBe(`${workplace.letters}-1`);
    await original.sync();
    await original.close();
    const copyFile = newFile();
    copyStore(file, copyFile);

    const again = await open(file);
    const copy = await open(copyFile);
    expect(copy.installId).not.toBe(again.installId);
    const tag = installTag(copy.installId);
    online = false;
    const originalSales = [await sell(again, workplace), await sell(again, workplace)];
    const copySales = [await sell(copy, workplace), await sell(copy, workplace)];
    online = true;
    expect(originalSales).toEqual([`${workplace.letters}-2`, `${workplace.letters}-3`]);
    expect(copySales).toEqual([`${workplace.letters}-1.${tag}`, `${workplace.letters}-2.${tag}`]);
    await syncAll(again);
    await syncAll(copy);
    const held = await numbersAtService(workplace.id);
    expect(held).toEqual([...[1, 2, 3].map((counter) => `${workplace.letters}-${counter}`), ...copySales].sort());
    expect(new Set(held).size).toBe(held.length);
  });

  it('once pulled, a till put back to an older copy of its store continues after the numbers the service holds', async () => {
    const workplace = await newWorkplace('Restored counter');
    const file = newFile();
    const till = await enrolledTill(workplace.id, file);
    await sell(till, workplace);
    await till.sync();
    await till.close();
    const backup = newFile();
    copyStore(file, backup);

    const before = await open(file);
    await sell(before, workplace);
    await sell(before, workplace);
    await before.sync();
    await before.close();
    expect(await numbersAtService(workplace.id)).toEqual([1, 2, 3].map((counter) => `${workplace.letters}-${counter}`));

    // The store is put back where it was: the same install, its counter back at 1.
    copyStore(backup, file);
    const restored = await open(file);
    await restored.sync();
    expect(await sell(restored, workplace)).toBe(`${workplace.letters}-4`);
    await syncAll(restored);
    expect(await numbersAtService(workplace.id)).toEqual([1, 2, 3, 4].map((counter) => `${workplace.letters}-${counter}`));
  });

  it('keeps the later of two terminals’ same number under /2, tells that till, and its sale shows the number it got', async () => {
    const workplace = await newWorkplace('Shared counter');
    const first = await enrolledTill(workplace.id);
    const second = await enrolledTill(workplace.id);
    online = false;
    expect(await sell(first, workplace)).toBe(`${workplace.letters}-1`);
    expect(await sell(second, workplace)).toBe(`${workplace.letters}-1`);
    online = true;
    await first.sync();
    await second.sync();
    expect(await numbersAtService(workplace.id)).toEqual([`${workplace.letters}-1`, `${workplace.letters}-1/2`]);
    const warnings = (await openWarnings(second.store)).filter((warning) => warning.code === 'ORDER_NUMBER_TAKEN');
    expect(warnings.map((warning) => warning.detail)).toEqual([
      expect.objectContaining({ number: `${workplace.letters}-1`, assigned: `${workplace.letters}-1/2` }),
    ]);
    const sales = (await second.run('OrderController_findAll', {}, workplace.cashier)) as { order_id: string; workplace_id: string }[];
    expect(sales.filter((sale) => sale.workplace_id === workplace.id).map((sale) => sale.order_id).sort()).toEqual([
      `${workplace.letters}-1`,
      `${workplace.letters}-1/2`,
    ]);
    // Each has now pulled the other's sale: their next numbers follow both.
    expect(await sell(first, workplace)).toBe(`${workplace.letters}-2`);
    await first.sync();
    await second.sync();
    expect(await sell(second, workplace)).toBe(`${workplace.letters}-3`);
  });
});
