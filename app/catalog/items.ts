/**
 * Items: what a till sells. Each answer carries the item's total stock (`stock_quantity`, an exact decimal
 * string) across live warehouses; the list computes every total in the same single query.
 */
import type { CreateItemDto, UpdateItemDto } from '../../shared/catalogue/item-modifier.js';
import { formatQuantity } from '../../shared/decimal.js';
import { units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { handler } from '../operation.js';
import { catalogueWire } from './catalogue-columns.js';
import { catalogueResource, type CatalogueKind, type CatalogueRecord } from './catalogue-resource.js';
import { withStock } from './stock.js';
import { pointVisibility } from './visibility.js';

const ITEM: CatalogueKind = {
  table: 'items',
  label: 'Item',
  own: ['group_id'],
  pointNullable: false,
  references: [{ field: 'group_id', table: 'item_groups', noun: 'item group', none: [''] }],
};

const items = withStock(catalogueResource<CreateItemDto, UpdateItemDto>(ITEM), 'item');

/**
 * Live items of the caller's business, each with its total stock: the sum of its level rows that are not
 * deleted and whose warehouse is not deleted. One grouped join, not a query per item — and not a join against
 * a grouped subquery either, which PostgreSQL with stale statistics re-aggregated once per item (minutes for
 * 10,000 items); the plain join lets either engine look levels up by the (business, item) index.
 */
function itemsWithStock(db: Db, ctx: OperationContext) {
  return db
    .selectFrom('items')
    .leftJoin('stock_levels as l', (join) => join.onRef('l.business_id', '=', 'items.business_id').onRef('l.item_id', '=', 'items.id').on('l.is_deleted', '=', 0))
    .leftJoin('warehouses as w', (join) => join.onRef('w.business_id', '=', 'l.business_id').onRef('w.id', '=', 'l.warehouse_id').on('w.is_deleted', '=', 0))
    .selectAll('items')
    .select((eb) => eb.fn.sum<bigint | string | number | null>(eb.case().when('w.id', 'is not', null).then(eb.ref('l.quantity')).end()).as('total'))
    .where('items.business_id', '=', ctx.businessId)
    .where('items.is_deleted', '=', 0)
    // Grouping by the primary key lets PostgreSQL return every items column.
    .groupBy(['items.business_id', 'items.id']);
}

async function withTotal(db: Db, ctx: OperationContext, record: CatalogueRecord) {
  const row = await itemsWithStock(db, ctx).where('items.id', '=', record.id).executeTakeFirst();
  return { ...record, stock_quantity: formatQuantity(units(row?.total)) };
}

/** Live items the caller may see, each with its stock total, in one query. */
async function findAllItems(db: Db, ctx: OperationContext) {
  let query = itemsWithStock(db, ctx);
  const visible = pointVisibility(ctx, 'items.id_automated_point');
  if (visible) query = query.where(visible);
  const rows = await query.orderBy('items.dt_created').orderBy('items.id').execute();
  return rows.map(({ total, ...row }) => ({ ...catalogueWire(row, ITEM), stock_quantity: formatQuantity(units(total)) }));
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
