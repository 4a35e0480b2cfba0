/**
 * ItemModifier operations of the reference interface (catalogue entries and their request schemas).
 *
 * Items, item groups, modifiers and modifier groups share one set of descriptive fields (the reference's
 * S_Item columns); each DTO is that set plus its own references. The Update DTOs are the Create DTOs with every
 * field optional — as the reference's PartialType — so a field that is sent is still checked (an empty `name`
 * is a 400 on update too).
 */
import { z } from 'zod';
import { count, dto, flag, itemType, money, quantity, requiredText, text, textList } from '../schema-kit.js';
import { operation } from './operation.js';

/** Most pictures one catalogue entry may list; the list is bounded like every list we accept. */
export const MAX_PICTURES = 50;

type Nullish<T extends Record<string, z.ZodType>> = { [K in keyof T]: z.ZodOptional<z.ZodNullable<T[K]>> };

/** Makes every field of a shape optional and nullable (absent or null: "not given"). */
function nullish<T extends Record<string, z.ZodType>>(shape: T): Nullish<T> {
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, field.nullish()])) as Nullish<T>;
}

/** Fields every catalogue entry must have on create. */
const requiredFields = {
  name: requiredText(),
  measurement: requiredText(),
  price: money({ min: 'nonnegative' }),
  type: itemType(),
};

/** Fields every catalogue entry may have. */
const optionalFields = {
  description: text(),
  search_name: text(),
  cost: money({ min: 'nonnegative' }),
  shtrix: text(),
  color: text(),
  pictures: textList(MAX_PICTURES),
  is_menu: flag(),
  is_service: flag(),
  allow_pickup: flag(),
  allow_delivery: flag(),
  /** The point the entry belongs to; null, '' or '0' mean business-wide. */
  id_automated_point: text(),
  tax_id: text(),
  discount_id: text(),
};

/** Items and modifiers may carry an opening (create) or absolute (update) stock quantity for one warehouse. */
const stockFields = { stock_quantity: quantity(), warehouseId: text() };

const createDto = <T extends Record<string, z.ZodType>>(own: T) => dto({ ...requiredFields, ...nullish({ ...optionalFields, ...own }) });
const updateDto = <T extends Record<string, z.ZodType>>(own: T) => dto(nullish({ ...requiredFields, ...optionalFields, ...own }));

const itemOwn = { group_id: text(), ...stockFields };
const modifierOwn = { group_id: text(), item_id: text(), ...stockFields };

export const CreateItemDto = createDto(itemOwn);
export type CreateItemDto = z.output<typeof CreateItemDto>;
export const UpdateItemDto = updateDto(itemOwn);
export type UpdateItemDto = z.output<typeof UpdateItemDto>;

export const CreateItemGroupDto = createDto({});
export type CreateItemGroupDto = z.output<typeof CreateItemGroupDto>;
export const UpdateItemGroupDto = updateDto({});
export type UpdateItemGroupDto = z.output<typeof UpdateItemGroupDto>;

export const CreateModifierDto = createDto(modifierOwn);
export type CreateModifierDto = z.output<typeof CreateModifierDto>;
export const UpdateModifierDto = updateDto(modifierOwn);
export type UpdateModifierDto = z.output<typeof UpdateModifierDto>;

/**
 * Our additions to a modifier group: the rules its picker enforces at the till and the order checks on the service
 * (shared/orders/modifier-rules.ts). `is_required`: at least one choice; `min_choices` / `max_choices`: how many units
 * may be chosen (null max: no limit); `free_quantity`: how many chosen units cost nothing (the cheapest);
 * `default_modifier_id`: a modifier of this group the picker preselects. Absent on create: not required, no limits,
 * nothing free, no default — a group written by a reference client behaves as before.
 */
const modifierGroupRules = {
  is_required: flag(),
  min_choices: count(0),
  max_choices: count(0),
  free_quantity: count(0),
  default_modifier_id: text(),
};

export const CreateModifierGroupDto = createDto(modifierGroupRules);
export type CreateModifierGroupDto = z.output<typeof CreateModifierGroupDto>;
export const UpdateModifierGroupDto = updateDto(modifierGroupRules);
export type UpdateModifierGroupDto = z.output<typeof UpdateModifierGroupDto>;

/**
 * Our addition to the modifier and modifier-group lists: `?all_points=true` lists the entries of every point of
 * the business, not only the caller's point and the business-wide ones (a till shows whose groups it lists and
 * offers all points; issue 14, item 12). Reading only: changing another point's entry stays refused (404).
 */
export const FindAllModifiersQuery = dto({
  all_points: z.enum(['true', 'false'], { error: 'must be "true" or "false"' }).optional(),
});
export type FindAllModifiersQuery = z.output<typeof FindAllModifiersQuery>;

export const itemModifierOperations = [
  operation({ operationId: 'ItemModifierController_createItem', method: 'POST', path: '/item-modifier/items/create', tag: 'ItemModifier', body: CreateItemDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CATALOGUE', offline: 'descriptive' }),
  operation({ operationId: 'ItemModifierController_findAllItems', method: 'GET', path: '/item-modifier/items/all', tag: 'ItemModifier', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'ItemModifierController_updateItem', method: 'PATCH', path: '/item-modifier/items/update/{id}', tag: 'ItemModifier', body: UpdateItemDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CATALOGUE', offline: 'descriptive' }),
  operation({ operationId: 'ItemModifierController_removeItem', method: 'DELETE', path: '/item-modifier/items/delete/{id}', tag: 'ItemModifier', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CATALOGUE', offline: 'delete' }),
  operation({ operationId: 'ItemModifierController_createItemGroup', method: 'POST', path: '/item-modifier/item-groups/create', tag: 'ItemModifier', body: CreateItemGroupDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CATALOGUE', offline: 'descriptive' }),
  operation({ operationId: 'ItemModifierController_findAllItemGroups', method: 'GET', path: '/item-modifier/item-groups/all', tag: 'ItemModifier', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'ItemModifierController_updateItemGroup', method: 'PATCH', path: '/item-modifier/item-groups/update/{id}', tag: 'ItemModifier', body: UpdateItemGroupDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CATALOGUE', offline: 'descriptive' }),
  operation({ operationId: 'ItemModifierController_removeItemGroup', method: 'DELETE', path: '/item-modifier/item-groups/delete/{id}', tag: 'ItemModifier', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CATALOGUE', offline: 'delete' }),
  operation({ operationId: 'ItemModifierController_createModifier', method: 'POST', path: '/item-modifier/modifiers/create', tag: 'ItemModifier', body: CreateModifierDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'MODIFIERS', offline: 'descriptive' }),
  operation({ operationId: 'ItemModifierController_findAllModifiers', method: 'GET', path: '/item-modifier/modifiers/all', tag: 'ItemModifier', query: FindAllModifiersQuery, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'ItemModifierController_updateModifier', method: 'PATCH', path: '/item-modifier/modifiers/update/{id}', tag: 'ItemModifier', body: UpdateModifierDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'MODIFIERS', offline: 'descriptive' }),
  operation({ operationId: 'ItemModifierController_removeModifier', method: 'DELETE', path: '/item-modifier/modifiers/delete/{id}', tag: 'ItemModifier', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'MODIFIERS', offline: 'delete' }),
  operation({ operationId: 'ItemModifierController_createModifierGroup', method: 'POST', path: '/item-modifier/modifier-groups/create', tag: 'ItemModifier', body: CreateModifierGroupDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'MODIFIERS', offline: 'descriptive' }),
  operation({ operationId: 'ItemModifierController_findAllModifierGroups', method: 'GET', path: '/item-modifier/modifier-groups/all', tag: 'ItemModifier', query: FindAllModifiersQuery, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'ItemModifierController_updateModifierGroup', method: 'PATCH', path: '/item-modifier/modifier-groups/update/{id}', tag: 'ItemModifier', body: UpdateModifierGroupDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'MODIFIERS', offline: 'descriptive' }),
  operation({ operationId: 'ItemModifierController_removeModifierGroup', method: 'DELETE', path: '/item-modifier/modifier-groups/delete/{id}', tag: 'ItemModifier', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'MODIFIERS', offline: 'delete' }),
] as const;
