/**
 * The rules of modifier groups (issue 16, "Modifiers"), one pure module used by the till's picker and cart and by the
 * service's order checks, so both refuse — or, for a queued sale, warn about — the same things in the same words.
 *
 * - An item's modifier groups are the groups of the live modifiers whose `item_id` names the item (the reference's
 *   link); the picker offers, per group, those modifiers.
 * - A group needs at least `minimumOf(group)` chosen units (`min_choices`, or 1 when `is_required`) and at most
 *   `max_choices` (null: no limit); a modifier chosen twice counts twice (its `quantity`).
 * - `free_quantity` units of a group cost nothing: the cheapest chosen units are the free ones (`freeSplit`), so the
 *   price never depends on the order of the taps. A line states each modifier's `free_quantity`; more free units in a
 *   group than the group gives is a rule broken.
 * - Modifier quantities are per unit of the line: a line of 2 lattes with one extra shot each is
 *   2 × (latte + shot) — `modifiersPerUnit` is what one unit of the line adds (shared/orders/order-math.ts).
 * Money is bigint units (shared/decimal.ts); nothing here reads a database.
 */
import type { Money } from '../decimal.js';

export interface ModifierGroupRules {
  readonly id: string;
  readonly name: string;
  readonly is_required: boolean;
  readonly min_choices: number;
  readonly max_choices: number | null;
  readonly free_quantity: number;
  readonly default_modifier_id: string | null;
}

export interface ModifierOption {
  readonly id: string;
  readonly name: string;
  readonly group_id: string | null;
  readonly item_id: string | null;
  readonly price: Money;
}

/** A modifier chosen for a line: how many of it per unit of the line, its price, and how many of those are free. */
export interface ChosenModifier {
  readonly modifier_id: string;
  readonly quantity: number;
  readonly price: Money;
  readonly free_quantity: number;
}

/** One of an item's groups with the modifiers it offers for that item. */
export interface ItemModifierGroup {
  readonly group: ModifierGroupRules;
  readonly modifiers: readonly ModifierOption[];
}

/** The fewest units a group needs: its `min_choices`, and at least one when it is required. */
export const minimumOf = (group: ModifierGroupRules): number => Math.max(group.min_choices, group.is_required ? 1 : 0);

/** The groups an item offers, in the order of `groups`, each with its modifiers for that item (in their order). */
export function groupsOfItem(
  itemId: string,
  modifiers: readonly ModifierOption[],
  groups: readonly ModifierGroupRules[],
): ItemModifierGroup[] {
  const offered = new Map<string, ModifierOption[]>();
  for (const modifier of modifiers) {
    if (modifier.item_id !== itemId || modifier.group_id === null) continue;
    const own = offered.get(modifier.group_id);
    if (own) own.push(modifier);
    else offered.set(modifier.group_id, [modifier]);
  }
  return groups.filter((group) => offered.has(group.id)).map((group) => ({ group, modifiers: offered.get(group.id) ?? [] }));
}

/** The problems of a group's rules themselves (create/update of a modifier group), as `field message` lines. */
export function groupRuleProblems(group: Omit<ModifierGroupRules, 'id' | 'name' | 'default_modifier_id'>): string[] {
  const problems: string[] = [];
  if (group.max_choices !== null && group.min_choices > group.max_choices) {
    problems.push('min_choices must not be greater than max_choices');
  }
  if (group.is_required && group.max_choices === 0) problems.push('max_choices must be at least 1 when is_required is true');
  if (group.max_choices !== null && group.free_quantity > group.max_choices) {
    problems.push('free_quantity must not be greater than max_choices');
  }
  return problems;
}

/**
 * Which chosen units are free: `free` units of the group go to the cheapest units first (ties: in the order
 * chosen). Returns the free quantity of each chosen modifier, by position.
 */
export function freeSplit(chosen: readonly { readonly quantity: number; readonly price: Money }[], free: number): number[] {
  const result = chosen.map(() => 0);
  let left = free;
  const cheapestFirst = chosen.map((entry, index) => ({ entry, index })).sort((a, b) => (a.entry.price < b.entry.price ? -1 : a.entry.price > b.entry.price ? 1 : a.index - b.index));
  for (const { entry, index } of cheapestFirst) {
    if (left <= 0) break;
    const take = Math.min(left, entry.quantity);
    result[index] = take;
    left -= take;
  }
  return result;
}

/** What one unit of a line adds for its modifiers: Σ (quantity − free_quantity) × price. */
export function modifiersPerUnit(chosen: readonly Pick<ChosenModifier, 'quantity' | 'free_quantity' | 'price'>[]): Money {
  return chosen.reduce((sum, entry) => sum + BigInt(Math.max(0, entry.quantity - entry.free_quantity)) * entry.price, 0n) as Money;
}

/** Problems a line's modifiers have on their own, without the catalogue: a modifier twice, more free than chosen. */
export function lineModifierShapeProblems(field: string, chosen: readonly ChosenModifier[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  chosen.forEach((entry, index) => {
    if (seen.has(entry.modifier_id)) problems.push(`${field}.modifiers.${index}.modifier_id must not repeat a modifier of the line`);
    seen.add(entry.modifier_id);
    if (entry.free_quantity > entry.quantity) problems.push(`${field}.modifiers.${index}.free_quantity must not be greater than quantity`);
  });
  return problems;
}

/**
 * The group rules a line's modifiers break, as `items.N.modifiers…` message lines (empty: none). `offered` is the
 * line item's groups (groupsOfItem); a modifier it does not offer is named by its position.
 */
export function lineRuleProblems(field: string, chosen: readonly ChosenModifier[], offered: readonly ItemModifierGroup[]): string[] {
  const problems: string[] = [];
  const groupOf = new Map<string, ModifierGroupRules>();
  for (const { group, modifiers } of offered) for (const modifier of modifiers) groupOf.set(modifier.id, group);
  const units = new Map<string, { chosen: number; free: number }>();
  chosen.forEach((entry, index) => {
    const group = groupOf.get(entry.modifier_id);
    if (!group) {
      problems.push(`${field}.modifiers.${index}.modifier_id must be a modifier offered for the line's item`);
      return;
    }
    const sums = units.get(group.id) ?? { chosen: 0, free: 0 };
    units.set(group.id, { chosen: sums.chosen + entry.quantity, free: sums.free + entry.free_quantity });
  });
  for (const { group } of offered) {
    const sums = units.get(group.id) ?? { chosen: 0, free: 0 };
    const minimum = minimumOf(group);
    if (sums.chosen < minimum) problems.push(`${field}.modifiers must choose at least ${minimum} of "${group.name}"`);
    if (group.max_choices !== null && sums.chosen > group.max_choices) {
      problems.push(`${field}.modifiers must choose at most ${group.max_choices} of "${group.name}"`);
    }
    if (sums.free > group.free_quantity) problems.push(`${field}.modifiers may have at most ${group.free_quantity} free of "${group.name}"`);
  }
  return problems;
}
