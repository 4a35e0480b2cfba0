/**
 * Taxes/fees and discounts share one shape: a name, a guid, a point, and some percentages and money values
 * (reference §5.5). Percentages are exact (hundredths of a point) and values are money (hundredths), stored as
 * BIGINT and formatted on the way out. Cashiers see their own point's entries and the business-wide ones, as
 * for the catalogue (app/catalog/visibility.ts); a point named in a body must be a live point of the business.
 */
import { formatMoney, formatPercent } from '../../shared/decimal.js';
import { units } from '../../db/values.js';
import { checkReferences, POINT_REFERENCE } from '../catalog/references.js';
import { pointVisibility } from '../catalog/visibility.js';
import { commonWire, simpleResource, type Columns } from '../resources/simple-resource.js';
import { optionalPatch, optionalColumns } from '../resources/optional-columns.js';

/** The body fields every finance entry has; its decimal fields come on top. */
interface FinanceBody {
  readonly name?: string | null;
  readonly guid?: string | null;
  readonly id_automated_point?: string | null;
}

export interface FinanceEntry {
  readonly table: 'tax_fees' | 'discounts';
  /** Used in messages: `${label} not found`. */
  readonly label: string;
  readonly percentFields: readonly string[];
  readonly moneyFields: readonly string[];
}

const TEXT = ['guid', 'id_automated_point'] as const;

const decimalOut = (value: unknown, format: (units: bigint) => string) =>
  value === null || value === undefined ? null : format(units(value as bigint));

/** A simple resource for one finance entry; `Create` and `Update` are its catalogue DTOs. */
export function financeResource<Create extends FinanceBody, Update extends FinanceBody>(entry: FinanceEntry) {
  const decimals = [...entry.percentFields, ...entry.moneyFields];
  return simpleResource<Create, Update>({
    table: entry.table,
    label: entry.label,
    // Absent or null decimals are stored as null ("not set"), as the reference's nullable columns.
    toRow: (body) => ({ name: body.name, ...optionalColumns(body, [...TEXT, ...decimals]) }),
    toPatch: (body) => ({ name: body.name ?? undefined, ...optionalPatch(body, [...TEXT, ...decimals]) }),
    toWire: (row) => {
      const wire: Columns = { ...commonWire(row), guid: row.guid ?? null, name: row.name };
      for (const field of entry.percentFields) wire[field] = decimalOut(row[field], formatPercent);
      for (const field of entry.moneyFields) wire[field] = decimalOut(row[field], formatMoney);
      wire.id_automated_point = row.id_automated_point ?? null;
      return wire;
    },
    // Only a point the write sets is checked, so an entry whose point was deleted later can still be edited.
    check: (db, ctx, columns, changed) => checkReferences(db, ctx, [POINT_REFERENCE], changed ?? columns),
    visibility: (ctx) => pointVisibility(ctx),
  });
}
