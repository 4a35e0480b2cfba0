/**
 * Optional columns (text, or decimals already parsed to units) map one to one between the wire and the row:
 * absent or null is stored as null on create; on update, absent leaves the column alone and null clears it
 * (the descriptive resources' rule).
 */
import type { Columns } from './simple-resource.js';

/** A body or row; only the named fields are read. */
type Source = object;

const field = (source: Source, name: string): unknown => (source as Record<string, unknown>)[name];

/** The columns of a new row (or of the wire record): each named field, null when absent. */
export function optionalColumns(source: Source, names: readonly string[]): Columns {
  return Object.fromEntries(names.map((name) => [name, field(source, name) ?? null]));
}

/** The columns an update sets: undefined (absent) leaves a column alone, null clears it. */
export function optionalPatch(source: Source, names: readonly string[]): Columns {
  return Object.fromEntries(names.map((name) => [name, field(source, name)]));
}
