/**
 * Item groups and modifier groups: plain catalogue entries that items and modifiers point at. Deleting a
 * group leaves its members alone (as the reference); they keep the group id.
 */
import type { CreateItemGroupDto, CreateModifierGroupDto, UpdateItemGroupDto, UpdateModifierGroupDto } from '../../shared/catalogue/item-modifier.js';
import { handler } from '../operation.js';
import { catalogueResource } from './catalogue-resource.js';

const itemGroups = catalogueResource<CreateItemGroupDto, UpdateItemGroupDto>({
  table: 'item_groups',
  label: 'Item group',
  own: [],
  pointNullable: true,
  references: [],
});

const modifierGroups = catalogueResource<CreateModifierGroupDto, UpdateModifierGroupDto>({
  table: 'modifier_groups',
  label: 'Modifier group',
  own: [],
  pointNullable: true,
  references: [],
});

export const itemGroupHandlers = [
  handler('ItemModifierController_createItemGroup', (db, { body }, ctx) => itemGroups.create(db, body, ctx), {
    audit: { type: 'SYSTEM', action: 'CREATE_ITEM_GROUP' },
  }),
  handler('ItemModifierController_findAllItemGroups', (db, _input, ctx) => itemGroups.findAll(db, ctx)),
  handler('ItemModifierController_updateItemGroup', (db, { params, body }, ctx) => itemGroups.update(db, params.id ?? '', body, ctx), {
    audit: { type: 'SYSTEM', action: 'UPDATE_ITEM_GROUP' },
  }),
  handler('ItemModifierController_removeItemGroup', (db, { params }, ctx) => itemGroups.remove(db, params.id ?? '', ctx), {
    audit: { type: 'SYSTEM', action: 'DELETE_ITEM_GROUP' },
  }),
];

export const modifierGroupHandlers = [
  handler('ItemModifierController_createModifierGroup', (db, { body }, ctx) => modifierGroups.create(db, body, ctx), {
    audit: { type: 'SYSTEM', action: 'CREATE_MODIFIER_GROUP' },
  }),
  handler('ItemModifierController_findAllModifierGroups', (db, { query }, ctx) =>
    modifierGroups.findAll(db, ctx, { allPoints: query?.all_points === 'true' }),
  ),
  handler('ItemModifierController_updateModifierGroup', (db, { params, body }, ctx) => modifierGroups.update(db, params.id ?? '', body, ctx), {
    audit: { type: 'SYSTEM', action: 'UPDATE_MODIFIER_GROUP' },
  }),
  handler('ItemModifierController_removeModifierGroup', (db, { params }, ctx) => modifierGroups.remove(db, params.id ?? '', ctx), {
    audit: { type: 'SYSTEM', action: 'DELETE_MODIFIER_GROUP' },
  }),
];
