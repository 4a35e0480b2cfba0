/**
 * The stock ledger under inventories, write-offs and movements together: random sequences of create / edit /
 * un-conduct / re-conduct / delete must keep every level equal to the sum of its ledger, and deleting every
 * document afterwards must bring every level back to zero — each document reverses exactly what it posted,
 * however often it was edited. (The property runs with a fixed seed; FC_SEED overrides it.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stockLedgerMismatches } from '../../app/stock/ledger.js';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { receiptWorld, type ReceiptWorld } from '../helpers/receipts.js';

const SEED = Number(process.env.FC_SEED ?? 20261122);
type Kind = 'inventory' | 'write-off' | 'movement';
type Action =
  | { op: 'create'; kind: Kind; item: 0 | 1; quantity: number; warehouse: 0 | 1; conducted: boolean }
  | { op: 'edit'; target: number; quantity: number }
  | { op: 'conduct'; target: number; conducted: boolean }
  | { op: 'delete'; target: number };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    op: fc.constant('create' as const),
    kind: fc.constantFrom<Kind>('inventory', 'write-off', 'movement'),
    item: fc.constantFrom(0 as const, 1 as const),
    quantity: fc.integer({ min: 0, max: 9999 }),
    warehouse: fc.constantFrom(0 as const, 1 as const),
    conducted: fc.boolean(),
  }),
  fc.record({ op: fc.constant('edit' as const), target: fc.nat({ max: 20 }), quantity: fc.integer({ min: 0, max: 9999 }) }),
  fc.record({ op: fc.constant('conduct' as const), target: fc.nat({ max: 20 }), conducted: fc.boolean() }),
  fc.record({ op: fc.constant('delete' as const), target: fc.nat({ max: 20 }) }),
);

const quantityText = (thousandths: number) => (thousandths / 1000).toFixed(3);

interface Doc {
  id: string;
  kind: Kind;
  itemId: string;
}

describe.each(await testEngines())('stock documents and the ledger on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server, 'ledger');
  });
  afterAll(() => server.close());

  const lineOf = (world: ReceiptWorld, kind: Kind, itemId: string, quantity: number) => ({
    itemId,
    quantity: quantityText(quantity),
    price: '0',
    measureId: world.measure,
    ...(kind === 'inventory' ? { plannedQuantity: '0' } : {}),
  });

  function body(world: ReceiptWorld, action: Extract<Action, { op: 'create' }>) {
    const warehouses = [world.warehouse, world.warehouse2];
    const line = lineOf(world, action.kind, [world.item, world.item2][action.item] as string, action.quantity);
    const common = { name: 'doc', organizationId: world.point, employeeId: world.tenant.userId };
    const here = warehouses[action.warehouse] as string;
    if (action.kind === 'movement') {
      return { ...common, warehouseId: here, toWarehouseId: warehouses[1 - action.warehouse], items: [line] };
    }
    const counted =
      action.kind === 'inventory' ? { clientId: world.supplier, total: '0', totalPlanned: '0', totalDiff: '0' } : {};
    return { ...common, ...counted, warehouseId: [here], conducted: action.conducted, items: [line] };
  }

  async function apply(world: ReceiptWorld, docs: Doc[], action: Action) {
    const request = (method: string, url: string, payload?: unknown) =>
      server.request(method, `/api/v1/${url}`, { token: shop.token, body: payload });
    if (action.op === 'create') {
      const answer = await request('POST', `${action.kind}/create`, body(world, action));
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      docs.push({ id: answer.body.id, kind: action.kind, itemId: answer.body.items[0].itemId });
      return;
    }
    const doc = docs[action.target % Math.max(1, docs.length)];
    if (!doc) return;
    if (action.op === 'delete') {
      expect((await request('DELETE', `${doc.kind}/delete/${doc.id}`)).status).toBe(200);
      docs.splice(docs.indexOf(doc), 1);
    } else if (action.op === 'edit') {
      const items = [lineOf(world, doc.kind, doc.itemId, action.quantity)];
      const answer = await request('PATCH', `${doc.kind}/update/${doc.id}`, { items });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    } else if (doc.kind !== 'movement') {
      expect((await request('PATCH', `${doc.kind}/update/${doc.id}`, { conducted: action.conducted })).status).toBe(200);
    }
  }

  it('keeps levels equal to the ledger, and deleting every document brings every level back to zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 1, maxLength: 10 }), async (actions) => {
        const world = await receiptWorld(server, shop);
        const docs: Doc[] = [];
        for (const action of actions) await apply(world, docs, action);
        expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
        for (const doc of [...docs]) await apply(world, docs, { op: 'delete', target: docs.indexOf(doc) });
        const levels = await server.database.db
          .selectFrom('stock_levels')
          .select('quantity')
          .where('business_id', '=', shop.businessId)
          .where('item_id', 'in', [world.item, world.item2])
          .execute();
        expect(levels.map((row) => BigInt(row.quantity)).filter((q) => q !== 0n)).toEqual([]);
        expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
      }),
      { seed: SEED, numRuns: 15 },
    );
  });
});
