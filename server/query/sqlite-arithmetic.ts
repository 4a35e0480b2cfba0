/**
 * + - * for SQLite reporting queries, as SQL functions (check.ts prints the operators as calls of these):
 * exactly SQLite's arithmetic — NULL in, NULL out; integers stay integers; anything with a REAL is a REAL; text
 * counts as the number it starts with — except that an integer result beyond 64 bits is an error, as on
 * PostgreSQL, where SQLite would silently return a rounded REAL.
 */
const MAX_INTEGER = 2n ** 63n - 1n;
const MIN_INTEGER = -(2n ** 63n);
const NUMBER_PREFIX = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/;

export class IntegerOverflow extends Error {
  readonly code = 'KASSA_INTEGER_OVERFLOW';
  constructor() {
    super('integer out of range');
    this.name = 'IntegerOverflow';
  }
}

type SqlValue = bigint | number | string | Uint8Array | null;

/** A value as SQLite's arithmetic reads it: an integer (bigint), a real (number), or NULL. */
function numeric(value: SqlValue): bigint | number | null {
  if (value === null || typeof value === 'bigint' || typeof value === 'number') return value;
  const text = typeof value === 'string' ? value : Buffer.from(value).toString('utf8');
  const match = NUMBER_PREFIX.exec(text);
  if (!match) return 0n;
  const literal = match[0].trim();
  if (match[2] === undefined && match[3] === undefined && !literal.startsWith('.')) {
    const integer = BigInt(literal);
    if (integer >= MIN_INTEGER && integer <= MAX_INTEGER) return integer;
  }
  return Number(literal);
}

function operate(operator: '+' | '-' | '*', a: SqlValue, b: SqlValue): bigint | number | null {
  const x = numeric(a);
  const y = numeric(b);
  if (x === null || y === null) return null;
  if (typeof x === 'bigint' && typeof y === 'bigint') {
    const result = operator === '+' ? x + y : operator === '-' ? x - y : x * y;
    if (result > MAX_INTEGER || result < MIN_INTEGER) throw new IntegerOverflow();
    return result;
  }
  const [fx, fy] = [Number(x), Number(y)];
  const result = operator === '+' ? fx + fy : operator === '-' ? fx - fy : fx * fy;
  // SQLite answers NULL where a REAL operation has no number as its result (∞ − ∞).
  return Number.isNaN(result) ? null : result;
}

/** The functions by name, for `Database.function` with `safeIntegers`. */
export const SQLITE_ARITHMETIC: Readonly<Record<string, (a: SqlValue, b: SqlValue) => bigint | number | null>> = {
  kassa_add: (a, b) => operate('+', a, b),
  kassa_subtract: (a, b) => operate('-', a, b),
  kassa_multiply: (a, b) => operate('*', a, b),
};
