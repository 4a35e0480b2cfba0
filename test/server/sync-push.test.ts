import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { derivedIds } from '../../app/sync/derived-ids.js';
import { stockLedgerMismatches } from '../../app/stock/ledger.js';
import { domainHandlers } from '../../app/handlers.js';
import type { Handler } from '../../app/operation.js';
import { OperationError } from '../../shared/errors.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { expectErrorBody } from '../helpers/checks.js';
import { insertClient } from '../helpers/fixtures.js';
import { isTillCredentialCheck, statementsDuring } from '../helpers/statements.js';
import { receiptWorld, type ReceiptWorld } from '../helpers/receipts.js';
import { bootstrapInto, enrollTerminal, pullPage, shopWorld, type EnrolledTerminal, type ShopWorld } from '../helpers/terminals.js';

const PUSH = '/api/v1/sync/push';

describe.each(await testEngines())('sync push on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let world: ShopWorld;
  let stock: ReceiptWorld;
  let cashier: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server);
    world = await shopWorld(server, shop);
    stock = await receiptWorld(server, shop);
    cashier = (await cashierToken(server, shop, { workplaceId: world.workplace1, rights: ['STOCK'] })).id;
  });
  afterAll(() => server.close());

  /** A fresh terminal (its own queue), enrolled at till 1. */
  const terminal = () => enrollTerminal(server, shop, world.workplace1);

  let clock = Date.parse('2026-11-20T09:00:00.000Z');
  function operation(seq: number, name: string, args: unknown, extra: Record<string, unknown> = {}) {
    clock += 1000;
    return {
      seq,
      mutationId: uuidv7(),
      name,
      v: 1,
      occurredAt: new Date(clock).toISOString(),
      actor: { employeeId: cashier },
      args,
      ...extra,
    };
  }
  const debtSale = (seq: number, amount = '150') =>
    operation(seq, 'ClientDebtController_createTransaction', {
      client_id: stock.client,
      debt_amount: amount,
      employee_id: cashier,
      id_automated_point: world.point1,
    });
  const push = (till: EnrolledTerminal, mutations: unknown[], token = till.token) =>
    server.request('POST', PUSH, {
      token,
      body: { protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, mutations },
    });
  const balance = async () => {
    const row = await server.database.db
      .selectFrom('client_debts')
      .select('debt_amount')
      .where('business_id', '=', shop.businessId)
      .where('client_id', '=', stock.client)
      .executeTakeFirst();
    return row ? BigInt(row.debt_amount) : 0n;
  };
  const entries = async () =>
    (
      await server.database.db
        .selectFrom('client_debt_txns')
        .select('id')
        .where('business_id', '=', shop.businessId)
        .where('client_id', '=', stock.client)
        .execute()
    ).length;

  it('applies queued operations in order as the employee who did them, and answers each one’s result', async () => {
    const till = await terminal();
    const before = await balance();
    const response = await push(till, [debtSale(1, '150'), debtSale(2, '-50')]);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({
      terminalId: till.terminalId,
      epoch: till.epoch,
      lastAppliedSeq: 2,
      version: expect.any(Number),
    });
    expect(response.body.results.map((result: { seq: number; status: string }) => [result.seq, result.status])).toEqual([
      [1, 'applied'],
      [2, 'applied'],
    ]);
    expect((await balance()) - before).toBe(10000n);
    const audit = await server.database.db
      .selectFrom('audit_log')
      .select('user_id')
      .where('business_id', '=', shop.businessId)
      .where('action', '=', 'CREATE_CLIENT_DEBT_TRANSACTION')
      .orderBy('dt_created', 'desc')
      .executeTakeFirst();
    expect(audit?.user_id).toBe(cashier);
  });

  it('refuses a revoked terminal’s push without applying it, and keeps its operations once for the back office', async () => {
    const till = await terminal();
    expect((await push(till, [debtSale(1, '5')])).status).toBe(201);
    expect((await server.request('DELETE', `/api/v1/sync/terminals/${till.terminalId}`, { token: shop.token })).status).toBe(200);
    const [balanceBefore, entriesBefore] = [await balance(), await entries()];
    const late = [debtSale(2, '40'), debtSale(3, '-15')];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      // The terminal retries as it would: the batch is refused both times, and kept once.
      expectErrorBody(
        await push(till, late),
        401,
        'This terminal’s credential has been revoked: its operations were kept for the back office, not applied',
      );
    }
    expect([await balance(), await entries()]).toEqual([balanceBefore, entriesBefore]);
    // A malformed push, or one naming another terminal, is refused the same way and keeps nothing.
    const malformed = {
      protocolVersion: PROTOCOL_VERSION,
      terminalId: till.terminalId,
      epoch: till.epoch,
      mutations: [{ seq: 'x' }],
    };
    expectErrorBody(await server.request('POST', PUSH, { token: till.token, body: malformed }), 401);
    const anotherTill = await terminal();
    expectErrorBody(
      await server.request('POST', PUSH, {
        token: till.token,
        body: {
          protocolVersion: PROTOCOL_VERSION,
          terminalId: anotherTill.terminalId,
          epoch: till.epoch,
          mutations: [debtSale(9)],
        },
      }),
      401,
    );
    const kept = await server.request('GET', '/api/v1/sync/refused-operations', { token: shop.token });
    expect(kept.status).toBe(200);
    const mine = kept.body.filter((row: { terminal_id: string }) => row.terminal_id === till.terminalId);
    expect(mine).toEqual([
      expect.objectContaining({
        mutation_id: late[0]!.mutationId,
        seq: 2,
        name: 'ClientDebtController_createTransaction',
        employee_id: cashier,
        args: late[0]!.args,
        reason: 'terminal-revoked',
        terminal_name: 'Till',
      }),
      expect.objectContaining({
        mutation_id: late[1]!.mutationId,
        seq: 3,
        args: late[1]!.args,
        occurred_at: late[1]!.occurredAt,
      }),
    ]);
    // The back office of another business sees none of it, and a cashier may not look.
    const other = await registerTenant(server);
    expect((await server.request('GET', '/api/v1/sync/refused-operations', { token: other.token })).body).toEqual([]);
    expectErrorBody(
      await server.request('GET', '/api/v1/sync/refused-operations', { token: (await cashierToken(server, shop)).token }),
      403,
    );
  });

  it('keeps nothing for a push with no valid credential at all', async () => {
    const till = await terminal();
    const before = (await server.database.db.selectFrom('refused_operations').select('mutation_id').execute()).length;
    expectErrorBody(await push(till, [debtSale(1)], 'not-a-token'), 401);
    expectErrorBody(await push(till, [debtSale(1)], shop.token), 401);
    expect((await server.database.db.selectFrom('refused_operations').select('mutation_id').execute()).length).toBe(before);
  });

  it('keeps the app and schema version each terminal last pushed with', async () => {
    const till = await terminal();
    const send = (seq: number, appVersion: string) =>
      server.request('POST', PUSH, {
        token: till.token,
        body: {
          protocolVersion: PROTOCOL_VERSION,
          schemaVersion: 9,
          appVersion,
          terminalId: till.terminalId,
          epoch: till.epoch,
          mutations: [debtSale(seq)],
        },
      });
    expect((await send(1, '1.4.0')).status).toBe(201);
    expect((await send(2, '1.5.0')).status).toBe(201);
    const client = await server.database.db
      .selectFrom('sync_clients')
      .select(['app_version', 'schema_version', 'last_applied_seq'])
      .where('terminal_id', '=', till.terminalId)
      .executeTakeFirstOrThrow();
    expect({
      ...client,
      schema_version: Number(client.schema_version),
      last_applied_seq: Number(client.last_applied_seq),
    }).toEqual({ app_version: '1.5.0', schema_version: 9, last_applied_seq: 2 });
  });

  it('applies a retried batch once: the retry answers the stored results and changes nothing', async () => {
    const till = await terminal();
    const batch = [debtSale(1), debtSale(2)];
    const first = await push(till, batch);
    const [balanceAfter, entriesAfter] = [await balance(), await entries()];
    const retry = await push(till, batch);
    expect(retry.status).toBe(201);
    expect(retry.body.results).toEqual(first.body.results);
    expect(retry.body.version).toBe(first.body.version);
    expect([await balance(), await entries()]).toEqual([balanceAfter, entriesAfter]);
  });

  it('applies two copies of one batch racing each other once', async () => {
    const till = await terminal();
    const [balanceBefore, entriesBefore] = [await balance(), await entries()];
    const batch = [debtSale(1, '7'), debtSale(2, '8')];
    const answers = await Promise.all([push(till, batch), push(till, batch), push(till, batch)]);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect([await balance(), await entries()]).toEqual([balanceBefore + 1500n, entriesBefore + 2]);
  });

  it('continues a queue across pushes and refuses a batch that skips ahead with 409 SEQ_GAP', async () => {
    const till = await terminal();
    expect((await push(till, [debtSale(1)])).status).toBe(201);
    const skipped = await push(till, [debtSale(3)]);
    expectErrorBody(skipped, 409);
    // Where the service stands in each of the till's queues comes along (a rewound service is noticed from it).
    expect(skipped.body.detail).toEqual({ code: 'SEQ_GAP', expectedSeq: 2, queues: [{ epoch: till.epoch, lastAppliedSeq: 1 }] });
    expect((await push(till, [debtSale(2), debtSale(3)])).body.lastAppliedSeq).toBe(3);
  });

  it('answers an operation that already ran under another queue from what it stored, and moves the new queue on', async () => {
    const till = await terminal();
    const sale = debtSale(1, '70');
    expect((await push(till, [sale])).body.results[0].status).toBe('applied');
    const [balanceBefore, entriesBefore] = [await balance(), await entries()];
    // The same operation, sent again under a fresh queue (a copy of the till, or a till sending again after a restore).
    const again = { ...till, epoch: `${till.epoch}-again` };
    const answered = await push(again, [{ ...sale, seq: 1 }, debtSale(2, '5')]);
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    expect(answered.body.lastAppliedSeq).toBe(2);
    expect(answered.body.results.map((result: { status: string }) => result.status)).toEqual(['applied', 'applied']);
    expect([await balance(), await entries()]).toEqual([balanceBefore + 500n, entriesBefore + 1]);
    const rows = await server.database.db
      .selectFrom('sync_mutations')
      .select(['epoch', 'seq', 'duplicate_of'])
      .where('business_id', '=', shop.businessId)
      .where('mutation_id', '=', sale.mutationId)
      .orderBy('epoch')
      .execute();
    expect(rows.map((row) => [row.epoch, Number(row.seq), row.duplicate_of])).toEqual([
      [till.epoch, 1, null],
      [again.epoch, 1, `${till.terminalId}:${till.epoch}:1`],
    ]);
    // Its retry is answered as before, and a pull acknowledges the new queue whole.
    expect((await push(again, [{ ...sale, seq: 1 }])).body.lastAppliedSeq).toBe(2);
    const { cursor } = await bootstrapInto(server, again, new Map());
    const page = await pullPage(server, again, { cursor, knownAck: 0 });
    expect(page.ack).toEqual({ epoch: again.epoch, lastAppliedSeq: 2 });
    expect(page.mutationResults.map((result: { seq: number; mutationId: string }) => [result.seq, result.mutationId])).toEqual([[1, sale.mutationId], [2, answered.body.results[1].mutationId]]);
  });

  it('runs an operation sent twice in one batch once, and answers both', async () => {
    const till = await terminal();
    const [balanceBefore, entriesBefore] = [await balance(), await entries()];
    const sale = debtSale(1, '9');
    const answered = await push(till, [sale, { ...sale, seq: 2 }]);
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    expect(answered.body.results.map((result: { seq: number; status: string }) => [result.seq, result.status])).toEqual([
      [1, 'applied'],
      [2, 'applied'],
    ]);
    expect([await balance(), await entries()]).toEqual([balanceBefore + 900n, entriesBefore + 1]);
  });

  it('refuses a seq already used by another operation (a restored database) with 409 EPOCH_FORKED, applying nothing', async () => {
    const till = await terminal();
    await push(till, [debtSale(1)]);
    const before = [await balance(), await entries()];
    const forked = await push(till, [debtSale(1), debtSale(2)]);
    expectErrorBody(forked, 409);
    expect(forked.body.detail).toEqual({ code: 'EPOCH_FORKED', seq: 1, queues: [{ epoch: till.epoch, lastAppliedSeq: 1 }] });
    expect([await balance(), await entries()]).toEqual(before);
    // Under a new epoch the same terminal continues from seq 1.
    const renewed = await push({ ...till, epoch: `${till.epoch}-2` }, [debtSale(1)]);
    expect(renewed.body.results[0].status).toBe('applied');
  });

  it('rejects an invalid operation with its reason, keeps its payload, and still applies the ones after it', async () => {
    const till = await terminal();
    const bad = operation(1, 'ClientDebtController_createTransaction', {
      client_id: stock.client,
      debt_amount: '0',
      employee_id: cashier,
      id_automated_point: world.point1,
    });
    const response = await push(till, [bad, debtSale(2, '1')]);
    expect(response.body.results[0]).toMatchObject({
      seq: 1,
      status: 'rejected',
      result: { error: { code: 'INVALID', statusCode: 400, message: ['debt_amount must not be zero'] } },
    });
    expect(response.body.results[1]).toMatchObject({ seq: 2, status: 'applied' });
    const kept = await server.database.db
      .selectFrom('sync_mutations')
      .select(['status', 'args'])
      .where('mutation_id', '=', bad.mutationId)
      .executeTakeFirstOrThrow();
    expect(kept.status).toBe('rejected');
    expect(JSON.parse(kept.args).args.debt_amount).toBe('0');
  });

  it('leaves nothing of a rejected operation that had already written, while the operations around it apply', async () => {
    const handlers = domainHandlers as Map<string, Handler>;
    const original = handlers.get('ClientDebtController_createTransaction')!;
    // A handler that finds its problem only after writing (the posting is made, then refused).
    handlers.set('ClientDebtController_createTransaction', {
      ...original,
      async run(db, input, ctx) {
        const result = await original.run(db, input, ctx);
        // The validated body holds money as units (13.00 = 1300n).
        if (String((input.body as { debt_amount: unknown }).debt_amount) === '1300')
          throw new OperationError(400, ['debt_amount 13 is refused after writing']);
        return result;
      },
    });
    try {
      const till = await terminal();
      const [balanceBefore, entriesBefore] = [await balance(), await entries()];
      const response = await push(till, [debtSale(1, '2'), debtSale(2, '13'), debtSale(3, '5')]);
      expect(response.status).toBe(201);
      expect(response.body.results.map((result: { status: string }) => result.status)).toEqual([
        'applied',
        'rejected',
        'applied',
      ]);
      expect(response.body.results[1].result.error).toMatchObject({ message: ['debt_amount 13 is refused after writing'] });
      expect([(await balance()) - balanceBefore, (await entries()) - entriesBefore]).toEqual([700n, 2]);
    } finally {
      handlers.set('ClientDebtController_createTransaction', original);
    }
  });

  it('rejects operations a terminal may not queue, unknown employees and unknown records, and advances the queue', async () => {
    const till = await terminal();
    const response = await push(till, [
      operation(1, 'AuthController_login', { login: 'x', password: 'y' }),
      operation(2, 'WarehouseController_findAll', {}),
      { ...debtSale(3), actor: { employeeId: uuidv7() } },
      operation(4, 'SupplierController_update', { name: 'Renamed' }, { params: { id: uuidv7() } }),
      operation(5, 'SupplierController_update', { name: 'No id' }),
    ]);
    expect(response.body.results.map((result: { result: { error: { code: string } } }) => result.result.error.code)).toEqual([
      'NOT_QUEUEABLE',
      'NOT_QUEUEABLE',
      'UNKNOWN_EMPLOYEE',
      'NOT_FOUND',
      'INVALID',
    ]);
    expect(response.body.lastAppliedSeq).toBe(5);
  });

  it('S15: only enrolled terminals push, and a pushed operation can set only what its own operation accepts', async () => {
    const till = await terminal();
    const body = { protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, mutations: [debtSale(1)] };
    const employee = await cashierToken(server, shop);
    for (const token of [shop.token, employee.token]) expectErrorBody(await server.request('POST', PUSH, { token, body }), 401);
    // The reference let any token upsert whole rows, is_deleted and employee_id included; here the body is the
    // operation's own, strictly validated.
    const sneaky = operation(1, 'SupplierController_create', { name: 'Hidden', is_deleted: true, employee_id: 'someone' });
    const response = await push(till, [sneaky]);
    expect(response.body.results[0].result.error.message).toEqual(
      expect.arrayContaining(['property is_deleted should not exist']),
    );
  });

  it('D9: an absolute stock edit made offline moves the stock by what the cashier changed, keeping sales that arrived meanwhile', async () => {
    const till = await terminal();
    const created = await server.request('POST', '/api/v1/stock-quantity/create', {
      token: shop.token,
      body: {
        itemId: stock.item,
        warehouseId: stock.warehouse,
        stock_quantity: '10',
        price: '1',
        measureId: stock.measure,
        dateFrom: '2026-11-01',
      },
    });
    expect(created.status).toBe(201);
    // The cashier saw 10 and counted 12 on the shelf (2 found); meanwhile the back office wrote 3 off to 7.
    await server.request('PATCH', `/api/v1/stock-quantity/update/${created.body.id}`, {
      token: shop.token,
      body: { stock_quantity: '7' },
    });
    const edit = operation(
      1,
      'StockQuantityController_update',
      { stock_quantity: '12' },
      { params: { id: created.body.id }, basis: { value: '10' } },
    );
    expect((await push(till, [edit])).body.results[0].status).toBe('applied');
    const row = await server.request('GET', `/api/v1/stock-quantity/${created.body.id}`, { token: shop.token });
    // The reference's last-writer-wins would say 12 and lose the write-off; the difference says 7 + 2.
    expect(row.body.stock_quantity).toBe('9');
  });

  it('a queued stock row create for a pair the service already has sets that row, by what the cashier changed', async () => {
    const till = await terminal();
    const rowBody = (quantity: string, price = '1') => ({
      itemId: stock.item2,
      warehouseId: stock.warehouse2,
      stock_quantity: quantity,
      price,
      measureId: stock.measure,
      dateFrom: '2026-11-01',
    });
    const created = await server.request('POST', '/api/v1/stock-quantity/create', { token: shop.token, body: rowBody('10') });
    expect(created.status).toBe(201);
    // The till showed 10 and the cashier typed 12; meanwhile the back office set 7 (another create of the pair).
    expect((await server.request('POST', '/api/v1/stock-quantity/create', { token: shop.token, body: rowBody('7') })).status).toBe(201);
    const withBasis = operation(1, 'StockQuantityController_create', rowBody('12', '2.5'), { basis: { value: '10' } });
    // A till that had no row of the pair sends no basis: its value is set against the service's level.
    const without = operation(2, 'StockQuantityController_create', rowBody('20'));
    const response = await push(till, [withBasis, without]);
    expect(response.body.results.map((result: { status: string }) => result.status)).toEqual(['applied', 'applied']);
    const row = await server.request('GET', `/api/v1/stock-quantity/${created.body.id}`, { token: shop.token });
    expect(row.body).toMatchObject({ id: created.body.id, stock_quantity: '20', price: '1' });
    const pairRows = await server.database.db
      .selectFrom('stock_levels')
      .select('id')
      .where('business_id', '=', shop.businessId)
      .where('item_id', '=', stock.item2)
      .where('warehouse_id', '=', stock.warehouse2)
      .execute();
    expect(pairRows).toHaveLength(1);
    const moves = await server.database.db
      .selectFrom('stock_moves')
      .select('delta')
      .where('business_id', '=', shop.businessId)
      .where('doc_id', '=', created.body.id)
      .execute();
    // 10, then 7 (−3), then 7 + (12 − 10) = 9 (+2), then 20 (+11): the level is the sum of the ledger.
    const deltas = moves.map((move) => BigInt(move.delta)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(deltas).toEqual([-3000n, 2000n, 10000n, 11000n]);
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('two tills’ queued shift openings both apply, each on its own workplace; a second open shift of one till is refused', async () => {
    const till1 = await terminal();
    const till2 = await enrollTerminal(server, shop, world.workplace2, 'Till 2');
    const openShift = (seq: number, name: string) => operation(seq, 'SettlmentController_create', { name });
    const first = await push(till1, [openShift(1, 'Till 1 shift')]);
    const second = await push(till2, [openShift(1, 'Till 2 shift')]);
    expect([first.body.results[0].status, second.body.results[0].status]).toEqual(['applied', 'applied']);
    const open = await server.database.db
      .selectFrom('settlements')
      .select(['name', 'workplace_id'])
      .where('business_id', '=', shop.businessId)
      .where('is_closed', '=', 0)
      .orderBy('name')
      .execute();
    expect(open).toEqual([
      { name: 'Till 1 shift', workplace_id: world.workplace1 },
      { name: 'Till 2 shift', workplace_id: world.workplace2 },
    ]);
    const again = await push(till1, [openShift(2, 'Till 1 again')]);
    expect(again.body.results[0]).toMatchObject({ status: 'rejected', result: { error: { statusCode: 409 } } });
  });

  it('gives a credit sale’s entry the operation’s first id, whether or not the client owed before', async () => {
    const till = await terminal();
    const newcomer = await insertClient(server, shop, 'First-time debtor');
    const sale = (seq: number) => operation(seq, 'ClientDebtController_createTransaction', {
      client_id: newcomer,
      debt_amount: '3',
      employee_id: cashier,
      id_automated_point: world.point1,
    });
    // The first opens the client's record, the second finds it: the entry's id must not depend on which it was.
    const sales = [sale(1), sale(2)];
    const response = await push(till, sales);
    expect(response.body.results.map((result: { status: string }) => result.status)).toEqual(['applied', 'applied']);
    const ids = await server.database.db
      .selectFrom('client_debt_txns')
      .select('id')
      .where('business_id', '=', shop.businessId)
      .where('client_id', '=', newcomer)
      .execute();
    expect(ids.map((row) => row.id).sort()).toEqual(sales.map((one) => derivedIds(one.mutationId, one.occurredAt)()).sort());
    // The record the first sale opened takes that operation's second id, as it does on the terminal.
    const secondId = derivedIds(sales[0]!.mutationId, sales[0]!.occurredAt);
    secondId();
    const record = await server.database.db.selectFrom('client_debts').select(['id', 'debt_amount']).where('business_id', '=', shop.businessId).where('client_id', '=', newcomer).executeTakeFirstOrThrow();
    expect(record).toEqual({ id: secondId(), debt_amount: 600n });
  });

  it('gives records created offline the ids the terminal gave them, so a later queued edit finds them', async () => {
    const till = await terminal();
    const create = operation(1, 'SupplierController_create', { name: 'Back room' });
    const localId = derivedIds(create.mutationId, create.occurredAt)();
    const rename = operation(2, 'SupplierController_update', { name: 'Back room 2' }, { params: { id: localId } });
    const response = await push(till, [create, rename]);
    expect(response.body.results.map((result: { status: string }) => result.status)).toEqual(['applied', 'applied']);
    const stored = await server.database.db
      .selectFrom('suppliers')
      .select('name')
      .where('business_id', '=', shop.businessId)
      .where('id', '=', localId)
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe('Back room 2');
  });

  it('acknowledges pushed operations in the terminal’s next pull, with their results', async () => {
    const till = await terminal();
    const pushed = await push(till, [
      debtSale(1, '3'),
      operation(2, 'SupplierController_update', { name: 'x' }, { params: { id: uuidv7() } }),
    ]);
    expect(pushed.status).toBe(201);
    let page = await pullPage(server, till, {});
    if (page.reset) {
      // A terminal that never bootstrapped pulls from the snapshot cursor the bootstrap gives.
      const snapshot = await server.request('POST', '/api/v1/sync/bootstrap', {
        token: till.token,
        body: { protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, tables: ['warehouses'] },
      });
      page = await pullPage(server, till, { cursor: snapshot.body.cursor });
    }
    expect(page.ack).toEqual({ epoch: till.epoch, lastAppliedSeq: 2 });
    expect(
      page.mutationResults.map((result: { seq: bigint | number; status: string }) => [Number(result.seq), result.status]),
    ).toEqual([
      [1, 'applied'],
      [2, 'rejected'],
    ]);
  });

  /**
   * On PostgreSQL every statement is a round trip from a CPU-bound service: statements per push are what bound a
   * fleet's throughput (BENCHMARKS.md, "Sync"). Counted at the driver, so a change that adds a round trip to
   * every push shows up here, not only in a benchmark.
   */
  it.runIf(engine === 'postgres')('sends PostgreSQL few statements: a one-sale push at most 7, each further credit sale one, a client’s first no more', async () => {
    let statements: string[] = [];
    const counted = async (mutations: unknown[], till: EnrolledTerminal) => {
      // The previous push's announcement to other instances (server/sync/pokes.ts: a NOTIFY on the listener's own
      // connection, a few ms after the answer) is not this push's statement: let it go out first.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const recorded = await statementsDuring(() => push(till, mutations));
      statements = recorded.statements.filter((statement) => !isTillCredentialCheck(statement));
      expect(recorded.result.status, JSON.stringify(recorded.result.body)).toBe(201);
      expect(recorded.result.body.results.every((result: { status: string }) => result.status === 'applied')).toBe(true);
      return statements.length;
    };
    // A till that has pushed before (its credential's check is cached), selling to a client who owes already.
    const till = await terminal();
    expect((await push(till, [debtSale(1)])).status).toBe(201);
    const one = await counted([debtSale(2)], till);
    // At least BEGIN, the operation and COMMIT: a count of nothing would mean the counting missed them.
    expect(one, statements.join('\n')).toBeGreaterThanOrEqual(3);
    // After COMMIT: the WAL position it lies below, then (once the capture has read past it: a notified wait, no
    // polling) the version the capture gave its results (server/capture/progress.ts).
    expect(one, statements.join('\n')).toBeLessThanOrEqual(7);
    const ten = await counted(Array.from({ length: 10 }, (_, index) => debtSale(index + 3)), till);
    // The entry, the balance and the audit entry travel in one statement (postDebtEntry, db/debt-statements.ts).
    expect(ten - one, statements.join('\n')).toBeLessThanOrEqual(9);
    // A client's first credit sale too: the record is created in the same statement.
    const newcomer = await insertClient(server, shop, 'Counted first-time debtor');
    const first = operation(13, 'ClientDebtController_createTransaction', { client_id: newcomer, debt_amount: '7', employee_id: cashier, id_automated_point: world.point1 });
    expect(await counted([first], till), statements.join('\n')).toBeLessThanOrEqual(one);
    const opened = await server.database.db.selectFrom('client_debts').select('debt_amount').where('business_id', '=', shop.businessId).where('client_id', '=', newcomer).executeTakeFirstOrThrow();
    expect(opened.debt_amount).toBe(700n);
  });

  it('validates the push body, naming the field', async () => {
    const till = await terminal();
    const response = await push(till, [debtSale(1), debtSale(3)]);
    expectErrorBody(response, 400);
    expect(response.body.message).toEqual(expect.arrayContaining(['mutations must have consecutive seq numbers']));
    const missing = await push(till, [{ ...debtSale(1), mutationId: undefined }]);
    expect(missing.body.message).toEqual(expect.arrayContaining(['mutations.0.mutationId is required']));
  });
});
