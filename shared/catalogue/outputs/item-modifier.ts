/**
 * Output schemas of the catalogue of goods: items, item groups, modifiers and modifier groups share their
 * descriptive columns (app/catalog/catalogue-columns.ts `catalogueWire`); items and modifiers add their own
 * references, and an item's create, update and list add its total stock over the live warehouses.
 */
import { z } from 'zod';
import { count, flag, id, many, money, quantity, record, text, timestamp } from './kit.js';

/** The columns every catalogue record shows, in their wire form: money as decimal text, pictures as a list. */
const catalogueColumns = {
  id: id(),
  name: text(),
  description: text().nullable(),
  search_name: text().nullable(),
  measurement: text(),
  price: money(),
  cost: money().nullable(),
  shtrix: text().nullable(),
  color: text().nullable(),
  type: text(),
  id_automated_point: id().nullable(),
  tax_id: id().nullable(),
  discount_id: id().nullable(),
  pictures: many(text()),
  is_menu: flag(),
  is_service: flag(),
  allow_pickup: flag(),
  allow_delivery: flag(),
  is_deleted: flag(),
  dt_created: timestamp(),
  dt_updated: timestamp(),
};

/** An item group or a modifier group. */
export const CatalogueGroupWire = record(catalogueColumns);
export const ItemWire = record({ ...catalogueColumns, group_id: id().nullable() });
/** An item as created, changed and listed: with its total stock (an exact quantity). */
export const StockedItemWire = ItemWire.extend({ stock_quantity: quantity() });
/** A modifier group, with the rules its picker enforces (ours, migration 0023). */
export const ModifierGroupWire = record({
  ...catalogueColumns,
  is_required: flag(),
  min_choices: count(),
  max_choices: count().nullable(),
  free_quantity: count(),
  default_modifier_id: id().nullable(),
});
export const ModifierWire = record({ ...catalogueColumns, group_id: id().nullable(), item_id: id().nullable() });

/** One batch of a catalogue import (app/catalog/import/): the counts, and what became of each row. */
const ImportSummaryWire = record({
  created: count(),
  updated: count(),
  unchanged: count(),
  groups_created: count(),
  stock_changes: count(),
  items: many(record({ line: count(), id: id(), status: z.enum(['created', 'updated', 'unchanged']) })),
});

export const itemModifierOutputs = {
  ItemModifierController_importItems: ImportSummaryWire,
  ItemModifierController_createItem: StockedItemWire,
  ItemModifierController_findAllItems: many(StockedItemWire),
  ItemModifierController_updateItem: StockedItemWire,
  ItemModifierController_removeItem: ItemWire,
  ItemModifierController_createItemGroup: CatalogueGroupWire,
  ItemModifierController_findAllItemGroups: many(CatalogueGroupWire),
  ItemModifierController_updateItemGroup: CatalogueGroupWire,
  ItemModifierController_removeItemGroup: CatalogueGroupWire,
  ItemModifierController_createModifier: ModifierWire,
  ItemModifierController_findAllModifiers: many(ModifierWire),
  ItemModifierController_updateModifier: ModifierWire,
  ItemModifierController_removeModifier: ModifierWire,
  ItemModifierController_createModifierGroup: ModifierGroupWire,
  ItemModifierController_findAllModifierGroups: many(ModifierGroupWire),
  ItemModifierController_updateModifierGroup: ModifierGroupWire,
  ItemModifierController_removeModifierGroup: ModifierGroupWire,
} as const;
