/**
 * A modifier group's picker rules as the Modifier groups screen edits them (RulesForm.tsx), kept pure so they are
 * tested without a page: the form's values from the stored group, what the screen refuses before sending (the
 * shared rules' own contradictions, shared/orders/modifier-rules.ts), and the update body — only what changed.
 */
import { groupRuleProblems } from '../../../shared/orders/modifier-rules.js';
import type { MessageKey } from '../../i18n/index.js';

/** The rule fields of a group as the catalogue answers them (absent on a group read before they existed). */
export interface StoredRules {
  readonly is_required?: boolean | null;
  readonly min_choices?: number | null;
  readonly max_choices?: number | null;
  readonly free_quantity?: number | null;
  readonly default_modifier_id?: string | null;
}

/** The form: counts as typed ('' max: no limit), the default as a modifier id ('' none). */
export interface RulesValues {
  readonly is_required: boolean;
  readonly min_choices: string;
  readonly max_choices: string;
  readonly free_quantity: string;
  readonly default_modifier_id: string;
}

export type RulesField = keyof RulesValues;
export type RulesProblems = Partial<Record<RulesField | 'form', MessageKey>>;

export function rulesValues(group: StoredRules): RulesValues {
  return {
    is_required: group.is_required ?? false,
    min_choices: String(group.min_choices ?? 0),
    max_choices: group.max_choices === null || group.max_choices === undefined ? '' : String(group.max_choices),
    free_quantity: String(group.free_quantity ?? 0),
    default_modifier_id: group.default_modifier_id ?? '',
  };
}

const MAX_COUNT = 999;

/** A whole count typed on screen, or undefined when it is not one (0 … 999). */
export function countOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= MAX_COUNT ? value : undefined;
}

/** What the screen refuses before sending, by field (the service says the same with a 400). */
export function checkRules(values: RulesValues): RulesProblems {
  const problems: RulesProblems = {};
  const min = countOf(values.min_choices);
  const max = values.max_choices.trim() === '' ? null : countOf(values.max_choices);
  const free = countOf(values.free_quantity);
  if (min === undefined) problems.min_choices = 'modifierRules.wholeNumber';
  if (max === undefined) problems.max_choices = 'modifierRules.wholeNumber';
  if (free === undefined) problems.free_quantity = 'modifierRules.wholeNumber';
  if (min === undefined || max === undefined || free === undefined) return problems;
  const broken = groupRuleProblems({ is_required: values.is_required, min_choices: min, max_choices: max, free_quantity: free });
  if (broken.some((line) => line.startsWith('min_choices'))) problems.min_choices = 'modifierRules.minOverMax';
  if (broken.some((line) => line.startsWith('max_choices'))) problems.max_choices = 'modifierRules.requiredNeedsOne';
  if (broken.some((line) => line.startsWith('free_quantity'))) problems.free_quantity = 'modifierRules.freeOverMax';
  return problems;
}

export type RulesBody = Record<string, boolean | number | string | null>;

const wire = (values: RulesValues): RulesBody => ({
  is_required: values.is_required,
  min_choices: countOf(values.min_choices) ?? 0,
  max_choices: values.max_choices.trim() === '' ? null : (countOf(values.max_choices) ?? 0),
  free_quantity: countOf(values.free_quantity) ?? 0,
  default_modifier_id: values.default_modifier_id === '' ? null : values.default_modifier_id,
});

/** The update body: only the rule fields whose wire value changed (null clears the limit or the default). */
export function rulesPatch(values: RulesValues, initial: RulesValues): RulesBody {
  const now = wire(values);
  const before = wire(initial);
  return Object.fromEntries(Object.entries(now).filter(([field, value]) => value !== before[field]));
}
