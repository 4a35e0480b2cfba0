/**
 * How much of a result a reporting query may hold in memory: every row is counted as it is read (in the child
 * process on both engines, or in the service for an in-memory SQLite database), and reading stops with a
 * refusal the moment the count passes the budget — before the next rows are even fetched. PostgreSQL is also
 * told the budget (compose.ts), so it refuses a too-large row before sending it.
 *
 * The count is in characters of the values as they will be written out (a number or flag counts as 8), close
 * to the size of the JSON answer and an upper bound on the strings' memory for the one-byte strings SQL
 * results almost always are.
 */
export const MAX_RESULT_BYTES = 32 * 1024 * 1024;

/** Raised by a reader that passed the budget: the caller's query, not the machinery, is at fault. */
export class ResultTooLarge extends Error {
  constructor() {
    super('result too large');
    this.name = 'ResultTooLarge';
  }
}

export function valueBytes(value: unknown): number {
  if (value === null || value === undefined) return 4;
  if (typeof value === 'string') return value.length + 2;
  if (value instanceof Uint8Array) return value.byteLength * 2 + 2;
  if (value instanceof Date) return 26;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + valueBytes(item) + 1, 2);
  if (typeof value === 'object') {
    let sum = 2;
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) sum += key.length + 4 + valueBytes(item);
    return sum;
  }
  return 8;
}

/** Counts rows against `maxBytes`; `add` throws ResultTooLarge once the total passes it. */
export function rowBudget(maxBytes: number): { add(row: Record<string, unknown>): void } {
  let used = 0;
  return {
    add(row) {
      used += valueBytes(row);
      if (used > maxBytes) throw new ResultTooLarge();
    },
  };
}
