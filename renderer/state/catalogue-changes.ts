/**
 * What counts as a change of the selling catalogue — the items, their groups, units, modifiers, taxes, discounts,
 * scale-label settings and the till's own workplace — for the screens that hold all of it in memory (the sales
 * screen: 100,000 items). They re-read it only when it moved: re-reading it after every sale cost seconds per sale
 * at 100,000 items (BENCHMARKS.md, 2026-11-26).
 */
const CATALOGUE_TABLES: ReadonlySet<string> = new Set([
  'items',
  'item_groups',
  'measurements',
  'modifiers',
  'modifier_groups',
  'tax_fees',
  'discounts',
  'base_config',
  'workplaces',
  'points',
]);

/** Operations that change those tables when run at the till (the rest never do). */
const CATALOGUE_OPERATIONS = ['ItemModifierController_', 'MeasurementController_', 'FinanceController_', 'BaseConfigController_', 'BusinessController_'];

/** A completed sync moved the catalogue: its pull changed one of its tables (unknown, from an older core: assume so). */
export function syncChangedCatalogue(changedTables: readonly string[] | undefined): boolean {
  if (changedTables === undefined) return true;
  return changedTables.some((table) => table === '*' || CATALOGUE_TABLES.has(table));
}

/** An operation applied at the till moved the catalogue. */
export function operationChangedCatalogue(operation: string): boolean {
  return CATALOGUE_OPERATIONS.some((prefix) => operation.startsWith(prefix));
}
