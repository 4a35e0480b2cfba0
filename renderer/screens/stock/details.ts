/**
 * The row-details editor's model: the fields a cashier may change on a stock row (price, date from, the seven
 * weekday par levels), checked on screen, and the PATCH body of only what changed. Amounts stay decimal strings
 * parsed into bigint units (shared/decimal.ts); a decimal comma is accepted. The quantity itself is not here: it
 * is changed by an adjustment (see AdjustForm).
 */
import { formatMoney, formatQuantity, MONEY, QUANTITY, type DecimalKind } from '../../../shared/decimal.js';
import type { MessageKey } from '../../i18n/index.js';
import { unitsOrUndefined } from '../../lib/format.js';
import { localDay, startOfLocalDay } from './dates.js';
import { parOf, WEEKDAYS, type StockLine } from './lines.js';

export const DETAIL_FIELDS = ['price', 'dateFrom', ...WEEKDAYS] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
/** What the inputs hold: text as typed (the date as "YYYY-MM-DD"). */
export type DetailValues = Record<DetailField, string>;
export type DetailProblems = Partial<Record<DetailField, MessageKey>>;
/** The body of `StockQuantityController_update`: the changed fields, canonical decimal strings and an ISO date-time. */
export type DetailBody = Partial<Record<DetailField, string>>;

export function detailValues(line: StockLine): DetailValues {
  const values = { price: line.price, dateFrom: localDay(line.dateFrom) } as DetailValues;
  for (const day of WEEKDAYS) values[day] = parOf(line.weekdays, day);
  return values;
}

/** Units of an amount that may not be negative, or undefined when the text is not one. */
function nonNegative(text: string, kind: DecimalKind): bigint | undefined {
  const units = unitsOrUndefined(text, kind);
  return units === undefined || units < 0n ? undefined : units;
}

/** Units of the value the row had (undefined if the stored text does not parse: then any valid entry is a change). */
const storedUnits = (text: string, kind: DecimalKind) => unitsOrUndefined(text, kind);

export interface DetailCheck {
  readonly problems: DetailProblems;
  readonly body: DetailBody;
}

/**
 * Checks what was typed against what the row had and builds the body of what changed. A field left as it was is
 * neither checked nor sent; "12,50" for a stored "12.5" is no change. The date cannot be emptied: the service
 * ignores a null `dateFrom`, so an empty date would silently not save.
 */
export function checkDetails(values: DetailValues, initial: DetailValues): DetailCheck {
  const problems: DetailProblems = {};
  const body: DetailBody = {};
  if (values.price !== initial.price) {
    const units = nonNegative(values.price, MONEY);
    if (units === undefined) problems.price = 'stock.priceInvalid';
    else if (units !== storedUnits(initial.price, MONEY)) body.price = formatMoney(units);
  }
  if (values.dateFrom !== initial.dateFrom) {
    const sent = startOfLocalDay(values.dateFrom);
    if (sent === null) problems.dateFrom = 'stock.dateInvalid';
    else body.dateFrom = sent;
  }
  for (const day of WEEKDAYS) {
    if (values[day] === initial[day]) continue;
    const units = nonNegative(values[day], QUANTITY);
    if (units === undefined) problems[day] = 'stock.parInvalid';
    else if (units !== storedUnits(initial[day], QUANTITY)) body[day] = formatQuantity(units);
  }
  return { problems, body };
}

/** The service's 400 lines, each next to the field it names ("mon must have at most 3 decimal places"); the rest general. */
export function splitLines(lines: readonly string[]): { byField: Partial<Record<DetailField, string[]>>; general: string[] } {
  const byField: Partial<Record<DetailField, string[]>> = {};
  const general: string[] = [];
  for (const line of lines) {
    const field = DETAIL_FIELDS.find((name) => line.startsWith(`${name} `));
    if (field) (byField[field] ??= []).push(line);
    else general.push(line);
  }
  return { byField, general };
}
