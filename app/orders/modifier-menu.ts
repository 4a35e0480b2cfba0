/**
 * The modifier groups the items of an order offer, read from the caller's business for the order checks
 * (app/orders/order-checks.ts), in the terms of the shared rules (shared/orders/modifier-rules.ts): live modifiers
 * naming the lines' items, and their live groups with their rules — those of the order's point and the business-wide
 * ones, which are what the point's tills hold and offer (app/catalog/visibility.ts), so another point's group never
 * makes a sale here break a rule its till could not see.
 */
import type { Money } from '../../shared/decimal.js';
import { groupsOfItem, type ItemModifierGroup, type ModifierGroupRules, type ModifierOption } from '../../shared/orders/modifier-rules.js';
import { sql, type SqlBool } from 'kysely';
import { units } from '../../db/values.js';
import { BUSINESS_WIDE_POINTS } from '../catalog/visibility.js';
import type { Db, OperationContext } from '../context.js';

/** The groups each of `itemIds` offers (an item without any maps to an empty list). */
export async function itemModifierMenus(
  db: Db,
  ctx: OperationContext,
  itemIds: readonly string[],
  pointId: string,
): Promise<Map<string, ItemModifierGroup[]>> {
  const points = [...BUSINESS_WIDE_POINTS, pointId];
  const ofThePoint = (column: string) => sql<SqlBool>`(${sql.ref(column)} is null or ${sql.ref(column)} in (${sql.join(points)}))`;
  const menus = new Map<string, ItemModifierGroup[]>();
  const wanted = [...new Set(itemIds)];
  if (wanted.length === 0) return menus;
  const modifierRows = await db
    .selectFrom('modifiers')
    .select(['id', 'name', 'group_id', 'item_id', 'price'])
    .where('business_id', '=', ctx.businessId)
    .where('is_deleted', '=', 0)
    .where('item_id', 'in', wanted)
    .where(ofThePoint('id_automated_point'))
    .orderBy('dt_created')
    .orderBy('id')
    .execute();
  const modifiers: ModifierOption[] = modifierRows.map((row) => ({ ...row, price: units(row.price) as Money }));
  const groupIds = [...new Set(modifiers.flatMap((modifier) => (modifier.group_id === null ? [] : [modifier.group_id])))];
  const groupRows =
    groupIds.length === 0
      ? []
      : await db
          .selectFrom('modifier_groups')
          .select(['id', 'name', 'is_required', 'min_choices', 'max_choices', 'free_quantity', 'default_modifier_id'])
          .where('business_id', '=', ctx.businessId)
          .where('is_deleted', '=', 0)
          .where('id', 'in', groupIds)
          .where(ofThePoint('id_automated_point'))
          .orderBy('dt_created')
          .orderBy('id')
          .execute();
  const groups: ModifierGroupRules[] = groupRows.map((row) => ({
    id: row.id,
    name: row.name,
    is_required: Number(row.is_required) !== 0,
    min_choices: Number(row.min_choices),
    max_choices: row.max_choices === null ? null : Number(row.max_choices),
    free_quantity: Number(row.free_quantity),
    default_modifier_id: row.default_modifier_id ?? null,
  }));
  for (const itemId of wanted) menus.set(itemId, groupsOfItem(itemId, modifiers, groups));
  return menus;
}
