/**
 * A receipt line's unit must be its item's unit (shared/item-unit.ts), not just any measurement of the business:
 * 10 "boxes" of an item counted in pieces would add 10 pieces to stock. A 400 names the line's field and the unit
 * expected. Lines whose item is not found are left to the reference check, which names them.
 */
import { isItemUnit, itemUnits } from '../../shared/item-unit.js';
import type { Db, OperationContext } from '../context.js';
import type { ReceiptLine } from './receipt-lines.js';

export async function lineUnitProblems(db: Db, ctx: OperationContext, lines: readonly ReceiptLine[]): Promise<string[]> {
  if (lines.length === 0) return [];
  const itemIds = [...new Set(lines.map((line) => line.itemId))];
  const [items, measurements] = await Promise.all([
    db.selectFrom('items').select(['id', 'measurement']).where('business_id', '=', ctx.businessId).where('id', 'in', itemIds).execute(),
    db.selectFrom('measurements').select(['id', 'name']).where('business_id', '=', ctx.businessId).where('is_deleted', '=', 0).execute(),
  ]);
  const nameOf = new Map(measurements.map((measurement) => [measurement.id, measurement.name]));
  const unitsOf = new Map(items.map((item) => [item.id, itemUnits(item.measurement, measurements)]));
  const problems: string[] = [];
  lines.forEach((line, index) => {
    const units = unitsOf.get(line.itemId);
    if (units === undefined || isItemUnit(units, line.measureId)) return;
    const unit = units[0] ?? '';
    problems.push(`items.${index}.measureId must be the item's unit ("${nameOf.get(unit) ?? unit}")`);
  });
  return problems;
}
