/**
 * The role matrix's rights (issue 28 §2), a row per right, over REST and through a till's push: a cashier whose role
 * does not grant a right is refused what it guards (403 RIGHT_MISSING naming the right, nothing changed); with it —
 * or with MANAGER, which holds every right — the same call succeeds. The baseline (selling, payments, debts in one's
 * own name, one's own till's shift) needs none. The three reproductions are rows here: a cashier whose role
 * grants nothing deleted the cash payment method, set an item's price to 1, and created a priced modifier group at
 * the till.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../shared/ids.js';
import type { Right } from '../../shared/rights.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { expectErrorBody } from '../helpers/checks.js';
import { insertWorkplace } from '../helpers/fixtures.js';
import { receiptWorld, type ReceiptWorld } from '../helpers/receipts.js';
import { enrollTerminal } from '../helpers/terminals.js';

const API = '/api/v1';
type Response = Awaited<ReturnType<TestServer['request']>>;
type Cashier = { id: string; token: string };

describe.each(await testEngines())('rights in the role matrix on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let here: ReceiptWorld;
  /** The cashiers' till, and another till of the same point with an open shift the owner opened. */
  let till: string;
  let otherTill: string;
  let otherShift: string;
  /** No role at all (the baseline), a role granting only unknown names, and a manager. */
  let none: Cashier;
  let unknownOnly: Cashier;
  let manager: Cashier;

  const owner = () => shop.token;
  const asCashier = (rights?: readonly string[]) =>
    cashierToken(server, shop, { pointId: here.point, workplaceId: till, ...(rights ? { rights } : {}) });

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server);
    here = await receiptWorld(server, shop);
    till = await insertWorkplace(server, shop, here.point, 'Till 1');
    otherTill = await insertWorkplace(server, shop, here.point, 'Till 2');
    const opened = await server.request('POST', `${API}/settlements/create`, { token: owner(), body: { name: 'Till 2 shift', workplace_id: otherTill } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    otherShift = opened.body.id as string;
    none = await asCashier();
    unknownOnly = await asCashier(['SALES', 'pos.sell', 'manager']);
    manager = await asCashier(['MANAGER']);
  });
  afterAll(() => server.close());

  const request = (method: 'POST' | 'PATCH' | 'DELETE', path: string, token: string, body?: unknown) =>
    server.request(method, `${API}${path}`, { token, ...(body === undefined ? {} : { body }) });

  async function made(path: string, body: unknown): Promise<string> {
    const response = await request('POST', path, owner(), body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as string;
  }

  async function openOrder(): Promise<string> {
    return made('/orders/create', {
      order_id: `R-${uuidv7().slice(-6)}`,
      automated_point_id: here.point,
      workplace_id: till,
      items: [{ item_id: here.item, quantity: '1', price: '10', subtotal: '10', warehouse_id: here.warehouse }],
      subtotal: '10',
      total_sum: '10',
    });
  }

  /** One right: a call it guards, made afresh for each caller (its own target), and what that call succeeds with. */
  interface Row {
    readonly right: Right;
    readonly what: string;
    call(token: string): Promise<Response>;
  }

  const ROWS: readonly Row[] = [
    {
      right: 'PAYMENT_METHODS',
      what: 'deletes the cash payment method (issue 28 §2, reproduction 1)',
      call: async (token) => request('DELETE', `/payment-methods/delete/${await made('/payment-methods/create', { name: 'Cash', kind: 'CASH' })}`, token),
    },
    {
      right: 'CATALOGUE',
      what: 'sets an item’s price to 1 (reproduction 2)',
      call: async (token) => request('PATCH', `/item-modifier/items/update/${here.item}`, token, { price: '1' }),
    },
    {
      right: 'MODIFIERS',
      what: 'creates a priced modifier group (reproduction 3, REST)',
      call: (token) => request('POST', '/item-modifier/modifier-groups/create', token, { name: 'Syrups', measurement: 'pc', price: '5', type: 'MODIFIER_GROUP' }),
    },
    {
      right: 'DISCOUNTS',
      what: 'creates a discount',
      call: (token) => request('POST', '/finance/discounts/create', token, { name: 'Staff', discount_percent: '50' }),
    },
    {
      right: 'STOCK',
      what: 'creates a supplier',
      call: (token) => request('POST', '/suppliers/create', token, { name: `Supplier ${uuidv7().slice(-6)}` }),
    },
    {
      right: 'CLIENT_DEBTS',
      what: 'creates a client',
      call: (token) => request('POST', '/clients/create', token, { full_name: 'New client' }),
    },
    {
      right: 'CASH_MOVES',
      what: 'takes cash out of a drawer',
      call: (token) => request('POST', `/settlements/${otherShift}/cash-moves`, token, { kind: 'OUT', amount: '1', reason: 'Lunch' }),
    },
    {
      right: 'OTHERS_SHIFTS',
      what: 'renames another till’s shift',
      call: (token) => request('PATCH', `/settlements/update/${otherShift}`, token, { name: `Renamed ${uuidv7().slice(-4)}` }),
    },
    {
      right: 'REFUNDS',
      what: 'voids a sale',
      call: async (token) => request('POST', `/orders/update/${await openOrder()}`, token, { is_voided: true }),
    },
    {
      right: 'SETTINGS',
      what: 'adds a setting',
      call: (token) => request('POST', '/base-config/create', token, { key_name: `till.${uuidv7().slice(-6)}`, key_value: 'x' }),
    },
  ];

  function expectRightMissing(response: Response, right: Right) {
    expectErrorBody(response, 403, `needs the ${right} right`);
    expect((response.body as { detail?: unknown }).detail).toEqual({ code: 'RIGHT_MISSING', right });
  }

  for (const row of ROWS) {
    it(`${row.right}: a cashier whose role does not grant it is refused when it ${row.what}; with it, or MANAGER, it succeeds`, async () => {
      expectRightMissing(await row.call(none.token), row.right);
      expectRightMissing(await row.call(unknownOnly.token), row.right);
      // Every other right is not enough.
      const others = await asCashier(ROWS.map((other) => other.right).filter((right) => right !== row.right));
      expectRightMissing(await row.call(others.token), row.right);
      for (const token of [(await asCashier([row.right])).token, manager.token, owner()]) {
        const done = await row.call(token);
        expect(done.status, JSON.stringify(done.body)).toBeLessThan(300);
      }
    });
  }

  it('a refused call changes nothing: the cash method and the item’s price stay', async () => {
    const cash = await made('/payment-methods/create', { name: 'Cash', kind: 'CASH' });
    expectRightMissing(await request('DELETE', `/payment-methods/delete/${cash}`, none.token), 'PAYMENT_METHODS');
    const method = await server.database.db.selectFrom('payment_methods').select('is_deleted').where('id', '=', cash).executeTakeFirstOrThrow();
    expect(Number(method.is_deleted)).toBe(0);
    const before = await server.database.db.selectFrom('items').select('price').where('id', '=', here.item2).executeTakeFirstOrThrow();
    expectRightMissing(await request('PATCH', `/item-modifier/items/update/${here.item2}`, none.token, { price: '1' }), 'CATALOGUE');
    const after = await server.database.db.selectFrom('items').select('price').where('id', '=', here.item2).executeTakeFirstOrThrow();
    expect(after.price).toEqual(before.price);
  });

  it('the baseline needs no right: a sale, its held order deleted, a debt in one’s own name, one’s own till’s shift', async () => {
    const held = await request('DELETE', `/orders/delete/${await openOrder()}`, none.token);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const debt = await request('POST', '/client-debts/transactions/create', none.token, {
      client_id: here.client,
      debt_amount: '5',
      employee_id: none.id,
      id_automated_point: here.point,
    });
    expect(debt.status, JSON.stringify(debt.body)).toBe(201);
    const shift = await request('POST', '/settlements/create', none.token, { name: 'My shift' });
    expect(shift.status, JSON.stringify(shift.body)).toBe(201);
    const closed = await request('PATCH', `/settlements/update/${shift.body.id}`, none.token, { is_closed: true });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  });

  it('decides the conditional rights from the input and the stored record', async () => {
    // A debt entry in another employee's name needs CLIENT_DEBTS.
    expectRightMissing(
      await request('POST', '/client-debts/transactions/create', none.token, { client_id: here.client, debt_amount: '5', employee_id: manager.id, id_automated_point: here.point }),
      'CLIENT_DEBTS',
    );
    // Opening a shift for another till, or closing another till's, needs OTHERS_SHIFTS.
    expectRightMissing(await request('POST', '/settlements/create', none.token, { name: 'Theirs', workplace_id: otherTill }), 'OTHERS_SHIFTS');
    expectRightMissing(await request('PATCH', `/settlements/update/${otherShift}`, none.token, { is_closed: true }), 'OTHERS_SHIFTS');
    // A completed sale: deleting it, or changing it, needs REFUNDS.
    const sale = await openOrder();
    expect((await request('POST', `/orders/update/${sale}`, owner(), { is_closed: true })).status).toBeLessThan(300);
    expectRightMissing(await request('DELETE', `/orders/delete/${sale}`, none.token), 'REFUNDS');
    expectRightMissing(await request('POST', `/orders/update/${sale}`, none.token, { order_name: 'Changed' }), 'REFUNDS');
    const order = await server.database.db.selectFrom('orders').select(['is_deleted', 'order_name']).where('id', '=', sale).executeTakeFirstOrThrow();
    expect([Number(order.is_deleted), order.order_name]).toEqual([0, null]);
  });

  it('reads the live role: a right granted or taken back counts at the next call', async () => {
    const cashier = await asCashier([]);
    const call = () => request('POST', '/suppliers/create', cashier.token, { name: `Supplier ${uuidv7().slice(-6)}` });
    expectRightMissing(await call(), 'STOCK');
    const employee = await server.database.db.selectFrom('employees').select('role_id').where('id', '=', cashier.id).executeTakeFirstOrThrow();
    await server.database.db.updateTable('employee_roles').set({ access_resources: JSON.stringify(['STOCK']) }).where('id', '=', employee.role_id!).execute();
    expect((await call()).status).toBe(201);
    await server.database.db.updateTable('employee_roles').set({ is_deleted: 1 }).where('id', '=', employee.role_id!).execute();
    expectRightMissing(await call(), 'STOCK');
  });

  describe('through a till’s push', () => {
    let clock = Date.parse('2026-11-20T09:00:00.000Z');
    function pushed(seq: number, employeeId: string, name: string, args: unknown, params?: Record<string, string>) {
      clock += 1000;
      return { seq, mutationId: uuidv7(), name, v: 1, occurredAt: new Date(clock).toISOString(), actor: { employeeId }, args, ...(params ? { params } : {}) };
    }

    /** The three reproductions as a till queues them, by `employeeId`. */
    async function reproductions(employeeId: string, seq: number) {
      const cash = await made('/payment-methods/create', { name: 'Cash', kind: 'CASH' });
      return [
        pushed(seq, employeeId, 'ItemModifierController_createModifierGroup', { name: 'Syrups', measurement: 'pc', price: '5', type: 'MODIFIER_GROUP' }),
        pushed(seq + 1, employeeId, 'PaymentMethodController_remove', undefined, { id: cash }),
        pushed(seq + 2, employeeId, 'ItemModifierController_updateItem', { price: '1' }, { id: here.item }),
      ];
    }

    it('rejects a no-right cashier’s pushed operations with RIGHT_MISSING naming the right, and applies the same operations by a manager (the PIN override’s actor)', async () => {
      const terminal = await enrollTerminal(server, shop, till);
      const mutations = [...(await reproductions(none.id, 1)), ...(await reproductions(manager.id, 4))];
      const response = await server.request('POST', `${API}/sync/push`, {
        token: terminal.token,
        body: { protocolVersion: PROTOCOL_VERSION, terminalId: terminal.terminalId, epoch: terminal.epoch, mutations },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const results = response.body.results as { seq: number; status: string; result: { error?: { code: string; statusCode: number; right?: string } } }[];
      expect(results.map((result) => [result.seq, result.status, result.result.error?.code ?? null, result.result.error?.right ?? null])).toEqual([
        [1, 'rejected', 'RIGHT_MISSING', 'MODIFIERS'],
        [2, 'rejected', 'RIGHT_MISSING', 'PAYMENT_METHODS'],
        [3, 'rejected', 'RIGHT_MISSING', 'CATALOGUE'],
        [4, 'applied', null, null],
        [5, 'applied', null, null],
        [6, 'applied', null, null],
      ]);
      expect(results[0]!.result.error?.statusCode).toBe(403);
      // Stored with the push's results: the till's inbox shows the rejection with the right it names.
      const stored = await server.database.db
        .selectFrom('sync_mutations')
        .select(['seq', 'status', 'result'])
        .where('terminal_id', '=', terminal.terminalId)
        .where('status', '=', 'rejected')
        .orderBy('seq')
        .execute();
      expect(stored.map((row) => (JSON.parse(row.result!) as { error: { right: string } }).error.right)).toEqual(['MODIFIERS', 'PAYMENT_METHODS', 'CATALOGUE']);
    });
  });
});
