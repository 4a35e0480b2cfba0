/**
 * Modifier groups (ItemModifierController_*ModifierGroup) with the rules the till's picker and the service's order
 * checks enforce (issue 16, "Modifiers"; shared/orders/modifier-rules.ts): required, at least / at most how many
 * choices, how many are free, and the modifier chosen beforehand. Counts are whole numbers; one the owner mistypes
 * is sent as typed, so the service's refusal names it and shows under its field, like every other problem (a default
 * that is not one of the group's modifiers, a minimum above the maximum).
 */
import { RecordsPage, rowsOf, type FormValues, type RecordsConfig, type Refs } from '../../components/RecordsPage.js';
import { textOf, type Mode } from '../../lib/form-values.js';
import type { Translate } from '../../i18n/index.js';
import type { ConsolePage } from '../page.js';

interface ModifierGroup {
  readonly id: string;
  readonly name: string;
  readonly is_required: boolean;
  readonly min_choices: number;
  readonly max_choices: number | null;
  readonly free_quantity: number;
  readonly default_modifier_id: string | null;
}

interface Modifier {
  readonly id: string;
  readonly name: string;
  readonly group_id: string | null;
}

/** A whole count as typed: digits become the number; anything else is sent as typed for the service to refuse. */
function countOf(form: FormValues, name: string, mode: Mode, blank: 'omit' | 'null'): Record<string, number | string | null> {
  const value = textOf(form, name).replace(/\s/g, '');
  if (value === '') return blank === 'null' && mode === 'update' ? { [name]: null } : {};
  return { [name]: /^\d{1,6}$/.test(value) ? Number(value) : value };
}

function body(form: FormValues, mode: Mode) {
  const fallback = textOf(form, 'default_modifier_id');
  return {
    name: textOf(form, 'name'),
    ...(mode === 'create' ? { measurement: 'pcs', price: '0', type: 'MODIFIER_GROUP' } : {}),
    is_required: form.is_required === true,
    ...countOf(form, 'min_choices', mode, 'omit'),
    // Emptied: no upper limit.
    ...countOf(form, 'max_choices', mode, 'null'),
    ...countOf(form, 'free_quantity', mode, 'omit'),
    ...(fallback ? { default_modifier_id: fallback } : mode === 'update' ? { default_modifier_id: null } : {}),
  };
}

/** The modifiers the default can be: each named with its group, as the group being edited is not known here. */
function modifierOptions(refs: Refs, t: Translate) {
  const groups = new Map((refs.groups ?? []).map((group) => [group.id as string, group.name as string]));
  return [
    { value: '', label: t('option.noDefault') },
    ...((refs.modifiers ?? []) as unknown as Modifier[]).map((modifier) => ({
      value: modifier.id,
      label:
        modifier.group_id && groups.has(modifier.group_id) ? `${groups.get(modifier.group_id)}: ${modifier.name}` : modifier.name,
    })),
  ];
}

function rulesOf(row: ModifierGroup, t: Translate): string {
  return t('modifierGroups.rules', {
    required: row.is_required ? 'yes' : 'no',
    min: String(row.min_choices),
    max: row.max_choices === null ? t('modifierGroups.noLimit') : String(row.max_choices),
    free: String(row.free_quantity),
  });
}

export const modifierGroupsConfig: RecordsConfig<ModifierGroup> = {
  load: async (api) =>
    rowsOf<ModifierGroup>(await api.call('ItemModifierController_findAllModifierGroups', { query: { all_points: 'true' } })),
  loadRefs: async (api) => {
    const [modifiers, groups] = await Promise.all([
      api.call('ItemModifierController_findAllModifiers', { query: { all_points: 'true' } }),
      api.call('ItemModifierController_findAllModifierGroups', { query: { all_points: 'true' } }),
    ]);
    return { modifiers: rowsOf(modifiers), groups: rowsOf(groups) };
  },
  columns: [
    { header: 'field.name', cell: (row) => row.name },
    { header: 'column.rules', cell: (row, { t }) => rulesOf(row, t) },
  ],
  fields: [
    { name: 'name', label: 'field.name' },
    { name: 'is_required', label: 'field.isRequired', kind: 'checkbox' },
    { name: 'min_choices', label: 'field.minChoices' },
    { name: 'max_choices', label: 'field.maxChoices' },
    { name: 'free_quantity', label: 'field.freeQuantity' },
    { name: 'default_modifier_id', label: 'field.defaultModifier', kind: 'select', options: modifierOptions },
  ],
  empty: { name: '', is_required: false, min_choices: '0', max_choices: '', free_quantity: '0', default_modifier_id: '' },
  fromRow: (row) => ({
    name: row.name,
    is_required: row.is_required,
    min_choices: String(row.min_choices),
    max_choices: row.max_choices === null ? '' : String(row.max_choices),
    free_quantity: String(row.free_quantity),
    default_modifier_id: row.default_modifier_id ?? '',
  }),
  create: async (api, form) => {
    await api.call('ItemModifierController_createModifierGroup', { body: body(form, 'create') as never });
  },
  update: (api, row, form) =>
    api.call('ItemModifierController_updateModifierGroup', { params: { id: row.id }, body: body(form, 'update') as never }),
  remove: (api, row) => api.call('ItemModifierController_removeModifierGroup', { params: { id: row.id } }),
  name: (row) => row.name,
  intro: 'modifierGroups.intro',
  addLabel: 'modifierGroups.add',
  newTitle: 'modifierGroups.new',
  editTitle: 'modifierGroups.edit',
};

const page: ConsolePage = {
  path: '/modifier-groups',
  titleMessageId: 'page.modifierGroups',
  Component: () => <RecordsPage config={modifierGroupsConfig} />,
};
export default page;
