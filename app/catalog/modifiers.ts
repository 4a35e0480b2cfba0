/**
 * Modifiers: add-ons of an item (extra cheese), in a modifier group. They may hold stock like items (keyed by
 * the modifier's id in the same ledger); their answers are the modifier record without a stock total, as in
 * the reference. Unlike the reference, modifier updates are audited (UPDATE_MODIFIER).
 */
import type { CreateModifierDto, UpdateModifierDto } from '../../shared/catalogue/item-modifier.js';
import { handler } from '../operation.js';
import { catalogueResource } from './catalogue-resource.js';
import { withStock } from './stock.js';

const modifiers = withStock(
  catalogueResource<CreateModifierDto, UpdateModifierDto>({
    table: 'modifiers',
    label: 'Modifier',
    own: ['group_id', 'item_id'],
    pointNullable: false,
    references: [
      { field: 'group_id', table: 'modifier_groups', noun: 'modifier group', none: [''] },
      { field: 'item_id', table: 'items', noun: 'item', none: [''] },
    ],
  }),
  'modifier',
);

export const modifierHandlers = [
  handler('ItemModifierController_createModifier', (db, { body }, ctx) => modifiers.create(db, body, ctx), {
    audit: { type: 'SYSTEM', action: 'CREATE_MODIFIER' },
  }),
  handler('ItemModifierController_findAllModifiers', (db, { query }, ctx) => modifiers.findAll(db, ctx, { allPoints: query?.all_points === 'true' })),
  handler('ItemModifierController_updateModifier', (db, { params, body }, ctx) => modifiers.update(db, params.id ?? '', body, ctx), {
    audit: { type: 'SYSTEM', action: 'UPDATE_MODIFIER' },
  }),
  handler('ItemModifierController_removeModifier', (db, { params }, ctx) => modifiers.remove(db, params.id ?? '', ctx), {
    audit: { type: 'SYSTEM', action: 'DELETE_MODIFIER' },
  }),
];
