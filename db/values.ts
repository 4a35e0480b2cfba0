/** Small converters between stored values and domain values, the same on both engines. */
import type { Flag } from './schema.js';

/** Reads a 0/1 flag column. */
export const flag = (value: Flag | null | undefined): boolean => value !== null && value !== undefined && Number(value) !== 0;

/** Writes a boolean as the 0/1 integer both engines store. */
export const toFlag = (value: boolean | null | undefined): number => (value ? 1 : 0);

/** Reads a BIGINT column (bigint on both engines; tolerant of number/text for aggregates). */
export function units(value: bigint | number | string | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  return typeof value === 'bigint' ? value : BigInt(value);
}

/** Reads a JSON list column. */
export function jsonList(value: string | null | undefined): string[] {
  if (!value) return [];
  const parsed: unknown = JSON.parse(value);
  return Array.isArray(parsed) ? parsed.map(String) : [];
}
