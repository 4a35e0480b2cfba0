import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { freshDatabase, testEngines, type TestDatabase } from '../../test/helpers/databases.js';
import { uuidv7 } from '../../shared/ids.js';
import type { OperationContext } from '../context.js';
import { itemHandlers } from './items.js';

/** Counts the statements a handler sends, to prove a list is a fixed number of queries however many items there are. */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count += 1;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const NOW = '2025-01-01T00:00:00.000Z';
const common = (businessId: string) => ({ business_id: businessId, id: uuidv7(), is_deleted: 0, dt_created: NOW, dt_updated: NOW });

describe.each(await testEngines())('items/all on %s', (engine) => {
  let database: TestDatabase;
  const businessId = uuidv7();
  const ctx: OperationContext = { businessId, actor: { kind: 'user', id: 'u', role: 'OWNER' }, now: NOW, side: 'server', newId: uuidv7 };
  const findAll = itemHandlers.find((definition) => definition.operationId === 'ItemModifierController_findAllItems')!;

  beforeAll(async () => {
    database = await freshDatabase(engine);
    const warehouses = [common(businessId), common(businessId)].map((row) => ({ ...row, name: 'W', location: null }));
    await database.db.insertInto('warehouses').values(warehouses).execute();
    const items = Array.from({ length: 300 }, (_, n) => ({
      ...common(businessId),
      group_id: null,
      name: `Item ${n}`,
      description: null,
      search_name: null,
      measurement: 'pcs',
      price: 100n,
      cost: null,
      shtrix: null,
      color: null,
      type: 'ITEM',
      id_automated_point: '0',
      tax_id: null,
      discount_id: null,
      pictures: '[]',
      is_menu: 0,
      is_service: 0,
      allow_pickup: 0,
      allow_delivery: 0,
    }));
    await database.db.insertInto('items').values(items).execute();
    const levels = items.flatMap((item, n) =>
      warehouses.map((warehouse, w) => ({
        ...common(businessId),
        item_id: item.id,
        warehouse_id: warehouse.id,
        quantity: BigInt(n * 1000 + (w === 0 ? 100 : 200)),
        price: 0n,
        measure_id: '',
        date_from: NOW,
        mon: 0n,
        tue: 0n,
        wed: 0n,
        thu: 0n,
        fri: 0n,
        sat: 0n,
        sun: 0n,
      })),
    );
    await database.db.insertInto('stock_levels').values(levels).execute();
  });
  afterAll(() => database.dispose());

  it('answers every item with its exact stock total in two queries (items, totals)', async () => {
    const counter = new QueryCounter();
    const listed = (await findAll.run(database.db.withPlugin(counter), { body: undefined, query: undefined, params: {} }, ctx)) as { name: string; stock_quantity: string }[];
    expect(counter.count).toBe(2);
    expect(listed).toHaveLength(300);
    // Item n holds n.1 in one warehouse and n.2 in the other: 2n + 0.3 in all.
    const totals = new Map(listed.map((item) => [item.name, item.stock_quantity]));
    expect([0, 1, 2, 299].map((n) => totals.get(`Item ${n}`))).toEqual(['0.3', '2.3', '4.3', '598.3']);
  });
});
