/**
 * A sale's short number and its discount's approver (issue 16, sale16): workplaces are numbered per business and
 * never reuse a number; a till's sale carries "<its letters>-<counter>" in `order_id`, and the service refuses a
 * malformed one or another till's letters (400 naming order_id, nothing written). A sale number names one sale of
 * the business: a live order whose number is taken is a 409 naming order_id (nothing written), a till's pushed sale
 * whose number is taken is applied under the first free "/2", "/3"… with an ORDER_NUMBER_TAKEN warning, while a REST
 * client's free-text `order_id` stays as the reference had it, repeated or not; `discount_approved_by` must be a
 * manager of the business (400 naming it), is stored on the order and answered with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { line, orderBody, orderWorld, type OrderWorld } from '../helpers/orders.js';
import { enrollTerminal, type EnrolledTerminal } from '../helpers/terminals.js';
import { cashierToken } from '../helpers/actors.js';
import { expectErrorBody } from '../helpers/checks.js';
import { statementsDuring } from '../helpers/statements.js';

describe.each(await testEngines())('sale numbers and discount approvers on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let world: OrderWorld;
  /** Two workplaces made through the API (so numbered), at the world's café point. */
  let tillA: { id: string; number: number };
  let tillB: { id: string; number: number };
  let terminal: EnrolledTerminal;
  let cashier: string;
  let seq = 0;

  const newWorkplace = async (name: string) => {
    const response = await server.request('POST', '/api/v1/business-config/workplaces/create', {
      token: shop.token,
      body: { name, automated_point_id: world.point },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as { id: string; number: number };
  };
  const sale = (workplaceId: string, orderId: string, extra: Record<string, unknown> = {}) =>
    orderBody(
      world,
      [line(world.tea, '1', '10', '10')],
      { subtotal: '10', total_sum: '10' },
      { workplace_id: workplaceId, order_id: orderId, ...extra },
    );
  /** One queued sale of till A, as its push carries it (the next seq). */
  const mutation = (body: Record<string, unknown>) => {
    seq += 1;
    return { seq, mutationId: uuidv7(), name: 'OrderController_create', v: 1, occurredAt: new Date().toISOString(), actor: { employeeId: cashier }, args: body };
  };
  const pushMutations = (mutations: unknown[]) =>
    server.request('POST', '/api/v1/sync/push', {
      token: terminal.token,
      body: { protocolVersion: PROTOCOL_VERSION, terminalId: terminal.terminalId, epoch: terminal.epoch, mutations },
    });
  /** Pushes one sale as till A's queued operation; the push's result for it. */
  const push = async (body: Record<string, unknown>) => {
    const response = await pushMutations([mutation(body)]);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.results[0] as { status: string; result?: any; reason?: any; error?: any };
  };
  const ordersNumbered = async (orderId: string) =>
    (
      await server.database.db
        .selectFrom('orders')
        .select('id')
        .where('business_id', '=', shop.businessId)
        .where('order_id', '=', orderId)
        .execute()
    ).length;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server);
    world = await orderWorld(server, shop);
    tillA = await newWorkplace('Till A');
    tillB = await newWorkplace('Till B');
    terminal = await enrollTerminal(server, shop, tillA.id);
    cashier = (await cashierToken(server, shop, { workplaceId: tillA.id })).id;
  });
  afterAll(() => server.close());

  it('numbers new workplaces 1, 2, 3… in the business and never gives a deleted one’s number again', async () => {
    expect(tillB.number).toBe(tillA.number + 1);
    const third = await newWorkplace('Till C');
    expect(third.number).toBe(tillB.number + 1);
    expect(
      (await server.request('DELETE', `/api/v1/business-config/workplaces/delete/${third.id}`, { token: shop.token })).status,
    ).toBe(200);
    expect((await newWorkplace('Till D')).number).toBe(third.number + 1);
    const listed = await server.request('GET', '/api/v1/business-config/workplaces/all', { token: shop.token });
    expect(listed.body.find((row: { id: string }) => row.id === tillA.id)).toMatchObject({ number: tillA.number });
  });

  it('applies a till’s sale with its own number and answers the number with the order', async () => {
    const letters = String.fromCharCode(64 + tillA.number);
    const result = await push(sale(tillA.id, `${letters}-1`));
    expect(result.status, JSON.stringify(result)).toBe('applied');
    expect(await ordersNumbered(`${letters}-1`)).toBe(1);
  });

  it('refuses a till’s malformed number and another till’s letters, naming order_id, writing nothing; keeps a sale whose number was used', async () => {
    const letters = String.fromCharCode(64 + tillA.number);
    const other = String.fromCharCode(64 + tillB.number);
    await push(sale(tillA.id, `${letters}-7`));
    const cases: [string, string][] = [
      [`${letters.toLowerCase()}-8`, 'like "A-17"'],
      [`${letters}-08`, 'like "A-17"'],
      [`${letters}-0`, 'like "A-17"'],
      [`${other}-9`, `must start with "${letters}-"`],
    ];
    for (const [orderId, problem] of cases) {
      const result = await push(sale(tillA.id, orderId));
      expect(result.status, JSON.stringify(result)).toBe('rejected');
      const message = [result.result?.error?.message].flat().join(' ');
      expect(message).toContain(`order_id "${orderId}"`);
      expect(message).toContain(problem);
    }
    expect(await ordersNumbered(`${other}-9`)).toBe(0);
  });

  it('applies a till’s sale whose number another sale holds under the first free /2, /3…, with a warning for the till and the office', async () => {
    const letters = String.fromCharCode(64 + tillA.number);
    expect((await push(sale(tillA.id, `${letters}-30`))).status).toBe('applied');
    // A second terminal of the same workplace counted on its own and used 30 too: its offline sale is kept.
    const second = await push(sale(tillA.id, `${letters}-30`));
    expect(second.status, JSON.stringify(second)).toBe('applied');
    const third = await push(sale(tillA.id, `${letters}-30`));
    const renumbered = await server.database.db
      .selectFrom('orders')
      .select(['id', 'order_id'])
      .where('business_id', '=', shop.businessId)
      .where('order_id', 'like', `${letters}-30%`)
      .orderBy('order_id')
      .execute();
    expect(renumbered.map((order) => order.order_id)).toEqual([`${letters}-30`, `${letters}-30/2`, `${letters}-30/3`]);
    const taken = (result: { result?: { warnings?: { code: string }[] } }) => result.result?.warnings?.filter((warning) => warning.code === 'ORDER_NUMBER_TAKEN');
    expect(taken(second)).toEqual([{ code: 'ORDER_NUMBER_TAKEN', orderId: renumbered[1]?.id, number: `${letters}-30`, assigned: `${letters}-30/2` }]);
    expect(taken(third)).toEqual([expect.objectContaining({ code: 'ORDER_NUMBER_TAKEN', assigned: `${letters}-30/3` })]);
    const logs = await server.request('GET', '/api/v1/logs/all?type=WARNING&limit=100', { token: shop.token });
    const logged = (logs.body as { action: string; details: string }[]).filter((entry) => entry.action === 'ORDER_NUMBER_TAKEN');
    expect(logged.map((entry) => JSON.parse(entry.details).warning.assigned).sort()).toEqual([`${letters}-30/2`, `${letters}-30/3`]);
  });

  it('answers a repeated push of a renumbered sale from its stored result, claiming nothing again', async () => {
    const letters = String.fromCharCode(64 + tillA.number);
    await push(sale(tillA.id, `${letters}-40`));
    const again = mutation(sale(tillA.id, `${letters}-40`));
    const first = await pushMutations([again]);
    const retry = await pushMutations([again]);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body.results).toEqual(first.body.results);
    expect(first.body.results[0].result.warnings).toContainEqual(expect.objectContaining({ code: 'ORDER_NUMBER_TAKEN', assigned: `${letters}-40/2` }));
    const claims = await server.database.db
      .selectFrom('sale_numbers')
      .select('number')
      .where('business_id', '=', shop.businessId)
      .where('number', 'like', `${letters}-40%`)
      .execute();
    expect(claims.map((claim) => claim.number).sort()).toEqual([`${letters}-40`, `${letters}-40/2`]);
    expect(await ordersNumbered(`${letters}-40/2`)).toBe(1);
  });

  it('refuses a live order whose number another sale holds with a 409 naming order_id, and writes nothing', async () => {
    const letters = String.fromCharCode(64 + tillB.number);
    const create = (body: Record<string, unknown>) => server.request('POST', '/api/v1/orders/create', { token: shop.token, body });
    const firstBody = sale(tillB.id, `${letters}-17`, { guid: uuidv7() });
    const first = await create(firstBody);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const counts = async () => ({
      orders: (await server.database.db.selectFrom('orders').select('id').where('business_id', '=', shop.businessId).execute()).length,
      lines: (await server.database.db.selectFrom('order_lines').select('id').where('business_id', '=', shop.businessId).execute()).length,
      claims: (await server.database.db.selectFrom('sale_numbers').select('number').where('business_id', '=', shop.businessId).execute()).length,
    });
    const before = await counts();
    const duplicate = await create(sale(tillB.id, `${letters}-17`, { guid: uuidv7() }));
    expectErrorBody(duplicate, 409);
    expect(duplicate.body.message).toBe(`order_id "${letters}-17" is already the number of another sale`);
    expect(await counts()).toEqual(before);
    // A retry of the first order (same guid, same body) is answered with the stored order, as before.
    const retry = await create(firstBody);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    // Deleting the sale does not free its number.
    expect((await server.request('DELETE', `/api/v1/orders/delete/${first.body.id}`, { token: shop.token })).status).toBe(200);
    expect((await create(sale(tillB.id, `${letters}-17`))).status).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it('leaves a REST client’s free-text order_id as the reference had it, repeated or not', async () => {
    // Another workplace's letters are not this workplace's sale number either.
    const otherLetters = `${String.fromCharCode(64 + tillB.number)}-5`;
    for (const orderId of ['INV-0042', 'ORD-001', 'test', 'INV-42', otherLetters]) {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await server.request('POST', '/api/v1/orders/create', {
          token: shop.token,
          body: sale(tillA.id, orderId),
        });
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        expect(response.body.order_id).toBe(orderId);
      }
    }
  });

  it('claims a till’s number in the statement that reads its workplace (PostgreSQL round trips)', async () => {
    if (engine !== 'postgres') return;
    const letters = String.fromCharCode(64 + tillA.number);
    const counted = async (orderId: string) => {
      // The previous push's announcement to other instances goes out a few ms after its answer: not this push's.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const { result, statements } = await statementsDuring(() => push(sale(tillA.id, orderId)));
      expect(result.status).toBe('applied');
      return statements.filter((statement) => !/^select "workplace_id", "enrollment_code_id"/.test(statement));
    };
    const freeText = await counted('counter sale');
    const numbered = await counted(`${letters}-50`);
    expect(numbered.length - freeText.length, numbered.join('\n---\n')).toBe(1);
    expect(numbered.filter((statement) => statement.includes('"sale_numbers"'))).toHaveLength(1);
    expect(numbered.filter((statement) => /^select "number" from "workplaces"/.test(statement))).toEqual([]);
  });

  describe('the manager who approved a manual discount', () => {
    let manager: string;
    let plainEmployee: string;
    beforeAll(async () => {
      const role = await server.request('POST', '/api/v1/employee-role/create', {
        token: shop.token,
        body: { name: 'Manager', access_resources: ['MANAGER'] },
      });
      const employee = (role_id: string, password: string) =>
        server.request('POST', '/api/v1/employee/create', {
          token: shop.token,
          body: { full_name: `E ${password}`, role_id, password, workplace_id: tillA.id },
        });
      manager = (await employee(role.body.id, '7391')).body.id as string;
      plainEmployee = (await employee('0', '5172')).body.id as string;
    });
    const discounted = (extra: Record<string, unknown>) =>
      orderBody(
        world,
        [line(world.tea, '1', '100', '100')],
        { subtotal: '100', total_sum: '50' },
        {
          total_discount: '50',
          discounts: [{ discount_percent: '50' }],
          ...extra,
        },
      );

    it('is stored on the order and answered with it when a manager of the business approved', async () => {
      const created = await server.request('POST', '/api/v1/orders/create', {
        token: shop.token,
        body: discounted({ discount_approved_by: manager }),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.discount_approved_by).toBe(manager);
      const read = await server.request('GET', `/api/v1/orders/${created.body.id}`, { token: shop.token });
      expect(read.body.discount_approved_by).toBe(manager);
      const plain = await server.request('POST', '/api/v1/orders/create', { token: shop.token, body: discounted({}) });
      expect(plain.body.discount_approved_by).toBeNull();
    });

    it('is a 400 naming discount_approved_by when it is not a manager, not an employee, or another business’s, and nothing is written', async () => {
      const stranger = await registerTenant(server);
      const strangerWorld = await orderWorld(server, stranger);
      const strangerRole = await server.request('POST', '/api/v1/employee-role/create', {
        token: stranger.token,
        body: { name: 'Manager', access_resources: ['MANAGER'] },
      });
      const strangerManager = await server.request('POST', '/api/v1/employee/create', {
        token: stranger.token,
        body: {
          full_name: 'Other manager',
          role_id: strangerRole.body.id,
          password: '8264',
          workplace_id: strangerWorld.workplace,
        },
      });
      const count = async () =>
        (await server.database.db.selectFrom('orders').select('id').where('business_id', '=', shop.businessId).execute()).length;
      const before = await count();
      for (const approver of [plainEmployee, uuidv7(), strangerManager.body.id as string]) {
        const response = await server.request('POST', '/api/v1/orders/create', {
          token: shop.token,
          body: discounted({ discount_approved_by: approver }),
        });
        expect(response.status, JSON.stringify(response.body)).toBe(400);
        expect(JSON.stringify(response.body.message)).toContain('discount_approved_by must be a manager');
      }
      expect(await count()).toBe(before);
    });

    it('keeps a till’s queued sale approved by an employee no longer a manager (the till checked the PIN), never a stranger', async () => {
      const letters = String.fromCharCode(64 + tillA.number);
      const kept = await push(
        discounted({ workplace_id: tillA.id, order_id: `${letters}-20`, discount_approved_by: plainEmployee }),
      );
      expect(kept.status, JSON.stringify(kept)).toBe('applied');
      const row = await server.database.db
        .selectFrom('orders')
        .select('discount_approved_by')
        .where('business_id', '=', shop.businessId)
        .where('order_id', '=', `${letters}-20`)
        .executeTakeFirst();
      expect(row?.discount_approved_by).toBe(plainEmployee);
      const refused = await push(
        discounted({ workplace_id: tillA.id, order_id: `${letters}-21`, discount_approved_by: uuidv7() }),
      );
      expect(refused.status).toBe('rejected');
      expect(JSON.stringify(refused)).toContain('discount_approved_by');
    });
  });
});
