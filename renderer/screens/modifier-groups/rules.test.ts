/**
 * The Rules tab's pure part: a stored group's rules as form values, what the screen refuses before sending (the
 * shared rules' contradictions and counts that are not whole numbers), and an update body of only what changed.
 */
import { describe, expect, it } from 'vitest';
import { checkRules, rulesPatch, rulesValues } from './rules.js';

describe('a modifier group’s rules on the Modifier groups screen', () => {
  const stored = rulesValues({ is_required: true, min_choices: 1, max_choices: 2, free_quantity: 1, default_modifier_id: 'oat' });

  it('reads a group without rules as nothing required, no limit, nothing free, no default', () => {
    expect(rulesValues({})).toEqual({ is_required: false, min_choices: '0', max_choices: '', free_quantity: '0', default_modifier_id: '' });
    expect(stored).toEqual({ is_required: true, min_choices: '1', max_choices: '2', free_quantity: '1', default_modifier_id: 'oat' });
  });

  it('refuses counts that are not whole numbers and rules that contradict themselves, by field', () => {
    expect(checkRules({ ...stored, min_choices: '1.5', max_choices: '-1', free_quantity: 'x' })).toEqual({
      min_choices: 'modifierRules.wholeNumber',
      max_choices: 'modifierRules.wholeNumber',
      free_quantity: 'modifierRules.wholeNumber',
    });
    expect(checkRules({ ...stored, min_choices: '3' })).toEqual({ min_choices: 'modifierRules.minOverMax' });
    expect(checkRules({ ...stored, min_choices: '0', max_choices: '0', free_quantity: '0' })).toEqual({ max_choices: 'modifierRules.requiredNeedsOne' });
    expect(checkRules({ ...stored, free_quantity: '3' })).toEqual({ free_quantity: 'modifierRules.freeOverMax' });
    expect(checkRules({ ...stored, max_choices: '' , free_quantity: '5'})).toEqual({});
  });

  it('sends only what changed, null clearing the limit and the default', () => {
    expect(rulesPatch(stored, stored)).toEqual({});
    expect(rulesPatch({ ...stored, max_choices: ' ', default_modifier_id: '' }, stored)).toEqual({ max_choices: null, default_modifier_id: null });
    expect(rulesPatch({ ...stored, is_required: false, min_choices: '02' }, stored)).toEqual({ is_required: false, min_choices: 2 });
  });
});
