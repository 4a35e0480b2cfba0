/** Small request helpers shared by the stock-document operations. */
import { badRequest } from '../../shared/errors.js';

/** Refuses the write with every problem found, one message line each (nothing has been written yet). */
export function failIfAny(problems: readonly string[]): void {
  if (problems.length > 0) throw badRequest([...problems]);
}

/** An update's optional field: null means "not given", as in the reference's PATCH bodies. */
export const given = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

/** A header's warehouse list as fields to check, named as their messages name them (`warehouseId.0`, …). */
export const warehouseFields = (ids: readonly string[]) => ids.map((id, index) => ({ field: `warehouseId.${index}`, id }));
