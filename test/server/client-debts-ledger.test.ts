/**
 * The debt ledger's invariant over HTTP on both engines: a client's balance always equals the sum of its
 * entries, whatever mix of openings, transactions, absolute edits and write-offs produced it, and concurrent
 * transactions for one client lose nothing (the reference's D14 never moved the balance at all).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, unitsOf, MONEY } from '../../shared/decimal.js';
import { debtLedgerMismatches } from '../../app/debts/ledger.js';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { insertClient } from '../helpers/fixtures.js';

/** Fixed so a failure reproduces; fast-check prints the seed and the shrunk command list on failure. */
const SEED = 20240917;

type Command = { op: 'open' | 'transact' | 'set'; units: bigint } | { op: 'remove' };

const units = fc.bigInt({ min: -10_000_000n, max: 10_000_000n });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant('open' as const), units }),
  fc.record({ op: fc.constant('transact' as const), units: units.filter((value) => value !== 0n) }),
  fc.record({ op: fc.constant('set' as const), units }),
  fc.record({ op: fc.constant('remove' as const) }),
);

describe.each(await testEngines())('the client debt ledger on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server, 'ledger');
  });
  afterAll(() => server.close());

  const body = (clientId: string, amount: bigint) => ({
    client_id: clientId,
    debt_amount: formatMoney(amount),
    employee_id: shop.userId,
    id_automated_point: '0',
  });

  /** Runs one command against the server and the model; returns the model after it. */
  async function apply(clientId: string, model: { live: boolean; balance: bigint; debtId?: string }, step: Command) {
    const token = shop.token;
    if (step.op === 'open') {
      const response = await server.request('POST', '/api/v1/client-debts/create', { token, body: body(clientId, step.units) });
      expect(response.status).toBe(model.live ? 409 : 201);
      return model.live ? model : { live: true, balance: model.balance + step.units, debtId: response.body.id as string };
    }
    if (step.op === 'transact') {
      const response = await server.request('POST', '/api/v1/client-debts/transactions/create', {
        token,
        body: body(clientId, step.units),
      });
      expect(response.status).toBe(201);
      return { live: true, balance: model.balance + step.units, debtId: response.body.debt_id as string };
    }
    if (!model.debtId) return model;
    if (step.op === 'set') {
      const response = await server.request('PATCH', `/api/v1/client-debts/update/${model.debtId}`, {
        token,
        body: { debt_amount: formatMoney(step.units) },
      });
      expect(response.status).toBe(model.live ? 200 : 404);
      return model.live ? { ...model, balance: step.units } : model;
    }
    const response = await server.request('DELETE', `/api/v1/client-debts/delete/${model.debtId}`, { token });
    expect(response.status).toBe(model.live ? 200 : 404);
    return model.live ? { ...model, live: false, balance: 0n } : model;
  }

  it('keeps every balance equal to the sum of its entries after any mix of operations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands) => {
        const clientId = await insertClient(server, shop, 'Property client');
        let model: { live: boolean; balance: bigint; debtId?: string } = { live: false, balance: 0n };
        for (const step of commands) model = await apply(clientId, model, step);
        // Per client, so that fast-check's shrinking is not confused by the clients of earlier runs.
        const mismatches = await debtLedgerMismatches(server.database.db, shop.businessId);
        expect(mismatches.filter((row) => row.clientId === clientId)).toEqual([]);
        const stored = await server.database.db
          .selectFrom('client_debts')
          .select(['debt_amount', 'is_deleted'])
          .where('client_id', '=', clientId)
          .executeTakeFirst();
        expect(stored?.debt_amount ?? 0n).toBe(model.balance);
        const history = await server.request('GET', `/api/v1/client-debts/transactions/all?client_id=${clientId}`, {
          token: shop.token,
        });
        const listed = history.body.reduce(
          (total: bigint, entry: { debt_amount: string }) => total + unitsOf(entry.debt_amount, MONEY),
          0n,
        );
        expect(listed).toBe(model.balance);
      }),
      { seed: SEED, numRuns: 30, verbose: true },
    );
  });

  it('loses nothing when 20 transactions for one client arrive at once', async () => {
    const clientId = await insertClient(server, shop, 'Busy client');
    const amounts = Array.from({ length: 20 }, (_, index) => BigInt((index + 1) * 137) * (index % 3 === 0 ? -1n : 1n));
    const responses = await Promise.all(
      amounts.map((amount) =>
        server.request('POST', '/api/v1/client-debts/transactions/create', { token: shop.token, body: body(clientId, amount) }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(amounts.map(() => 201));
    const expected = amounts.reduce((total, amount) => total + amount, 0n);
    const records = await server.database.db
      .selectFrom('client_debts')
      .select(['id', 'debt_amount'])
      .where('client_id', '=', clientId)
      .execute();
    expect(records).toHaveLength(1);
    expect(records[0]?.debt_amount).toBe(expected);
    expect(new Set(responses.map((response) => response.body.debt_id))).toEqual(new Set([records[0]?.id]));
    const entries = await server.database.db
      .selectFrom('client_debt_txns')
      .select('id')
      .where('client_id', '=', clientId)
      .execute();
    expect(entries).toHaveLength(20);
    expect(await debtLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('keeps the books balanced when absolute edits and write-offs race with transactions', async () => {
    const clientId = await insertClient(server, shop, 'Racing client');
    const opened = await server.request('POST', '/api/v1/client-debts/create', {
      token: shop.token,
      body: body(clientId, 100_00n),
    });
    const debtId = opened.body.id as string;
    const requests = Array.from({ length: 20 }, (_, index) => {
      if (index % 7 === 3)
        return server.request('PATCH', `/api/v1/client-debts/update/${debtId}`, {
          token: shop.token,
          body: { debt_amount: '12.34' },
        });
      if (index === 10) return server.request('DELETE', `/api/v1/client-debts/delete/${debtId}`, { token: shop.token });
      return server.request('POST', '/api/v1/client-debts/transactions/create', {
        token: shop.token,
        body: body(clientId, 5_00n),
      });
    });
    const statuses = (await Promise.all(requests)).map((response) => response.status);
    expect(statuses.every((status) => status === 200 || status === 201 || status === 404)).toBe(true);
    expect(await debtLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });
});
