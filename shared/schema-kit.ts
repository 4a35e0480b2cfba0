/**
 * Field builders for the operation schemas. Every DTO in the catalogue is built from these, so that the
 * same definition validates HTTP bodies, IPC input and sync operations, and produces the OpenAPI document.
 * Decimal fields arrive as strings (the wire format) and leave validation as exact scaled bigints.
 */
import { z } from 'zod';
import { MONEY, PERCENT, QUANTITY, parseDecimal, type DecimalKind, type Money, type Percent, type Quantity } from './decimal.js';

/** Longest free text we accept in one field; longer input is a 400, not a silent truncation. */
export const MAX_TEXT_LENGTH = 2000;

/**
 * No text we store may hold a NUL character: PostgreSQL cannot store one in text (it would fail the write with a
 * 500), and no person types one. Refused up front, on both engines alike.
 */
// eslint-disable-next-line no-control-regex -- matching the NUL character is the point
const NO_NUL = /^[^\u0000]*$/;
const noNul = { error: 'must not contain NUL characters' };

/** An optional free-text string. */
export const text = () =>
  z
    .string({ error: 'must be a string' })
    .max(MAX_TEXT_LENGTH, { error: `must be at most ${MAX_TEXT_LENGTH} characters` })
    .regex(NO_NUL, noNul);

/** A required, non-empty string (class-validator's IsNotEmpty in the reference). */
export const requiredText = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .min(1, { error: 'should not be empty' })
    .max(MAX_TEXT_LENGTH, { error: `must be at most ${MAX_TEXT_LENGTH} characters` })
    .regex(NO_NUL, noNul);

/** An id of one of our records: a non-empty string; existence is checked by the operation. */
export const id = () => requiredText().max(64, { error: 'must be at most 64 characters' });

export const flag = () => z.boolean({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a boolean') });

function decimal<T extends bigint>(kind: DecimalKind, options: { min?: 'positive' | 'nonnegative' }) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : `must be a decimal string like "12.50"`) })
    .max(40, { error: 'must be a decimal string like "12.50"' })
    .transform((value, ctx) => {
      const parsed = parseDecimal(value, kind);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: parsed.problem });
        return z.NEVER;
      }
      if (options.min === 'positive' && parsed.units <= 0n) {
        ctx.addIssue({ code: 'custom', message: 'must be greater than 0' });
        return z.NEVER;
      }
      if (options.min === 'nonnegative' && parsed.units < 0n) {
        ctx.addIssue({ code: 'custom', message: 'must not be negative' });
        return z.NEVER;
      }
      return parsed.units as T;
    });
}

/** Money: a decimal string with at most 2 decimal places, validated into hundredths. */
export const money = (options: { min?: 'positive' | 'nonnegative' } = {}) => decimal<Money>(MONEY, options);
/** Quantity: a decimal string with at most 3 decimal places, validated into thousandths. */
export const quantity = (options: { min?: 'positive' | 'nonnegative' } = {}) => decimal<Quantity>(QUANTITY, options);
/** Percentage: a decimal string with at most 2 decimal places. */
export const percent = (options: { min?: 'positive' | 'nonnegative' } = {}) => decimal<Percent>(PERCENT, options);

/** An ISO-8601 date or date-time, normalised to an ISO timestamp in UTC. */
export const isoDate = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be an ISO 8601 date string') })
    .max(40, { error: 'must be an ISO 8601 date string' })
    .transform((value, ctx) => {
      const shaped = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(value);
      const time = shaped ? Date.parse(value) : NaN;
      if (Number.isNaN(time)) {
        ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 date string' });
        return z.NEVER;
      }
      return new Date(time).toISOString();
    });

export const email = () => text().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'must be an email' });

export const ITEM_TYPES = ['ITEM', 'ITEM_GROUP', 'ITEM_SUBCATEGORY', 'MODIFIER', 'MODIFIER_GROUP', 'MODIFIER_SUBCATEGORY'] as const;
export const itemType = () =>
  z.enum(ITEM_TYPES, {
    error: (issue) => (issue.input === undefined ? 'is required' : `must be one of the following values: ${ITEM_TYPES.join(', ')}`),
  });

/** An array field with a stated maximum length (every list we accept is bounded). */
export const list = <T extends z.ZodType>(element: T, max = 1000) =>
  z
    .array(element, { error: (issue) => (issue.input === undefined ? 'is required' : 'must be an array') })
    .max(max, { error: `must contain at most ${max} elements` });

/** An array of strings (ids, pictures, access resources). */
export const textList = (max = 1000) => list(text(), max);

/**
 * The same object schema with unknown top-level properties dropped instead of refused; its own fields are checked
 * as before. Only for bodies the reference never validated (a catalogue entry's `unknownFields: 'ignore'`, the
 * staff chat's socket events): those bodies are flat, so top level is all there is.
 */
export function ignoringUnknownFields<T extends z.ZodType>(schema: T): T {
  if (!(schema instanceof z.ZodObject)) throw new TypeError('only an object body can ignore unknown fields');
  return schema.strip() as unknown as T;
}

/** A strict object: unknown properties are a 400 ("property x should not exist"), as in the reference. */
export const dto = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, { error: (issue) => (issue.input === undefined ? 'is required' : 'must be an object') });

/** A whole count (a modifier group's choice limits, a modifier's quantity on a line), bounded like every number we accept. */
export const count = (min = 0, max = 999) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a whole number') })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });
