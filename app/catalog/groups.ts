/**
 * Item groups and modifier groups: catalogue entries that items and modifiers point at; a modifier group also
 * carries the rules of its picker (ours). Deleting a group leaves its members alone (as the reference); they keep
 * the group id.
 */
import type { CreateItemGroupDto, CreateModifierGroupDto, UpdateItemGroupDto, UpdateModifierGroupDto } from '../../shared/catalogue/item-modifier.js';
import { handler } from '../operation.js';
import type { Db, OperationContext } from '../context.js';
import { catalogueResource } from './catalogue-resource.js';
import type { CatalogueKind } from './catalogue-kind.js';
import { listCatalogue } from './catalogue-list.js';
import { checkRules, currentRules, mergeRules, NO_RULES, rulesByGroup, rulesWire, writeRules } from './modifier-group-rules.js';

const itemGroups = catalogueResource<CreateItemGroupDto, UpdateItemGroupDto>({
  table: 'item_groups',
  label: 'Item group',
  own: [],
  pointNullable: true,
  references: [],
});

const modifierGroupKind: CatalogueKind = {
  table: 'modifier_groups',
  label: 'Modifier group',
  own: [],
  pointNullable: true,
  references: [],
};
const modifierGroupEntries = catalogueResource<CreateModifierGroupDto, UpdateModifierGroupDto>(modifierGroupKind);

/** Modifier groups: the catalogue life cycle, with the rules the picker enforces (modifier-group-rules.ts). */
const modifierGroups = {
  async create(db: Db, body: CreateModifierGroupDto, ctx: OperationContext) {
    const rules = mergeRules(NO_RULES, body);
    await checkRules(db, ctx, null, rules, rules.default_modifier_id !== null);
    const record = await modifierGroupEntries.create(db, body, ctx);
    await writeRules(db, ctx, record.id, rules);
    return { ...record, ...rulesWire(rules) };
  },
  async findAll(db: Db, ctx: OperationContext, allPoints: boolean) {
    const rules = await rulesByGroup(db, ctx);
    return listCatalogue(
      db,
      ctx,
      modifierGroupKind,
      async () => (record, id) => Object.assign(record, rulesWire(rules.get(id) ?? NO_RULES)),
      allPoints,
    );
  },
  async update(db: Db, id: string, body: UpdateModifierGroupDto, ctx: OperationContext) {
    const current = await currentRules(db, ctx, id);
    const rules = mergeRules(current, body);
    // The entry first: a group the caller cannot see is a 404 before its rules are looked at.
    const record = await modifierGroupEntries.update(db, id, body, ctx);
    await checkRules(db, ctx, id, rules, rules.default_modifier_id !== current.default_modifier_id);
    await writeRules(db, ctx, id, rules);
    return { ...record, ...rulesWire(rules) };
  },
  async remove(db: Db, id: string, ctx: OperationContext) {
    const record = await modifierGroupEntries.remove(db, id, ctx);
    return { ...record, ...rulesWire(await currentRules(db, ctx, id)) };
  },
};

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
    modifierGroups.findAll(db, ctx, query?.all_points === 'true'),
  ),
  handler('ItemModifierController_updateModifierGroup', (db, { params, body }, ctx) => modifierGroups.update(db, params.id ?? '', body, ctx), {
    audit: { type: 'SYSTEM', action: 'UPDATE_MODIFIER_GROUP' },
  }),
  handler('ItemModifierController_removeModifierGroup', (db, { params }, ctx) => modifierGroups.remove(db, params.id ?? '', ctx), {
    audit: { type: 'SYSTEM', action: 'DELETE_MODIFIER_GROUP' },
  }),
];
