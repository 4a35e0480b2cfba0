/**
 * Turns the rows an engine returns into JSON-safe values, and never lets a float reach the wire:
 *
 * - integers (bigint from either engine, or a PostgreSQL `integer` number) are JSON numbers while they are safe
 *   integers (|n| ≤ 2^53 − 1), and decimal strings beyond (`"9007199254740993"`): a client never gets a rounded id
 *   or count;
 * - PostgreSQL `numeric` values (every money and quantity column, and SUM/AVG over them) arrive as exact decimal
 *   text and pass unchanged;
 * - a fractional number (a PostgreSQL `real`/`double precision`, and every SQLite REAL, which is how SQLite shows
 *   money and quantities) becomes a decimal string of at most 15 significant digits: the digits a double holds
 *   exactly, so the REAL nearest to 12500.5 prints as "12500.5" and 0.1 + 0.2 as "0.3";
 * - timestamps become ISO-8601 strings, byte strings hexadecimal, arrays element by element.
 */
import type { Dialect } from './sql-rules.js';

export type ReportValue = string | number | boolean | null | ReportValue[] | { readonly [key: string]: ReportValue };
export type ReportRow = Record<string, ReportValue>;

/** A double printed with at most 15 significant digits, in plain notation (never `1e-7`). */
export function formatReal(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Number(value.toPrecision(15));
  if (Object.is(rounded, -0) || rounded === 0) return '0';
  const text = String(rounded);
  if (!/e/i.test(text)) return text;
  const [mantissa = '', exponentText = '0'] = text.toLowerCase().split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const [whole = '', fraction = ''] = mantissa.replace('-', '').split('.');
  const digits = whole + fraction;
  const point = whole.length + exponent;
  let plain: string;
  if (point <= 0) plain = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) plain = digits + '0'.repeat(point - digits.length);
  else plain = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return (negative ? '-' : '') + plain;
}

export function reportValue(value: unknown, dialect: Dialect): ReportValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'bigint':
      return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(value)
        : value.toString();
    case 'number':
      // Every SQLite number that is not a bigint is a REAL; PostgreSQL integers arrive as numbers too.
      if (dialect === 'postgres' && Number.isSafeInteger(value)) return value;
      return formatReal(value);
    case 'string':
    case 'boolean':
      return value;
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (Array.isArray(value)) return value.map((item) => reportValue(item, dialect));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, reportValue(item, dialect)]),
    );
  }
  return String(value);
}

export function reportRow(row: Record<string, unknown>, dialect: Dialect): ReportRow {
  const out: ReportRow = {};
  for (const [key, value] of Object.entries(row)) out[key] = reportValue(value, dialect);
  return out;
}
