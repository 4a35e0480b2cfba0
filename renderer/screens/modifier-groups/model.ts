/**
 * The modifier groups screen's rules, kept pure so they are tested without a page: the records as the catalogue
 * answers them, the form's values, what the screen refuses before sending, the exact create and update bodies
 * (an update carries only what changed), and which of the service's 400 lines belong next to which field.
 * Money is exact: decimal text in, bigint units to check and compare, canonical text out — never a float.
 */
import type { OperationRecord } from '../../../shared/catalogue/wire-types.js';
import { formatMoney, MONEY } from '../../../shared/decimal.js';
import type { MessageKey } from '../../i18n/index.js';
import { searchKey, unitsOrUndefined } from '../../lib/format.js';

type GroupWire = OperationRecord<'ItemModifierController_findAllModifierGroups'>;
type ModifierWire = OperationRecord<'ItemModifierController_findAllModifiers'>;

/** A modifier group or a modifier as `ItemModifierController_findAll…` answers it (the fields this screen uses). */
export type CatalogueEntry = Pick<
  GroupWire,
  | 'id'
  | 'name'
  | 'description'
  | 'measurement'
  | 'price'
  | 'cost'
  | 'color'
  | 'type'
  | 'id_automated_point'
  | 'tax_id'
  | 'discount_id'
  | 'is_menu'
  | 'is_service'
  | 'allow_pickup'
  | 'allow_delivery'
> &
  Partial<Pick<GroupWire, 'is_deleted' | 'dt_updated'>> &
  /** Modifiers only: the group they belong to. */
  Partial<Pick<ModifierWire, 'group_id'>>;

/** A record other screens own that a select offers: a tax fee, a discount, a point, a unit of measurement. */
export interface Named {
  readonly id: string;
  readonly name: string;
}

export type EntryKind = 'group' | 'modifier';

/** The form's values, named as the DTO's fields. Text as typed; '' is "none" / "whole business" / "not set". */
export interface EntryValues {
  readonly name: string;
  readonly description: string;
  readonly measurement: string;
  readonly type: string;
  readonly price: string;
  readonly cost: string;
  readonly color: string;
  readonly tax_id: string;
  readonly discount_id: string;
  readonly id_automated_point: string;
  readonly is_menu: boolean;
  readonly is_service: boolean;
  readonly allow_pickup: boolean;
  readonly allow_delivery: boolean;
}

export type Field = keyof EntryValues;

/** The fields in the order the form shows them (and the order body keys are built in). */
export const FIELDS: readonly Field[] = [
  'name',
  'description',
  'measurement',
  'type',
  'price',
  'cost',
  'color',
  'tax_id',
  'discount_id',
  'id_automated_point',
  'is_menu',
  'is_service',
  'allow_pickup',
  'allow_delivery',
];

export const FLAGS = ['is_menu', 'is_service', 'allow_pickup', 'allow_delivery'] as const;

/** The type a new entry gets (shared/schema-kit.ts ITEM_TYPES); a group may also be a subcategory. */
export const DEFAULT_TYPE: Record<EntryKind, string> = { group: 'MODIFIER_GROUP', modifier: 'MODIFIER' };
export const GROUP_TYPES = ['MODIFIER_GROUP', 'MODIFIER_SUBCATEGORY'] as const;

/** null, '' and '0' all mean the whole business (docs/api/catalog.md); the form shows them as one choice. */
export function isBusinessWide(point: string | null | undefined): boolean {
  return point === null || point === undefined || point === '' || point === '0';
}

/** A new entry's values. A modifier starts with its group's unit and point, which is what it usually shares. */
export function newEntry(kind: EntryKind, defaults: { readonly measurement: string; readonly point?: string }): EntryValues {
  return {
    name: '',
    description: '',
    measurement: defaults.measurement,
    type: DEFAULT_TYPE[kind],
    price: '0',
    cost: '',
    color: '',
    tax_id: '',
    discount_id: '',
    id_automated_point: defaults.point ?? '',
    is_menu: false,
    is_service: false,
    allow_pickup: false,
    allow_delivery: false,
  };
}

/** The form's values for a stored entry. */
export function entryValues(entry: CatalogueEntry): EntryValues {
  return {
    name: entry.name,
    description: entry.description ?? '',
    measurement: entry.measurement,
    type: entry.type,
    price: entry.price,
    cost: entry.cost ?? '',
    color: entry.color ?? '',
    tax_id: entry.tax_id ?? '',
    discount_id: entry.discount_id ?? '',
    id_automated_point: isBusinessWide(entry.id_automated_point) ? '' : (entry.id_automated_point ?? ''),
    is_menu: entry.is_menu,
    is_service: entry.is_service,
    allow_pickup: entry.allow_pickup,
    allow_delivery: entry.allow_delivery,
  };
}

const HEX_COLOUR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** "FF8800" → "#ff8800"; text that is not a hex colour (a stored "red") is kept as typed, trimmed. */
export function normalColour(text: string): string {
  const trimmed = text.trim();
  if (!HEX_COLOUR.test(trimmed)) return trimmed;
  return `#${trimmed.replace(/^#/, '').toLowerCase()}`;
}

/** What `<input type="color">` can show for the colour text: #rrggbb, or black when the text is not a hex colour. */
export function pickerColour(text: string): string {
  const colour = normalColour(text);
  if (!HEX_COLOUR.test(colour)) return '#000000';
  const digits = colour.slice(1);
  return digits.length === 3 ? `#${[...digits].map((digit) => digit + digit).join('')}` : colour;
}

/** Money typed on screen (a decimal comma is accepted) as canonical text, or undefined when it is not money ≥ 0. */
export function moneyText(text: string): string | undefined {
  const units = unitsOrUndefined(text, MONEY);
  return units === undefined || units < 0n ? undefined : formatMoney(units);
}

/**
 * What the wire would carry for a field. Comparing these (not the raw text) is what makes "12.50" the same price
 * as "12.5", and a whole-business point the same whether stored as null, '' or '0'. Text that fails the money
 * check is returned as typed: the check refuses it before anything is sent.
 */
export function wireValue(values: EntryValues, field: Field): string | boolean | null {
  switch (field) {
    case 'name':
    case 'measurement':
      return values[field].trim();
    case 'description':
      return values.description.trim() === '' ? null : values.description.trim();
    case 'price':
      return moneyText(values.price) ?? values.price;
    case 'cost':
      return values.cost.trim() === '' ? null : (moneyText(values.cost) ?? values.cost);
    case 'color':
      return values.color.trim() === '' ? null : normalColour(values.color);
    case 'tax_id':
    case 'discount_id':
      return values[field] === '' ? null : values[field];
    case 'id_automated_point':
      // '0' is the business-wide value the service stores for an absent point (docs/api/catalog.md).
      return values.id_automated_point === '' ? '0' : values.id_automated_point;
    default:
      return values[field];
  }
}

export type Problems = Partial<Record<Field, MessageKey>>;

/**
 * What the screen refuses before sending, by field. When editing, a field left as it was is not checked: a value
 * stored by another client that this screen would not accept (a colour named "red") must not block other edits.
 */
export function checkEntry(values: EntryValues, initial?: EntryValues): Problems {
  const problems: Problems = {};
  const changed = (field: Field) => !initial || wireValue(values, field) !== wireValue(initial, field);
  if (changed('name') && values.name.trim() === '') problems.name = 'modifierGroups.nameRequired';
  if (changed('measurement') && values.measurement.trim() === '') problems.measurement = 'modifierGroups.measurementRequired';
  if (changed('price')) {
    if (values.price.trim() === '') problems.price = 'modifierGroups.priceRequired';
    else if (moneyText(values.price) === undefined) problems.price = 'modifierGroups.moneyInvalid';
  }
  if (changed('cost') && values.cost.trim() !== '' && moneyText(values.cost) === undefined)
    problems.cost = 'modifierGroups.moneyInvalid';
  if (changed('color') && values.color.trim() !== '' && !HEX_COLOUR.test(values.color.trim()))
    problems.color = 'modifierGroups.colorInvalid';
  return problems;
}

export type Body = Record<string, string | boolean | null>;

/**
 * The create body: the required fields, the four flags and the point always (explicit is easier to audit), the
 * optional ones only when set. A modifier names its group.
 */
export function createBody(values: EntryValues, groupId?: string): Body {
  const body: Body = {};
  for (const field of FIELDS) {
    const value = wireValue(values, field);
    if (value !== null) body[field] = value;
  }
  if (groupId !== undefined) body.group_id = groupId;
  return body;
}

/**
 * The update body: only the fields whose wire value changed (PATCH). null clears a nullable field — description,
 * cost, colour, tax, discount (docs/api/catalog.md: "null clears a nullable column"); the required fields are
 * never sent as null because the check refuses them empty first.
 */
export function patchBody(values: EntryValues, initial: EntryValues): Body {
  const body: Body = {};
  for (const field of FIELDS) {
    const value = wireValue(values, field);
    if (value !== wireValue(initial, field)) body[field] = value;
  }
  return body;
}

/** The service's validation lines ("price must not be negative"), sorted to the field they name; the rest stay general. */
export function splitLines(lines: readonly string[]): { byField: Partial<Record<Field, string[]>>; general: string[] } {
  const byField: Partial<Record<Field, string[]>> = {};
  const general: string[] = [];
  for (const line of lines) {
    const field = FIELDS.find((name) => line.startsWith(`${name} `));
    if (field) (byField[field] ??= []).push(line);
    else general.push(line);
  }
  return { byField, general };
}

export interface GroupRow {
  readonly group: CatalogueEntry;
  /** Live modifiers that name this group. */
  readonly modifiers: number;
  readonly key: string;
}

const byName = (a: { readonly name: string }, b: { readonly name: string }) => a.name.localeCompare(b.name);

/** Live groups sorted by name, each with how many live modifiers it holds. */
export function groupRows(groups: readonly CatalogueEntry[], modifiers: readonly CatalogueEntry[]): GroupRow[] {
  const counts = new Map<string, number>();
  for (const modifier of modifiers) {
    if (modifier.is_deleted || !modifier.group_id) continue;
    counts.set(modifier.group_id, (counts.get(modifier.group_id) ?? 0) + 1);
  }
  return groups
    .filter((group) => !group.is_deleted)
    .map((group) => ({ group, modifiers: counts.get(group.id) ?? 0, key: searchKey(group.name) }))
    .sort((a, b) => byName(a.group, b.group));
}

/** Groups whose name contains the search, case and separators ignored. */
export function filterGroups(rows: readonly GroupRow[], search: string): GroupRow[] {
  const key = searchKey(search);
  return key === '' ? [...rows] : rows.filter((row) => row.key.includes(key));
}

/** The live modifiers of one group, sorted by name. */
export function modifiersOf(modifiers: readonly CatalogueEntry[], groupId: string): CatalogueEntry[] {
  return modifiers.filter((modifier) => !modifier.is_deleted && modifier.group_id === groupId).sort(byName);
}

/**
 * A select's choices, plus the entry's current value when the list does not hold it (a deleted tax, another
 * point's discount), so opening and saving the form never changes it silently.
 */
export function withCurrent(options: readonly Named[], current: string, unknown: (id: string) => string): Named[] {
  if (current === '' || options.some((option) => option.id === current)) return [...options];
  return [...options, { id: current, name: unknown(current) }];
}
