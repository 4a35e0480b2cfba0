/**
 * A malformed operation never blocks a till's queue (docs/sync.md, "Push"): the till sends the same batch until it is
 * answered, so whatever one operation holds — values nested thousands deep, a prototype property, a broken envelope,
 * a body that is not an object, megabytes of text — it is rejected alone, with its reason, as its result; the others
 * of its batch apply, and a retry is answered from the stored results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { expectErrorBody } from '../helpers/checks.js';
import { receiptWorld, type ReceiptWorld } from '../helpers/receipts.js';
import { enrollTerminal, shopWorld, type EnrolledTerminal } from '../helpers/terminals.js';

const PUSH = '/api/v1/sync/push';

/**
 * A value nested `depth` arrays deep, written as text: JSON.stringify cannot write it (its recursion overflows the
 * stack — the very failure the push had), so a placeholder string is swapped for it in the body's text.
 */
const deep = (depth: number) => `@@nested-${depth}@@`;
const bodyText = (body: unknown) =>
  JSON.stringify(body).replace(/"@@nested-(\d+)@@"/g, (_match, depth: string) => `${'['.repeat(Number(depth))}1${']'.repeat(Number(depth))}`);

type Result = { seq: number; status: string; result: { error?: { code: string; statusCode: number; message: string[] | string } } };

describe.each(await testEngines())('a push with a malformed operation on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let stock: ReceiptWorld;
  let cashier: string;
  let point: string;
  let workplace: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server);
    const world = await shopWorld(server, shop);
    workplace = world.workplace1;
    point = world.point1;
    stock = await receiptWorld(server, shop);
    cashier = (await cashierToken(server, shop, { workplaceId: workplace })).id;
  });
  afterAll(() => server.close());

  const terminal = () => enrollTerminal(server, shop, workplace);
  let clock = Date.parse('2026-11-20T09:00:00.000Z');
  const debtSale = (seq: number, extra: Record<string, unknown> = {}) => {
    clock += 1000;
    return {
      seq,
      mutationId: uuidv7(),
      name: 'ClientDebtController_createTransaction',
      v: 1,
      occurredAt: new Date(clock).toISOString(),
      actor: { employeeId: cashier },
      args: { client_id: stock.client, debt_amount: '1', employee_id: cashier, id_automated_point: point },
      ...extra,
    };
  };
  const push = (till: EnrolledTerminal, mutations: unknown[], token = till.token) =>
    server.request('POST', PUSH, {
      token,
      body: bodyText({ protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, mutations }),
    });
  const entries = async () =>
    (await server.database.db.selectFrom('client_debt_txns').select('id').where('business_id', '=', shop.businessId).execute()).length;
  const stored = (mutationId: string) =>
    server.database.db.selectFrom('sync_mutations').select(['status', 'args', 'result']).where('mutation_id', '=', mutationId).executeTakeFirstOrThrow();

  it('rejects an operation whose args nest 5,000 deep, applies its neighbours, and answers its retry from the stored result', async () => {
    const till = await terminal();
    const before = await entries();
    const nested = debtSale(2, { args: { client_id: deep(5000), debt_amount: '1' } });
    const batch = [debtSale(1), nested, debtSale(3)];
    const response = await push(till, batch);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.results.map((result: Result) => result.status)).toEqual(['applied', 'rejected', 'applied']);
    expect(response.body.results[1].result.error).toEqual({ code: 'INVALID', statusCode: 400, message: ['args nest deeper than 32 levels'] });
    expect((await entries()) - before).toBe(2);
    // What is kept of it is storable: its args as a note, the rest as sent.
    const row = await stored(nested.mutationId);
    expect(row.status).toBe('rejected');
    expect(JSON.parse(row.args)).toEqual({ args: { omitted: 'args nest deeper than 32 levels' }, params: null, basis: null, actor: { employeeId: cashier } });
    const retry = await push(till, batch);
    expect(retry.status).toBe(201);
    expect(retry.body.results).toEqual(response.body.results);
    expect((await entries()) - before).toBe(2);
  });

  it('rejects each operation with a broken envelope alone, naming the field, and applies the rest', async () => {
    const till = await terminal();
    const before = await entries();
    const broken: [Record<string, unknown>, string][] = [
      [{ occurredAt: 'yesterday' }, 'occurredAt must be an ISO 8601 date string'],
      [{ v: 'one' }, 'v must be a number'],
      [{ name: 'Client\u0000Debt' }, 'name must not contain NUL characters'],
      [{ name: 'x'.repeat(500) }, 'name must be at most 100 characters'],
      [{ comment: 'a field of a newer till' }, 'property comment should not exist'],
      [{ actor: null }, 'actor must be an object'],
      [{ params: { id: deep(3000) } }, 'params nest deeper than 32 levels'],
      [{ basis: { value: '9'.repeat(100) } }, 'basis.value must be at most 40 characters'],
      // As JSON.parse makes it: an own property named __proto__ (a literal would set the prototype instead).
      [{ actor: { employeeId: cashier, x: JSON.parse('{"__proto__":1}') } }, 'actor.x.__proto__ is not an allowed property name'],
    ];
    const batch = [debtSale(1), ...broken.map(([extra], index) => debtSale(index + 2, extra)), debtSale(broken.length + 2)];
    const response = await push(till, batch);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const results = response.body.results as Result[];
    expect(results[0]!.status).toBe('applied');
    expect(results.at(-1)!.status).toBe('applied');
    broken.forEach(([, problem], index) => {
      expect(results[index + 1], problem).toMatchObject({ status: 'rejected', result: { error: { code: 'INVALID', statusCode: 400 } } });
      expect(results[index + 1]!.result.error!.message, problem).toEqual(expect.arrayContaining([problem]));
    });
    expect(response.body.lastAppliedSeq).toBe(broken.length + 2);
    expect((await entries()) - before).toBe(2);
  });

  it('rejects args holding __proto__ or constructor.prototype as a property alone, without refusing the batch or touching any prototype', async () => {
    const till = await terminal();
    const sales = [debtSale(1), debtSale(2), debtSale(3), debtSale(4)];
    const text = bodyText({ protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, mutations: sales })
      .replace('"args":{', '"args":{"__proto__":{"polluted":1},')
      .replace(/("seq":3,[^]*?"args":\{)/, '$1"constructor":{"prototype":{"polluted":1}},');
    const response = await server.request('POST', PUSH, { token: till.token, body: text });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.results.map((result: Result) => result.status)).toEqual(['rejected', 'applied', 'rejected', 'applied']);
    expect(response.body.results[0].result.error.message).toEqual(['args.__proto__ is not an allowed property name']);
    expect(response.body.results[2].result.error.message).toEqual(['args.constructor is not an allowed property name']);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    // Every other route still refuses such a body outright.
    const elsewhere = await server.request('POST', '/api/v1/clients/create', { token: shop.token, body: '{"full_name":"x","__proto__":{"a":1}}' });
    expectErrorBody(elsewhere, 400, 'Body is not valid JSON');
  });

  it('rejects args that are not an object, each alone', async () => {
    const till = await terminal();
    const response = await push(till, [debtSale(1, { args: 'hello' }), debtSale(2, { args: [1, 2] }), debtSale(3, { args: 7 }), debtSale(4)]);
    expect(response.status).toBe(201);
    const results = response.body.results as Result[];
    expect(results.map((result) => [result.status, result.result.error?.message])).toEqual([
      ['rejected', ['args must be an object']],
      ['rejected', ['args must be an object']],
      ['rejected', ['args must be an object']],
      ['applied', undefined],
    ]);
  });

  it('keeps what it stores of a rejected operation bounded: a long text as a note, thousands of problems as a few lines', async () => {
    const till = await terminal();
    const long = debtSale(1, { occurredAt: 'never', args: { note: 'x'.repeat(100_000) } });
    // 2,000 fields its operation does not take, the first few with names longer than a kept line.
    const unknownFields = Object.fromEntries(Array.from({ length: 2_000 }, (_, index) => [`field_${index}${index < 5 ? 'y'.repeat(600) : ''}`, 1]));
    const many = debtSale(2, { args: { ...debtSale(2).args, ...unknownFields } });
    const response = await push(till, [long, many, debtSale(3)]);
    expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBe(201);
    expect(response.body.results.map((result: Result) => result.status)).toEqual(['rejected', 'rejected', 'applied']);
    const payload = JSON.parse((await stored(long.mutationId)).args) as { args: { omitted: string } };
    expect(payload.args.omitted).toMatch(/^args is \d+ bytes of JSON, more than the 65536 kept of a rejected operation$/);
    const lines = response.body.results[1].result.error.message as string[];
    expect(lines).toHaveLength(21);
    expect(lines.every((line) => line.length <= 500)).toBe(true);
    expect(lines.at(-1)).toBe('… and 1980 more problems');
    expect(JSON.parse((await stored(many.mutationId)).result!)).toEqual(response.body.results[1].result);
  });

  it('still refuses, naming the field, a batch whose operations cannot be placed in the queue', async () => {
    const till = await terminal();
    const notAnObject = await push(till, [debtSale(1), 'sale']);
    expectErrorBody(notAnObject, 400, 'mutations.1 must be an object');
    const noSeq = await push(till, [debtSale(1), { ...debtSale(2), seq: 'two' }]);
    expectErrorBody(noSeq, 400, 'mutations.1.seq must be a number');
    const longId = await push(till, [{ ...debtSale(1), mutationId: 'x'.repeat(65) }]);
    expectErrorBody(longId, 400, 'mutations.0.mutationId must be at most 64 characters');
    expect(await server.database.db.selectFrom('sync_mutations').select('seq').where('terminal_id', '=', till.terminalId).execute()).toEqual([]);
  });

  it('keeps a revoked terminal’s malformed operation bounded and answers 401, not 500', async () => {
    const till = await terminal();
    expect((await server.request('DELETE', `/api/v1/sync/terminals/${till.terminalId}`, { token: shop.token })).status).toBe(200);
    const nested = debtSale(1, { args: { client_id: deep(5000) } });
    expectErrorBody(await push(till, [nested, debtSale(2)]), 401, 'credential has been revoked');
    const kept = await server.database.db
      .selectFrom('refused_operations')
      .select(['seq', 'payload'])
      .where('terminal_id', '=', till.terminalId)
      .orderBy('seq')
      .execute();
    expect(kept.map((row) => Number(row.seq))).toEqual([1, 2]);
    expect(JSON.parse(kept[0]!.payload)).toEqual({ params: null, args: { omitted: 'args nest deeper than 32 levels' }, basis: null });
  });
});
