/**
 * Field builders for the operations' output schemas: what the service and the terminal core send back, in wire
 * form (JSON). They mirror `shared/schema-kit.ts`, but describe rather than convert: money and quantities leave as
 * decimal strings and stay strings (a JS number there is a bug, and the check in tests says so), timestamps as ISO
 * text. Records are strict objects, so a field the schema does not name is reported by the test-time check
 * (test/setup/output-check.ts) instead of passing unseen; nothing here strips or reshapes what is sent.
 */
import { z } from 'zod';
import { MONEY, PERCENT, QUANTITY, type DecimalKind } from '../../decimal.js';

const DECIMAL_TEXT = /^-?\d+(?:\.(\d+))?$/;

/**
 * Decimal text of `kind`'s scale at most. No limit on the integer digits: an answer may sum many stored values
 * (an item's stock over every warehouse), exactly, beyond what one input field accepts.
 */
const decimalText = (kind: DecimalKind) =>
  z.string().refine(
    (value) => {
      const match = DECIMAL_TEXT.exec(value);
      return match !== null && (match[1] ?? '').replace(/0+$/, '').length <= kind.scale;
    },
    { error: `must be ${kind.name} as a decimal string` },
  );

/** Money on the wire: a decimal string with at most 2 decimal places ("12.5", "12.50"). */
export const money = () => decimalText(MONEY);
/** A quantity on the wire: a decimal string with at most 3 decimal places. */
export const quantity = () => decimalText(QUANTITY);
/** A percentage on the wire: a decimal string with at most 2 decimal places. */
export const percent = () => decimalText(PERCENT);

/** An instant as stored and sent: ISO-8601 text (never a Date object, which JSON would flatten anyway). */
export const timestamp = () =>
  z.string().refine((value) => !Number.isNaN(Date.parse(value)), { error: 'must be an ISO 8601 date string' });

export const text = () => z.string();
export const id = () => z.string();
export const flag = () => z.boolean();
/** A whole number (a count, a version, a position): never money or a quantity. */
export const count = () => z.number().int();

/** A wire record: its fields exactly, so a renamed or extra field shows up in the test-time check. */
export const record = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape);

/** A list of records. */
export const many = <T extends z.ZodType>(element: T) => z.array(element);

/** A JSON value stored and sent as the client gave it (settings, extension data): its shape is the client's. */
export const json = () => z.json();


/** The columns every tenant record shows (app/resources/simple-resource.ts `commonWire`). */
export const common = { id: id(), is_deleted: flag(), dt_created: timestamp(), dt_updated: timestamp() };

/** A tenant record: the common columns and its own. */
export const resource = <T extends z.ZodRawShape>(shape: T) => record({ ...common, ...shape });
