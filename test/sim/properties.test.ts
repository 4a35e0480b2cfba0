/**
 * Fast properties of the terminal core and push (research §7.5), on real service engines and real terminal
 * stores (in-memory SQLite), with fixed seeds (a failure prints its counterexample):
 *
 * - applying the same pull pages twice leaves a till exactly as applying them once, pending work included;
 * - any page size, and any grouping of pages into local transactions, gives the same final state;
 * - two tills' operations pushed in any interleaving (each till's own order kept) give the same ledger sums.
 */
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPullPages, type PulledPage, type PullPageMeta } from '../../main/terminal/apply-pages.js';
import { CAPTURED_TABLES } from '../../db/change-capture.js';
import { Terminal, type Transport } from '../../main/terminal/terminal.js';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { enrollTerminal, enrollmentCode, receiptNeeds, shopWorld, type EnrolledTerminal, type ShopWorld } from '../helpers/terminals.js';

const SEED = 20_261_122;
const SERVICE = 'http://kassa.test';

/** What the back office does between two syncs of a till. */
type OfficeWrite = { kind: 'price'; item: number; cents: number } | { kind: 'receive'; item: number; quantity: number } | { kind: 'debt'; amount: number } | { kind: 'client' };

const officeWrite: fc.Arbitrary<OfficeWrite> = fc.oneof(
  fc.record({ kind: fc.constant('price' as const), item: fc.nat(2), cents: fc.integer({ min: 100, max: 9_999 }) }),
  fc.record({ kind: fc.constant('receive' as const), item: fc.nat(2), quantity: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ kind: fc.constant('debt' as const), amount: fc.integer({ min: -50, max: 50 }).filter((amount) => amount !== 0) }),
  fc.record({ kind: fc.constant('client' as const) }),
);

describe.each(await testEngines())('properties of the terminal core and push on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let world: ShopWorld;
  let needs: { measure: string; supplier: string };
  let cashier: string;
  const items: string[] = [];
  let client: string;
  const stores: Terminal[] = [];

  /** The core's transport, straight into the service (no sockets). */
  const transport: Transport = async (url, body, token) => {
    const response = await server.app.inject({
      method: 'POST',
      url: url.slice(SERVICE.length),
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, text: response.body };
  };

  const rest = async (method: string, path: string, body?: unknown) => {
    const response = await server.request(method, `/api/v1${path}`, { token: shop.token, body });
    expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
    return response.body;
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server, 'property-shop');
    world = await shopWorld(server, shop);
    needs = await receiptNeeds(server, shop);
    // The tills' cashier does the stock and debt work the properties draw (rights: issue 28 §2).
    cashier = (await cashierToken(server, shop, { workplaceId: world.workplace1, rights: ['STOCK', 'CLIENT_DEBTS'] })).id;
    for (const name of ['Tea', 'Bread', 'Milk']) items.push((await rest('POST', '/item-modifier/items/create', { name, measurement: 'pcs', price: '2', type: 'ITEM' })).id);
    for (const itemId of items) await rest('POST', '/stock-quantity/create', { itemId, warehouseId: world.warehouse1, stock_quantity: '50', price: '1', measureId: needs.measure, dateFrom: '2026-01-01' });
    client = (await rest('POST', '/clients/create', { full_name: 'Regular' })).id;
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    await server.close();
  });

  /** A new till at till 1, bootstrapped. */
  async function till(): Promise<Terminal> {
    const terminal = await Terminal.open(':memory:', transport);
    stores.push(terminal);
    await terminal.enroll(SERVICE, await enrollmentCode(server, shop.token, world.workplace1), 'Property till');
    await terminal.bootstrap();
    return terminal;
  }

  async function office(write: OfficeWrite): Promise<void> {
    switch (write.kind) {
      case 'price':
        await rest('PATCH', `/item-modifier/items/update/${items[write.item]}`, { price: (write.cents / 100).toFixed(2) });
        return;
      case 'receive': {
        const quantity = String(write.quantity);
        await rest('POST', '/receipt/create', {
          name: 'Delivery',
          warehouseId: [world.warehouse1],
          organizationId: world.point1,
          employeeId: shop.userId,
          clientId: needs.supplier,
          conducted: true,
          total: quantity,
          totalPlanned: quantity,
          totalDiff: '0',
          items: [{ itemId: items[write.item], quantity, plannedQuantity: quantity, price: '1', measureId: needs.measure }],
        });
        return;
      }
      case 'debt':
        await rest('POST', '/client-debts/transactions/create', { client_id: client, debt_amount: String(write.amount), employee_id: shop.userId, id_automated_point: world.point1 });
        return;
      case 'client':
        await rest('POST', '/clients/create', { full_name: `Walk-in ${uuidv7().slice(-6)}` });
        return;
    }
  }

  /** Pulls from the till's cursor to the head in pages of `limitRows`, without applying them. */
  async function pages(terminal: Terminal, limitRows: number): Promise<PulledPage[]> {
    const local = terminal.store.db as unknown as Kysely<unknown>;
    const meta = new Map((await sql<{ key: string; value: string }>`select key, value from terminal_meta`.execute(local)).rows.map((row) => [row.key, row.value]));
    const result: PulledPage[] = [];
    let cursor = meta.get('cursor') ?? null;
    for (;;) {
      const answer = await transport(`${SERVICE}/api/v1/sync/pull`, { protocolVersion: PROTOCOL_VERSION, terminalId: meta.get('terminal_id'), epoch: meta.get('epoch'), cursor, limitRows }, meta.get('access_token') ?? null);
      expect(answer.status, answer.text).toBe(201);
      const page = JSON.parse(answer.text, (key, value: unknown) => (key === 'changes' ? [] : value)) as PullPageMeta;
      result.push({ text: answer.text, meta: page });
      cursor = page.cursor;
      if (!page.hasMore) return result;
    }
  }

  /** Everything a till holds that sync touches: mirrored rows, their versions, the queue, the inbox, the cursor. */
  async function snapshot(terminal: Terminal): Promise<Record<string, unknown[]>> {
    const local = terminal.store.db as unknown as Kysely<unknown>;
    const read = async (query: string) => (await sql.raw<Record<string, unknown>>(query).execute(local)).rows.map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)));
    const state: Record<string, unknown[]> = {};
    for (const table of Object.keys(CAPTURED_TABLES)) state[table] = await read(`select * from "${table}" order by id`);
    state.mirror_versions = await read('select * from mirror_versions order by tbl, row_id');
    state.outbox = await read('select seq, epoch, mutation_id, name, args, basis from outbox order by seq');
    state.undo_log = await read('select seq, tbl, row_id, old_row from undo_log order by ord');
    state.inbox = await read('select * from inbox order by mutation_id');
    state.cursor = await read(`select value from terminal_meta where key = 'cursor'`);
    return state;
  }

  const debtSale = (amount: string) => ({ body: { client_id: client, debt_amount: amount, employee_id: cashier, id_automated_point: world.point1 } });
  const writeOff = (item: number, quantity: number) => ({
    body: { name: 'Spoiled', warehouseId: [world.warehouse1], organizationId: world.point1, employeeId: cashier, conducted: true, items: [{ itemId: items[item], quantity: String(quantity), price: '1', measureId: needs.measure }] },
  });

  it('applying the same pull pages twice leaves a till as applying them once, its pending work included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(officeWrite, { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(2), fc.integer({ min: 1, max: 3 })), { maxLength: 3 }),
        fc.integer({ min: 1, max: 12 }),
        async (writes, sales, limitRows) => {
          const terminal = await till();
          // The till works offline while the office writes.
          for (const [item, quantity] of sales) await terminal.run('WriteOffController_create', writeOff(item, quantity), cashier);
          if (sales.length > 0) await terminal.run('ClientDebtController_createTransaction', debtSale('3'), cashier);
          for (const write of writes) await office(write);
          const fetched = await pages(terminal, limitRows);
          await applyPullPages(terminal.store, fetched);
          const once = await snapshot(terminal);
          await applyPullPages(terminal.store, fetched);
          expect(await snapshot(terminal)).toEqual(once);
          // And page by page, again: still nothing changes.
          for (const page of fetched) await applyPullPages(terminal.store, [page]);
          expect(await snapshot(terminal)).toEqual(once);
        },
      ),
      { seed: SEED, numRuns: 8 },
    );
  });

  it('any page size and any grouping of pages into local transactions give the same final state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(officeWrite, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 4 }), async (writes, limitRows, group) => {
        const whole = await till();
        const paged = await till();
        for (const write of writes) await office(write);
        await whole.pull();
        const fetched = await pages(paged, limitRows);
        for (let index = 0; index < fetched.length; index += group) await applyPullPages(paged.store, fetched.slice(index, index + group));
        const [expected, actual] = [await snapshot(whole), await snapshot(paged)];
        // The cursors name the same version (and the same scope): the tills are where the service is.
        expect(actual).toEqual(expected);
      }),
      { seed: SEED, numRuns: 8 },
    );
  });

  it('two tills’ operations pushed in any interleaving give the same stock and debt sums', async () => {
    type Op = { kind: 'sale'; amount: number } | { kind: 'writeOff'; quantity: number } | { kind: 'receive'; quantity: number } | { kind: 'stockEdit'; seen: number; set: number } | { kind: 'debtEdit'; seen: number; set: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('sale' as const), amount: fc.integer({ min: -20, max: 20 }).filter((amount) => amount !== 0) }),
      fc.record({ kind: fc.constant('writeOff' as const), quantity: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ kind: fc.constant('receive' as const), quantity: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ kind: fc.constant('stockEdit' as const), seen: fc.integer({ min: 0, max: 60 }), set: fc.integer({ min: 0, max: 60 }) }),
      fc.record({ kind: fc.constant('debtEdit' as const), seen: fc.integer({ min: -50, max: 50 }), set: fc.integer({ min: -50, max: 50 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 6 }), fc.array(op, { maxLength: 6 }), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), async (first, second, coin) => {
        // Fresh records for this case: an item with 50 in stock at till 1's warehouse and a client owing 10.
        const itemId = (await rest('POST', '/item-modifier/items/create', { name: 'Case item', measurement: 'pcs', price: '1', type: 'ITEM' })).id as string;
        const level = (await rest('POST', '/stock-quantity/create', { itemId, warehouseId: world.warehouse1, stock_quantity: '50', price: '1', measureId: needs.measure, dateFrom: '2026-01-01' })).id as string;
        const owner = (await rest('POST', '/clients/create', { full_name: 'Case client' })).id as string;
        const debt = (await rest('POST', '/client-debts/create', { client_id: owner, debt_amount: '10', employee_id: shop.userId, id_automated_point: world.point1 })).id as string;
        const mutation = (seq: number, entry: Op) => {
          const base = { seq, mutationId: uuidv7(), v: 1, occurredAt: new Date().toISOString(), actor: { employeeId: cashier } };
          const document = (quantity: number, extra: Record<string, unknown>) => ({
            name: 'Doc',
            warehouseId: [world.warehouse1],
            organizationId: world.point1,
            employeeId: cashier,
            conducted: true,
            items: [{ itemId, quantity: String(quantity), price: '1', measureId: needs.measure, ...(extra.planned ? { plannedQuantity: String(quantity) } : {}) }],
            ...(extra.planned ? { clientId: needs.supplier, total: String(quantity), totalPlanned: String(quantity), totalDiff: '0' } : {}),
          });
          switch (entry.kind) {
            case 'sale':
              return { ...base, name: 'ClientDebtController_createTransaction', args: { client_id: owner, debt_amount: String(entry.amount), employee_id: cashier, id_automated_point: world.point1 } };
            case 'writeOff':
              return { ...base, name: 'WriteOffController_create', args: document(entry.quantity, {}) };
            case 'receive':
              return { ...base, name: 'ReceiptController_create', args: document(entry.quantity, { planned: true }) };
            case 'stockEdit':
              return { ...base, name: 'StockQuantityController_update', params: { id: level }, basis: { value: String(entry.seen) }, args: { stock_quantity: String(entry.set) } };
            case 'debtEdit':
              return { ...base, name: 'ClientDebtController_updateDebt', params: { id: debt }, basis: { value: String(entry.seen) }, args: { debt_amount: String(entry.set) } };
          }
        };
        const tills: [EnrolledTerminal, Op[]][] = [
          [await enrollTerminal(server, shop, world.workplace1), first],
          [await enrollTerminal(server, shop, world.workplace1), second],
        ];
        const next = [0, 0];
        // Interleave: each step the coin picks a till with operations left; each till keeps its own order.
        for (let step = 0; next[0]! < first.length || next[1]! < second.length; step += 1) {
          const pick = next[0]! >= first.length ? 1 : next[1]! >= second.length ? 0 : coin[step % coin.length] ? 1 : 0;
          const [terminal, list] = tills[pick]!;
          const index = next[pick]!;
          next[pick] = index + 1;
          const answer = await server.request('POST', '/api/v1/sync/push', {
            token: terminal.token,
            body: { protocolVersion: PROTOCOL_VERSION, terminalId: terminal.terminalId, epoch: terminal.epoch, mutations: [mutation(index + 1, list[index]!)] },
          });
          expect(answer.status, JSON.stringify(answer.body)).toBe(201);
          expect(answer.body.results[0].status, JSON.stringify(answer.body.results[0])).toBe('applied');
        }
        let stock = 50_000n;
        let owed = 1_000n;
        for (const entry of [...first, ...second]) {
          if (entry.kind === 'sale') owed += BigInt(entry.amount) * 100n;
          if (entry.kind === 'writeOff') stock -= BigInt(entry.quantity) * 1000n;
          if (entry.kind === 'receive') stock += BigInt(entry.quantity) * 1000n;
          if (entry.kind === 'stockEdit') stock += BigInt(entry.set - entry.seen) * 1000n;
          if (entry.kind === 'debtEdit') owed += BigInt(entry.set - entry.seen) * 100n;
        }
        const db = server.database.db;
        const held = await db.selectFrom('stock_levels').select('quantity').where('business_id', '=', shop.businessId).where('id', '=', level).executeTakeFirstOrThrow();
        const moves = await db.selectFrom('stock_moves').select('delta').where('business_id', '=', shop.businessId).where('item_id', '=', itemId).execute();
        const balance = await db.selectFrom('client_debts').select('debt_amount').where('business_id', '=', shop.businessId).where('id', '=', debt).executeTakeFirstOrThrow();
        const entries = await db.selectFrom('client_debt_txns').select('amount').where('business_id', '=', shop.businessId).where('client_id', '=', owner).execute();
        expect(BigInt(held.quantity)).toBe(stock);
        expect(moves.reduce((sum, move) => sum + BigInt(move.delta), 0n)).toBe(stock);
        expect(BigInt(balance.debt_amount)).toBe(owed);
        expect(entries.reduce((sum, entry) => sum + BigInt(entry.amount), 0n)).toBe(owed);
      }),
      { seed: SEED, numRuns: 15 },
    );
  });
});
