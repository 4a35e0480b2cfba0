/**
 * The modifier-group rules shared by the till's picker and the service's order checks: which groups an item offers,
 * which chosen units are free, what a line's modifiers add, and which rules a line breaks.
 */
import { describe, expect, it } from 'vitest';
import type { Money } from '../decimal.js';
import { freeSplit, groupRuleProblems, groupsOfItem, lineModifierShapeProblems, lineRuleProblems, minimumOf, modifiersPerUnit, type ModifierGroupRules } from './modifier-rules.js';
import { lineSubtotal } from './order-math.js';

const m = (value: bigint) => value as Money;
const group = (id: string, rules: Partial<ModifierGroupRules> = {}): ModifierGroupRules => ({
  id,
  name: id,
  is_required: false,
  min_choices: 0,
  max_choices: null,
  free_quantity: 0,
  default_modifier_id: null,
  ...rules,
});
const option = (id: string, group_id: string, item_id: string, price: bigint) => ({ id, name: id, group_id, item_id, price: m(price) });

describe('modifier rules', () => {
  const groups = [group('Milk', { is_required: true, max_choices: 1 }), group('Extras', { max_choices: 3, free_quantity: 2 }), group('Unused')];
  const modifiers = [option('oat', 'Milk', 'latte', 500n), option('cow', 'Milk', 'latte', 0n), option('shot', 'Extras', 'latte', 400n), option('tea-lemon', 'Extras', 'tea', 100n)];

  it('offers an item the groups of the modifiers that name it, each with only its own modifiers', () => {
    const offered = groupsOfItem('latte', modifiers, groups);
    expect(offered.map((entry) => [entry.group.id, entry.modifiers.map((modifier) => modifier.id)])).toEqual([
      ['Milk', ['oat', 'cow']],
      ['Extras', ['shot']],
    ]);
    expect(groupsOfItem('water', modifiers, groups)).toEqual([]);
  });

  it('needs one choice of a required group even when its minimum is 0', () => {
    expect(minimumOf(group('a', { is_required: true }))).toBe(1);
    expect(minimumOf(group('a', { is_required: true, min_choices: 2 }))).toBe(2);
    expect(minimumOf(group('a'))).toBe(0);
  });

  it('gives the free units to the cheapest choices, whatever order they were tapped in', () => {
    expect(freeSplit([{ quantity: 1, price: m(400n) }, { quantity: 2, price: m(100n) }], 2)).toEqual([0, 2]);
    expect(freeSplit([{ quantity: 1, price: m(400n) }, { quantity: 1, price: m(100n) }], 3)).toEqual([1, 1]);
    expect(freeSplit([{ quantity: 2, price: m(300n) }, { quantity: 2, price: m(300n) }], 3)).toEqual([2, 1]);
    expect(freeSplit([], 2)).toEqual([]);
  });

  it('adds Σ (quantity − free) × price per unit of the line, and the line comes to quantity × (price + that)', () => {
    const chosen = [
      { quantity: 2, free_quantity: 1, price: m(400n) },
      { quantity: 1, free_quantity: 0, price: m(250n) },
    ];
    expect(modifiersPerUnit(chosen)).toBe(650n);
    // 1.5 × (10.00 + 6.50) = 24.75
    expect(lineSubtotal({ quantity: 1500n as never, price: m(1000n), modifiers: chosen })).toBe(2475n);
    expect(lineSubtotal({ quantity: 1000n as never, price: m(1000n), modifiers: null })).toBe(1000n);
  });

  it('names every rule a line breaks, by group, and a modifier the item does not offer by position', () => {
    const offered = groupsOfItem('latte', modifiers, groups);
    const chosen = (id: string, quantity = 1, free_quantity = 0) => ({ modifier_id: id, quantity, free_quantity, price: m(0n) });
    expect(lineRuleProblems('items.0', [chosen('oat')], offered)).toEqual([]);
    expect(lineRuleProblems('items.0', [], offered)).toEqual(['items.0.modifiers must choose at least 1 of "Milk"']);
    expect(lineRuleProblems('items.2', [chosen('oat'), chosen('cow'), chosen('shot', 4, 3), chosen('tea-lemon')], offered)).toEqual([
      'items.2.modifiers.3.modifier_id must be a modifier offered for the line\'s item',
      'items.2.modifiers must choose at most 1 of "Milk"',
      'items.2.modifiers must choose at most 3 of "Extras"',
      'items.2.modifiers may have at most 2 free of "Extras"',
    ]);
    expect(lineModifierShapeProblems('items.0', [chosen('oat', 1, 2), chosen('oat')])).toEqual([
      'items.0.modifiers.0.free_quantity must not be greater than quantity',
      'items.0.modifiers.1.modifier_id must not repeat a modifier of the line',
    ]);
  });

  it('refuses group rules that contradict themselves', () => {
    expect(groupRuleProblems({ is_required: false, min_choices: 2, max_choices: 1, free_quantity: 0 })).toEqual(['min_choices must not be greater than max_choices']);
    expect(groupRuleProblems({ is_required: true, min_choices: 0, max_choices: 0, free_quantity: 1 })).toEqual([
      'max_choices must be at least 1 when is_required is true',
      'free_quantity must not be greater than max_choices',
    ]);
    expect(groupRuleProblems({ is_required: true, min_choices: 1, max_choices: null, free_quantity: 5 })).toEqual([]);
  });
});
