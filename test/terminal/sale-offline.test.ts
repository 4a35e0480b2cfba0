/**
 * A sale completed at a till with the service away (issue 16, "Payment"): the payment step's one
 * `OrderController_create` (built by the renderer's own tender.ts) is one local transaction and one outbox entry —
 * the order, its payments and the client's debt at once, over the credit limit with a warning rather than a refusal.
 * When the service returns, a push whose answer is lost is sent again, and the order, its two payments and the
 * signed debt entry arrive exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Terminal, fetchTransport, type Transport } from '../../main/terminal/terminal.js';
import { saleBody, type Method } from '../../renderer/screens/payment/tender.js';
import type { SaleDraft } from '../../renderer/screens/sale/sale-draft.js';
import { uuidv7 } from '../../shared/ids.js';
import { testEngines } from '../helpers/databases.js';
import { receiptWorld, type ReceiptWorld } from '../helpers/receipts.js';
import { startTillService, type TillService } from '../helpers/till-service.js';
import { enrollmentCode } from '../helpers/terminals.js';

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe.each(await testEngines())('a sale completed offline at a till, against a %s service', (engine) => {
  let service: TillService;
  let goods: ReceiptWorld;
  let cash: Method;
  let onAccount: Method;
  let client: string;
  let shift: string;

  beforeAll(async () => {
    service = await startTillService(engine);
    goods = await receiptWorld(service.server, service.shop);
    const method = async (name: string, kind: 'CASH' | 'DEBT'): Promise<Method> => {
      const created = await service.rest('POST', '/payment-methods/create', { name, kind });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return { id: created.body.id, name, kind };
    };
    cash = await method('Naqd', 'CASH');
    onAccount = await method('Nasiya', 'DEBT');
    client = (await service.rest('POST', '/clients/create', { full_name: 'Dilnoza', credit_limit: '15' })).body.id;
    const opened = await service.rest('POST', '/settlements/create', { name: 'Shift 1', workplace_id: service.world.workplace1 });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    shift = opened.body.id;
  });
  afterAll(() => service.close());

  it('writes one outbox entry, and the order, its payments and the debt entry arrive once when the service returns', async () => {
    let online = true;
    let loseNextPushAnswer = false;
    const transport: Transport = async (target, body, token, deadline) => {
      if (!online) throw new Error('offline');
      const answer = await fetchTransport(target, body, token, deadline);
      if (target.endsWith('/sync/push') && loseNextPushAnswer) {
        loseNextPushAnswer = false;
        throw new Error('connection reset after the service committed');
      }
      return answer;
    };
    const terminal = service.track(await Terminal.open(':memory:', transport));
    await terminal.enroll(service.url, await enrollmentCode(service.server, service.shop.token, service.world.workplace1), 'Till');
    await terminal.bootstrap();
    online = false;

    // 30 so'm: 10 in cash (50 handed over, 40 change) and 20 on account, signed — over the client's limit of 15.
    const draft: SaleDraft = {
      order: {
        order_id: 'K1-0001',
        automated_point_id: service.world.point1,
        workplace_id: service.world.workplace1,
        items: [{ item_id: goods.item, quantity: '3', price: '10', subtotal: '30' }],
        subtotal: '30',
        total_sum: '30',
        client_id: client,
      } as SaleDraft['order'],
      due: '30',
      client: { id: client, name: 'Dilnoza' },
    };
    const body = saleBody(draft, [{ method: onAccount, amount: 2000n, signature: SIGNATURE }, { method: cash, amount: 5000n }], shift, uuidv7());
    const order = (await terminal.run('OrderController_create', { body }, service.cashier)) as { id: string; total_change: string };
    expect(order.total_change).toBe('40');
    expect(await terminal.pendingOperations()).toBe(1);
    expect((await terminal.unsent()).map((row) => row.name)).toEqual(['OrderController_create']);
    const localDebt = await terminal.store.db.selectFrom('client_debts').select('debt_amount').where('client_id', '=', client).executeTakeFirstOrThrow();
    expect(BigInt(localDebt.debt_amount)).toBe(2000n);
    await expect(terminal.sync()).rejects.toThrow();
    expect(await terminal.pendingOperations()).toBe(1);

    // The service returns; the first push is applied but its answer lost, so the till sends it again.
    online = true;
    loseNextPushAnswer = true;
    await expect(terminal.push()).rejects.toThrow('connection reset');
    await terminal.sync();
    expect(await terminal.pendingOperations()).toBe(0);
    // The till's own copy now holds the service's entry in place of its local one: still 20, not 40.
    const settled = await terminal.store.db.selectFrom('client_debts').select('debt_amount').where('client_id', '=', client).executeTakeFirstOrThrow();
    expect(BigInt(settled.debt_amount)).toBe(2000n);

    const orders = ((await service.rest('GET', '/orders/all')).body as { id: string; guid: string | null }[]).filter((entry) => entry.guid === body.guid);
    expect(orders).toHaveLength(1);
    const stored = (await service.rest('GET', `/orders/${orders[0]!.id}`)).body as { payments: { payment_type_id: string; paid_sum: string }[]; total_paid: string; settlement_id: string };
    expect(stored.payments.map((payment) => [payment.payment_type_id, payment.paid_sum])).toEqual([
      [onAccount.id, '20'],
      [cash.id, '10'],
    ]);
    expect(stored).toMatchObject({ total_paid: '30', settlement_id: shift });
    const entries = (await service.rest('GET', `/client-debts/transactions/all?client_id=${client}`)).body as { debt_amount: string; signature_url: string | null }[];
    expect(entries.map((entry) => [entry.debt_amount, entry.signature_url])).toEqual([['20', SIGNATURE]]);
    const debts = (await service.rest('GET', '/client-debts/all')).body as { client_id: string; debt_amount: string }[];
    expect(debts.find((debt) => debt.client_id === client)?.debt_amount).toBe('20');
    // Over the limit, queued: applied, and said.
    const warnings = (await service.rest('GET', '/logs/all?type=WARNING&limit=1000')).body as { action: string; details: string }[];
    expect(warnings.filter((entry) => entry.action === 'CREDIT_LIMIT_EXCEEDED' && entry.details.includes(client))).toHaveLength(1);
  });
});
