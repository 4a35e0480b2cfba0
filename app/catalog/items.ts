/**
 * Items: what a till sells. Each answer carries the item's total stock (`stock_quantity`, an exact decimal
 * string) across live warehouses; the list computes every total in one grouped query.
 */
import type { CreateItemDto, UpdateItemDto } from '../../shared/catalogue/item-modifier.js';
import { formatQuantity } from '../../shared/decimal.js';
import { units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { handler } from '../operation.js';
import { listCatalogue, type Extend } from './catalogue-list.js';
import type { CatalogueKind } from './catalogue-kind.js';
import { catalogueResource, type CatalogueRecord } from './catalogue-resource.js';
import { withStock } from './stock.js';

const ITEM: CatalogueKind = {
  table: 'items',
  label: 'Item',
  own: ['group_id'],
  pointNullable: false,
  references: [{ field: 'group_id', table: 'item_groups', noun: 'item group', none: [''] }],
};

const items = withStock(catalogueResource<CreateItemDto, UpdateItemDto>(ITEM), 'item');

/**
 * Total stock per item of the caller's business: the sum of its level rows that are not deleted and whose
 * warehouse is not deleted. One grouped query over the levels: SQLite reads them from the (business, item,
 * warehouse) index in item order, looking each warehouse up by its primary key; PostgreSQL hash-joins them
 * once analysed, and before that loops over the live warehouses reading each one's levels by the (business,
 * warehouse) index. `itemId` narrows it to one item. (Modifiers' levels share the table and come along; the
 * caller picks what it needs.)
 */
function stockTotals(db: Db, ctx: OperationContext, itemId?: string) {
  let query = db
    .selectFrom('stock_levels as l')
    .innerJoin('warehouses as w', (join) => join.onRef('w.business_id', '=', 'l.business_id').onRef('w.id', '=', 'l.warehouse_id'))
    .select((eb) => ['l.item_id', eb.fn.sum<bigint | string | number>('l.quantity').as('total')])
    .where('l.business_id', '=', ctx.businessId)
    .where('w.business_id', '=', ctx.businessId)
    .where('l.is_deleted', '=', 0)
    .where('w.is_deleted', '=', 0);
  if (itemId !== undefined) query = query.where('l.item_id', '=', itemId);
  return query.groupBy('l.item_id').execute();
}

async function withTotal(db: Db, ctx: OperationContext, record: CatalogueRecord) {
  const [row] = await stockTotals(db, ctx, record.id);
  return { ...record, stock_quantity: formatQuantity(units(row?.total)) };
}

/**
 * Live items the caller may see, each with its stock total: two plain queries — the items in list order
 * (catalogue-list.ts), then the totals grouped by item — merged here. (One join of the items with their
 * levels, grouped per item, cost ~300 ms for 10,000 items on either engine; PostgreSQL with stale statistics
 * once re-aggregated the levels per item.)
 */
async function findAllItems(db: Db, ctx: OperationContext) {
  return listCatalogue(db, ctx, ITEM, async (): Promise<Extend> => {
    const totalOf = new Map<string, bigint | string | number>();
    for (const { item_id, total } of await stockTotals(db, ctx)) totalOf.set(item_id, total);
    return (record, id) => {
      record.stock_quantity = formatQuantity(units(totalOf.get(id)));
    };
  });
}

export const itemHandlers = [
  handler('ItemModifierController_createItem', async (db, { body }, ctx) => withTotal(db, ctx, await items.create(db, body, ctx)), {
    audit: { type: 'SYSTEM', action: 'CREATE_ITEM' },
  }),
  handler('ItemModifierController_findAllItems', (db, _input, ctx) => findAllItems(db, ctx)),
  handler('ItemModifierController_updateItem', async (db, { params, body }, ctx) => withTotal(db, ctx, await items.update(db, params.id ?? '', body, ctx)), {
    audit: { type: 'SYSTEM', action: 'UPDATE_ITEM' },
  }),
  handler('ItemModifierController_removeItem', (db, { params }, ctx) => items.remove(db, params.id ?? '', ctx), {
    audit: { type: 'SYSTEM', action: 'DELETE_ITEM' },
  }),
];
