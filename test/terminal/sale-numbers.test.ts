/**
 * A till numbers its sales itself ("A-17", issue 16 sale16), offline, in the local transaction that stores each
 * sale and queues it: the numbers follow each other with no gap and no repeat (a refused sale takes none back or
 * twice), the outbox sends them as they were printed, and a till enrolled again (a new local database) continues
 * after the highest number of its till its mirror already holds. A till whose workplace has no number yet keeps
 * the screen's id: a sale is never refused for lack of a number.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Terminal, fetchTransport, type Transport } from '../../main/terminal/terminal.js';
import { tillLetters } from '../../shared/orders/order-number.js';
import { uuidv7 } from '../../shared/ids.js';
import { testEngines } from '../helpers/databases.js';
import { receiptWorld, type ReceiptWorld } from '../helpers/receipts.js';
import { startTillService, type TillService } from '../helpers/till-service.js';
import { enrollmentCode } from '../helpers/terminals.js';
import { cashierToken } from '../helpers/actors.js';

describe.each(await testEngines())('sale numbers at a till, against a %s service', (engine) => {
  let service: TillService;
  let goods: ReceiptWorld;
  let workplace: { id: string; number: number };
  let cashier: string;
  let online = true;
  const transport: Transport = async (target, body, token, deadline) => {
    if (!online) throw new Error('offline');
    return fetchTransport(target, body, token, deadline);
  };

  beforeAll(async () => {
    service = await startTillService(engine);
    goods = await receiptWorld(service.server, service.shop);
    const created = await service.rest('POST', '/business-config/workplaces/create', {
      name: 'Counter',
      automated_point_id: service.world.point1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    workplace = created.body;
    cashier = (await cashierToken(service.server, service.shop, { workplaceId: workplace.id })).id;
  });
  afterAll(() => service.close());

  const enrolledTill = async (workplaceId: string) => {
    const terminal = service.track(await Terminal.open(':memory:', transport));
    await terminal.enroll(service.url, await enrollmentCode(service.server, service.shop.token, workplaceId), 'Till');
    await terminal.bootstrap();
    return terminal;
  };
  const sell = (terminal: Terminal, workplaceId: string, employee: string, item = goods.item) =>
    terminal.run(
      'OrderController_create',
      {
        body: {
          guid: uuidv7(),
          order_id: 'placeholder',
          automated_point_id: service.world.point1,
          workplace_id: workplaceId,
          items: [{ item_id: item, quantity: '1', price: '10', subtotal: '10' }],
          subtotal: '10',
          total_sum: '10',
        },
      },
      employee,
    ) as Promise<{ id: string; order_id: string }>;
  const numbersAtService = async () =>
    ((await service.rest('GET', '/orders/all')).body as { order_id: string; workplace_id: string }[])
      .filter((order) => order.workplace_id === workplace.id)
      .map((order) => order.order_id)
      .sort();

  it('numbers offline sales one after another, takes no number for a refused sale, and the service gets them as printed', async () => {
    const letters = tillLetters(workplace.number);
    const till = await enrolledTill(workplace.id);
    online = false;
    const first = await sell(till, workplace.id, cashier);
    await expect(sell(till, workplace.id, cashier, uuidv7())).rejects.toThrow();
    const second = await sell(till, workplace.id, cashier);
    expect([first.order_id, second.order_id]).toEqual([`${letters}-1`, `${letters}-2`]);
    const queued = (await till.unsent()).map((row) => (JSON.parse(row.args ?? '{}') as { order_id: string }).order_id);
    expect(queued).toEqual([`${letters}-1`, `${letters}-2`]);
    online = true;
    await till.sync();
    expect(await till.pendingOperations()).toBe(0);
    expect(await numbersAtService()).toEqual([`${letters}-1`, `${letters}-2`]);
  });

  it('continues after the highest number its mirror holds when the till starts a new local database', async () => {
    const letters = tillLetters(workplace.number);
    const again = await enrolledTill(workplace.id);
    const next = await sell(again, workplace.id, cashier);
    expect(next.order_id).toBe(`${letters}-3`);
    await again.sync();
    expect(await numbersAtService()).toEqual([`${letters}-1`, `${letters}-2`, `${letters}-3`]);
  });

  it('keeps the screen’s id while the till’s workplace has no number (never refuses the sale)', async () => {
    const till = await enrolledTill(service.world.workplace1);
    // The fixture's workplace predates numbering on this till's mirror.
    await sql`update workplaces set number = null where id = ${service.world.workplace1}`.execute(
      till.store.db as unknown as Kysely<unknown>,
    );
    const sale = await sell(till, service.world.workplace1, service.cashier);
    expect(sale.order_id).toBe('placeholder');
  });
});
