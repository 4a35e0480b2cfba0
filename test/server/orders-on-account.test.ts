/**
 * A sale on account (a payment by a DEBT method, issue 16 "Payment"): the order and the client's debt entry are one
 * operation, the entry keeps the client's signature drawn at the till, a bad signature is a 400 naming the field,
 * a push replayed by a till that never heard the answer posts the debt once, and a client's credit limit refuses
 * a live sale beyond it (409) but only warns of a queued one (CREDIT_LIMIT_EXCEEDED): a till's sale happened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debtLedgerMismatches } from '../../app/debts/ledger.js';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { auditEntries, debtEntriesOf, debtOf, line, orderBody, orderWorld, type OrderWorld } from '../helpers/orders.js';
import { enrollTerminal } from '../helpers/terminals.js';
import { cashierToken } from '../helpers/actors.js';
import { statementsDuring } from '../helpers/statements.js';

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe.each(await testEngines())('sales on account on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let world: OrderWorld;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server);
    world = await orderWorld(server, shop);
  });
  afterAll(() => server.close());

  const create = (body: unknown) => server.request('POST', '/api/v1/orders/create', { token: shop.token, body });
  const signatures = async () =>
    (
      await server.database.db
        .selectFrom('client_debt_txns')
        .select(['amount', 'signature_url'])
        .where('business_id', '=', shop.businessId)
        .where('client_id', '=', world.client)
        .orderBy('dt_created')
        .orderBy('id')
        .execute()
    ).map((row) => ({ amount: BigInt(row.amount), signature_url: row.signature_url }));
  /** 30 so'm: 10 in cash, 20 on account, signed. */
  const splitSale = (extra: Record<string, unknown> = {}) =>
    orderBody(world, [line(world.tea, '3', '10', '30')], { subtotal: '30', total_sum: '30' }, {
      client_id: world.client,
      total_paid: '30',
      total_change: '0',
      is_closed: true,
      payments: [
        { payment_type_id: world.cash, paid_sum: '10' },
        { payment_type_id: world.debt, paid_sum: '20', signature_url: SIGNATURE },
      ],
      ...extra,
    });

  it('puts the DEBT part of a split payment on the client’s debt, the entry keeping the signature, in the order’s own write', async () => {
    const before = await debtOf(server, shop, world.client);
    const response = await create(splitSale({ guid: uuidv7() }));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect((await debtOf(server, shop, world.client)) - before).toBe(2000n);
    expect((await signatures()).at(-1)).toEqual({ amount: 2000n, signature_url: SIGNATURE });
    expect(await debtLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it.runIf(engine === 'postgres')('reads the client’s limit and balance in one statement, and records the order’s debt with the order’s last writes', async () => {
    const { result: response, statements } = await statementsDuring(() => create(splitSale({ guid: uuidv7() })));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const trace = statements.join('\n---\n');
    expect(statements.filter((statement) => statement.includes('credit_limit')), trace).toHaveLength(1);
    // …and no statement of its own for the balance.
    expect(statements.filter((statement) => /^select "debt_amount"/.test(statement)), trace).toEqual([]);
    // The order's debt fields are set by a data-modifying CTE of the statement that inserts its lines.
    const setsDebt = statements.filter((statement) => statement.includes('update "orders"'));
    expect(setsDebt, trace).toHaveLength(1);
    expect(setsDebt[0], trace).toContain('insert into "order_lines"');
    const order = await server.database.db.selectFrom('orders').select(['debt_client_id', 'debt_posted']).where('business_id', '=', shop.businessId).where('id', '=', response.body.id).executeTakeFirstOrThrow();
    expect([order.debt_client_id, BigInt(order.debt_posted)]).toEqual([world.client, 2000n]);
    expect(await debtLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('refuses a signature that is not an image or a URL with a 400 naming the field, and writes nothing', async () => {
    const entries = (await debtEntriesOf(server, shop, world.client)).length;
    const body = splitSale();
    body.payments[1].signature_url = 'javascript:alert(1)';
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body.message)).toContain('payments.1.signature_url');
    expect((await debtEntriesOf(server, shop, world.client)).length).toBe(entries);
  });

  it('a till’s push replayed after a lost answer posts the sale’s debt once', async () => {
    const till = await enrollTerminal(server, shop, world.workplace);
    const before = await debtOf(server, shop, world.client);
    const entries = (await debtEntriesOf(server, shop, world.client)).length;
    const mutation = {
      seq: 1,
      mutationId: uuidv7(),
      name: 'OrderController_create',
      v: 1,
      occurredAt: new Date().toISOString(),
      actor: { employeeId: (await cashierToken(server, shop, { workplaceId: world.workplace })).id },
      args: splitSale({ guid: uuidv7() }),
    };
    const push = () =>
      server.request('POST', '/api/v1/sync/push', {
        token: till.token,
        body: { protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, mutations: [mutation] },
      });
    const first = await push();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.results[0]).toMatchObject({ status: 'applied' });
    const again = await push();
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await debtOf(server, shop, world.client)) - before).toBe(2000n);
    expect((await debtEntriesOf(server, shop, world.client)).length).toBe(entries + 1);
    expect((await signatures()).at(-1)).toEqual({ amount: 2000n, signature_url: SIGNATURE });
  });

  describe('a client’s credit limit', () => {
    const newClient = async (creditLimit?: string | null) => {
      const response = await server.request('POST', '/api/v1/clients/create', {
        token: shop.token,
        body: { full_name: 'Limited', ...(creditLimit === undefined ? {} : { credit_limit: creditLimit }) },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body as { id: string; credit_limit: string | null };
    };
    const onAccount = (clientId: string, amount: string, extra: Record<string, unknown> = {}) =>
      orderBody(world, [line(world.tea, '1', amount, amount)], { subtotal: amount, total_sum: amount }, {
        client_id: clientId,
        payments: [{ payment_type_id: world.debt, paid_sum: amount, signature_url: SIGNATURE }],
        ...extra,
      });

    it('is kept on the client as exact money text, changed and removed by an update, and a bad one is a 400 naming it', async () => {
      const client = await newClient('1500000.5');
      expect(client.credit_limit).toBe('1500000.5');
      expect((await newClient()).credit_limit).toBeNull();
      const update = (credit_limit: unknown) =>
        server.request('PATCH', `/api/v1/clients/update/${client.id}`, { token: shop.token, body: { credit_limit } });
      expect((await update('200')).body.credit_limit).toBe('200');
      expect((await update(null)).body.credit_limit).toBeNull();
      for (const bad of ['-1', '1.001', 12, 'lots']) {
        const response = await update(bad);
        expect(response.status).toBe(400);
        expect(JSON.stringify(response.body.message)).toContain('credit_limit');
      }
    });

    it('refuses a live sale on account over the limit with a 409 that writes nothing, and allows one up to it', async () => {
      const client = await newClient('25');
      expect((await create(onAccount(client.id, '20'))).status).toBe(201);
      const over = await create(onAccount(client.id, '10'));
      expect(over.status).toBe(409);
      expect(over.body.message).toContain('credit limit of 25');
      expect(await debtOf(server, shop, client.id)).toBe(2000n);
      expect((await create(onAccount(client.id, '5'))).status).toBe(201);
      expect(await debtOf(server, shop, client.id)).toBe(2500n);
    });

    it('lets a live sale over the limit through with a manager’s approval, recorded in the audit trail; a non-manager approver is a 400', async () => {
      const client = await newClient('25');
      const role = await server.request('POST', '/api/v1/employee-role/create', { token: shop.token, body: { name: 'Manager', access_resources: ['MANAGER'] } });
      const employee = (role_id: string, password: string) =>
        server.request('POST', '/api/v1/employee/create', { token: shop.token, body: { full_name: `E ${password}`, role_id, password, workplace_id: world.workplace } });
      const manager = (await employee(role.body.id, '7391')).body.id as string;
      const cashier = (await employee('0', '5172')).body.id as string;
      const approvedBy = (id: string) => onAccount(client.id, '30', { payments: [{ payment_type_id: world.debt, paid_sum: '30', signature_url: SIGNATURE, credit_approved_by: id }] });
      const refused = await create(approvedBy(cashier));
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body.message)).toContain('payments.0.credit_approved_by must be a manager');
      expect(await debtOf(server, shop, client.id)).toBe(0n);
      const approved = await create(approvedBy(manager));
      expect(approved.status, JSON.stringify(approved.body)).toBe(201);
      expect(await debtOf(server, shop, client.id)).toBe(3000n);
      const audit = (await auditEntries(server, shop, 'APPROVE_CREDIT_OVER_LIMIT')).filter((entry) => entry.details?.includes(approved.body.id));
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.details!)).toMatchObject({ order_id: approved.body.id, clientId: client.id, balance: '30', limit: '25', approvedBy: manager });
    });

    it('applies a till’s queued sale over the limit with a CREDIT_LIMIT_EXCEEDED warning instead of refusing it', async () => {
      const client = await newClient('25');
      const till = await enrollTerminal(server, shop, world.workplace);
      const employeeId = (await cashierToken(server, shop, { workplaceId: world.workplace })).id;
      const mutation = (seq: number, amount: string) => ({
        seq,
        mutationId: uuidv7(),
        name: 'OrderController_create',
        v: 1,
        occurredAt: new Date().toISOString(),
        actor: { employeeId },
        args: onAccount(client.id, amount),
      });
      const response = await server.request('POST', '/api/v1/sync/push', {
        token: till.token,
        body: { protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, mutations: [mutation(1, '20'), mutation(2, '10')] },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body.results[0], JSON.stringify(response.body.results)).toMatchObject({ status: "applied" });
      expect(response.body.results[1], JSON.stringify(response.body.results)).toMatchObject({
        status: 'applied',
        result: { warnings: expect.arrayContaining([{ code: 'CREDIT_LIMIT_EXCEEDED', clientId: client.id, balance: '30', limit: '25' }]) },
      });
      // Up to the limit (the first sale), nothing is said about credit.
      expect(JSON.stringify(response.body.results[0].result)).not.toContain('CREDIT_LIMIT_EXCEEDED');
      expect(await debtOf(server, shop, client.id)).toBe(3000n);
    });
  });
});
