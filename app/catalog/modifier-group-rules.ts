/**
 * A modifier group's rules (our additive columns, migration 0023): read, checked and written around the shared
 * catalogue life cycle (catalogue-resource.ts), which knows only the descriptive columns every catalogue entry has.
 * The checks are the shared ones (shared/orders/modifier-rules.ts `groupRuleProblems`) plus the one that needs the
 * database: a default choice must be a live modifier of this very group. Every problem is a 400 naming its field.
 */
import { badRequest } from '../../shared/errors.js';
import type { CreateModifierGroupDto, UpdateModifierGroupDto } from '../../shared/catalogue/item-modifier.js';
import { groupRuleProblems } from '../../shared/orders/modifier-rules.js';
import type { Db, OperationContext } from '../context.js';

export interface StoredRules {
  readonly is_required: boolean;
  readonly min_choices: number;
  readonly max_choices: number | null;
  readonly free_quantity: number;
  readonly default_modifier_id: string | null;
}

/** A group written before the rules existed, or without any: nothing required, no limit, nothing free, no default. */
export const NO_RULES: StoredRules = { is_required: false, min_choices: 0, max_choices: null, free_quantity: 0, default_modifier_id: null };

const RULE_COLUMNS = ['id', 'is_required', 'min_choices', 'max_choices', 'free_quantity', 'default_modifier_id'] as const;

type RuleRow = { [K in (typeof RULE_COLUMNS)[number]]: unknown };

const rulesOfRow = (row: RuleRow): StoredRules => ({
  is_required: Number(row.is_required) !== 0,
  min_choices: Number(row.min_choices ?? 0),
  max_choices: row.max_choices === null || row.max_choices === undefined ? null : Number(row.max_choices),
  free_quantity: Number(row.free_quantity ?? 0),
  default_modifier_id: (row.default_modifier_id as string | null | undefined) ?? null,
});

/** The rules of the business's groups, by id (every group, deleted or not: lists pick theirs). */
export async function rulesByGroup(db: Db, ctx: OperationContext): Promise<Map<string, StoredRules>> {
  const rows = await db.selectFrom('modifier_groups').select(RULE_COLUMNS).where('business_id', '=', ctx.businessId).execute();
  return new Map(rows.map((row) => [row.id, rulesOfRow(row)]));
}

async function rulesOf(db: Db, ctx: OperationContext, id: string): Promise<StoredRules | undefined> {
  const row = await db
    .selectFrom('modifier_groups')
    .select(RULE_COLUMNS)
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? rulesOfRow(row) : undefined;
}

/** The rules after `body`: a field not sent keeps its value; null clears `max_choices` and `default_modifier_id`. */
export function mergeRules(current: StoredRules, body: CreateModifierGroupDto | UpdateModifierGroupDto): StoredRules {
  return {
    is_required: body.is_required ?? current.is_required,
    min_choices: body.min_choices ?? current.min_choices,
    max_choices: body.max_choices === undefined ? current.max_choices : body.max_choices,
    free_quantity: body.free_quantity ?? current.free_quantity,
    // '' names nothing, as null does (the catalogue's other references read it so too).
    default_modifier_id: body.default_modifier_id === undefined ? current.default_modifier_id : body.default_modifier_id || null,
  };
}

/** Refuses rules that contradict themselves, or a default that is not a live modifier of the group `groupId`. */
export async function checkRules(db: Db, ctx: OperationContext, groupId: string | null, rules: StoredRules, defaultChanged: boolean) {
  const problems = groupRuleProblems(rules);
  if (defaultChanged && rules.default_modifier_id !== null) {
    const modifier =
      groupId === null
        ? undefined
        : await db
            .selectFrom('modifiers')
            .select('id')
            .where('business_id', '=', ctx.businessId)
            .where('id', '=', rules.default_modifier_id)
            .where('group_id', '=', groupId)
            .where('is_deleted', '=', 0)
            .executeTakeFirst();
    if (!modifier) {
      problems.push(
        groupId === null
          ? 'default_modifier_id must be a modifier of this group: a new group has none yet (set it once its modifiers exist)'
          : 'default_modifier_id must be an existing modifier of this group',
      );
    }
  }
  if (problems.length > 0) throw badRequest(problems);
}

/** Stores the rules of the group `id`. */
export async function writeRules(db: Db, ctx: OperationContext, id: string, rules: StoredRules) {
  await db
    .updateTable('modifier_groups')
    .set({ ...rules, is_required: rules.is_required ? 1 : 0 })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .execute();
}

/** The rules as the wire shows them. */
export const rulesWire = (rules: StoredRules) => ({ ...rules });

/** The stored rules of one group (NO_RULES when it is unknown, which the caller's own lookup reports). */
export async function currentRules(db: Db, ctx: OperationContext, id: string): Promise<StoredRules> {
  return (await rulesOf(db, ctx, id)) ?? NO_RULES;
}
