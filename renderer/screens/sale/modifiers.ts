/**
 * Modifiers on the sales screen, without React: the menus of the items that have modifier groups (built once per
 * load from the till's modifiers and groups), the picker's selection and what it may do next, and the chosen
 * modifiers a cart line keeps. The rules themselves are the shared ones (shared/orders/modifier-rules.ts) — the
 * service checks the sale with the same functions — so a line the picker lets through is a line the service takes.
 */
import { formatMoney, MONEY, parseDecimal, type Money } from '../../../shared/decimal.js';
import {
  freeSplit,
  groupsOfItem,
  lineRuleProblems,
  minimumOf,
  type ItemModifierGroup,
  type ModifierGroupRules,
  type ModifierOption,
} from '../../../shared/orders/modifier-rules.js';

/** A modifier chosen for a cart line: per unit of the line, its price (money text) and how many of it are free. */
export interface CartModifier {
  readonly id: string;
  readonly name: string;
  readonly quantity: number;
  readonly price: string;
  readonly free: number;
}

/** The groups each item offers, by item id (items without any are absent). */
export type ModifierMenus = ReadonlyMap<string, readonly ItemModifierGroup[]>;

/** What the menus read of a modifier and a group (the catalogue's list answers; loosely typed for tests). */
export interface ModifierRecord {
  readonly id: string;
  readonly name: string;
  readonly price: string;
  readonly group_id: string | null;
  readonly item_id: string | null;
  readonly is_deleted?: boolean | null;
}
export interface ModifierGroupRecord {
  readonly id: string;
  readonly name: string;
  readonly is_required?: boolean | null;
  readonly min_choices?: number | null;
  readonly max_choices?: number | null;
  readonly free_quantity?: number | null;
  readonly default_modifier_id?: string | null;
  readonly is_deleted?: boolean | null;
}

const moneyOf = (text: string): Money => {
  const parsed = parseDecimal(text, MONEY);
  return (parsed.ok ? parsed.units : 0n) as Money;
};

export function buildModifierMenus(modifiers: readonly ModifierRecord[], groups: readonly ModifierGroupRecord[]): ModifierMenus {
  const options: ModifierOption[] = modifiers
    .filter((modifier) => !modifier.is_deleted && modifier.item_id)
    .map((modifier) => ({ id: modifier.id, name: modifier.name, group_id: modifier.group_id, item_id: modifier.item_id, price: moneyOf(modifier.price) }));
  const rules: ModifierGroupRules[] = groups
    .filter((group) => !group.is_deleted)
    .map((group) => ({
      id: group.id,
      name: group.name,
      is_required: group.is_required ?? false,
      min_choices: group.min_choices ?? 0,
      max_choices: group.max_choices ?? null,
      free_quantity: group.free_quantity ?? 0,
      default_modifier_id: group.default_modifier_id ?? null,
    }));
  // By item first, so a large catalogue of modifiers is read once, not once per item.
  const byItem = new Map<string, ModifierOption[]>();
  for (const option of options) {
    const own = byItem.get(option.item_id as string);
    if (own) own.push(option);
    else byItem.set(option.item_id as string, [option]);
  }
  const menus = new Map<string, ItemModifierGroup[]>();
  for (const [itemId, own] of byItem) {
    const menu = groupsOfItem(itemId, own, rules);
    if (menu.length > 0) menus.set(itemId, menu);
  }
  return menus;
}

/** How many of each modifier the picker has chosen, by modifier id. */
export type Selection = ReadonlyMap<string, number>;

/** The picker's start: each group's default choice, when the group offers it for this item. */
export function initialSelection(menu: readonly ItemModifierGroup[]): Selection {
  const selection = new Map<string, number>();
  for (const { group, modifiers } of menu) {
    if (group.default_modifier_id && modifiers.some((modifier) => modifier.id === group.default_modifier_id)) {
      selection.set(group.default_modifier_id, 1);
    }
  }
  return selection;
}

/** A line's chosen modifiers back as the picker's selection (changing a line's modifiers starts from them). */
export function selectionOf(modifiers: readonly CartModifier[]): Selection {
  return new Map(modifiers.map((modifier) => [modifier.id, modifier.quantity]));
}

const chosenIn = (entry: ItemModifierGroup, selection: Selection) => entry.modifiers.reduce((sum, modifier) => sum + (selection.get(modifier.id) ?? 0), 0);

export interface GroupStatus {
  readonly chosen: number;
  readonly minimum: number;
  readonly maximum: number | null;
  /** Fewer than the minimum chosen: OK is blocked. */
  readonly short: boolean;
  /** The maximum reached: nothing more may be added to the group. */
  readonly full: boolean;
}

export function groupStatus(entry: ItemModifierGroup, selection: Selection): GroupStatus {
  const chosen = chosenIn(entry, selection);
  const minimum = minimumOf(entry.group);
  const maximum = entry.group.max_choices;
  return { chosen, minimum, maximum, short: chosen < minimum, full: maximum !== null && chosen >= maximum };
}

/** Adds one of a modifier; a group that allows a single choice swaps its choice instead. Unchanged when full. */
export function addOne(menu: readonly ItemModifierGroup[], selection: Selection, modifierId: string): Selection {
  const entry = menu.find((candidate) => candidate.modifiers.some((modifier) => modifier.id === modifierId));
  if (!entry) return selection;
  const next = new Map(selection);
  if (entry.group.max_choices === 1) {
    for (const modifier of entry.modifiers) next.delete(modifier.id);
    next.set(modifierId, 1);
    return next;
  }
  if (groupStatus(entry, selection).full) return selection;
  next.set(modifierId, (selection.get(modifierId) ?? 0) + 1);
  return next;
}

/** Takes one of a modifier away. */
export function removeOne(selection: Selection, modifierId: string): Selection {
  const count = selection.get(modifierId) ?? 0;
  if (count === 0) return selection;
  const next = new Map(selection);
  if (count === 1) next.delete(modifierId);
  else next.set(modifierId, count - 1);
  return next;
}

/** Space and a click: a chosen modifier is taken away (all of it), an unchosen one added. */
export function toggle(menu: readonly ItemModifierGroup[], selection: Selection, modifierId: string): Selection {
  if ((selection.get(modifierId) ?? 0) > 0) {
    const next = new Map(selection);
    next.delete(modifierId);
    return next;
  }
  return addOne(menu, selection, modifierId);
}

/** The chosen modifiers in menu order, each group's free units given to its cheapest choices. */
export function chosenModifiers(menu: readonly ItemModifierGroup[], selection: Selection): CartModifier[] {
  const chosen: CartModifier[] = [];
  for (const { group, modifiers } of menu) {
    const picked = modifiers.filter((modifier) => (selection.get(modifier.id) ?? 0) > 0);
    const free = freeSplit(
      picked.map((modifier) => ({ quantity: selection.get(modifier.id) ?? 0, price: modifier.price })),
      group.free_quantity,
    );
    picked.forEach((modifier, index) =>
      chosen.push({ id: modifier.id, name: modifier.name, quantity: selection.get(modifier.id) ?? 0, price: formatMoney(modifier.price), free: free[index] ?? 0 }),
    );
  }
  return chosen;
}

/** The rules the selection breaks (the service's own words); empty: OK may be pressed. */
export function selectionProblems(menu: readonly ItemModifierGroup[], selection: Selection): string[] {
  return lineRuleProblems(
    'items.0',
    chosenModifiers(menu, selection).map((modifier) => ({ modifier_id: modifier.id, quantity: modifier.quantity, price: moneyOf(modifier.price), free_quantity: modifier.free })),
    menu,
  );
}

/** The modifiers a line sends with its order (OrderItemDto.modifiers). */
export function modifiersWire(modifiers: readonly CartModifier[]) {
  return modifiers.map((modifier) => ({ modifier_id: modifier.id, quantity: modifier.quantity, price: modifier.price, free_quantity: modifier.free }));
}

/** The modifiers as the shared arithmetic reads them. */
export function modifiersMath(modifiers: readonly CartModifier[]) {
  return modifiers.map((modifier) => ({ quantity: modifier.quantity, price: moneyOf(modifier.price), free_quantity: modifier.free }));
}

/** A stored line's modifiers back as cart modifiers, named from the item's menu (an unknown one keeps its id). */
export function cartModifiersOf(
  stored: readonly { readonly modifier_id: string; readonly quantity: number; readonly price: string; readonly free_quantity: number }[],
  menu: readonly ItemModifierGroup[] | undefined,
): CartModifier[] {
  const names = new Map((menu ?? []).flatMap((entry) => entry.modifiers.map((modifier) => [modifier.id, modifier.name] as const)));
  return stored.map((entry) => ({ id: entry.modifier_id, name: names.get(entry.modifier_id) ?? entry.modifier_id, quantity: entry.quantity, price: entry.price, free: entry.free_quantity }));
}
