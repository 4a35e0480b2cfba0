/**
 * The header of a document that lists its warehouses and may be a draft (receipts, write-offs, inventories):
 * `warehouseId` is a list, `conducted` says whether it stands for its lines. Shared by those kinds' plans.
 */
import type { Flag } from '../../db/schema.js';
import { flag, jsonList } from '../../db/values.js';
import { given, warehouseFields } from './problems.js';

export interface ListedHeader {
  /** The warehouses the header lists after the write. */
  readonly warehouses: readonly string[];
  readonly conducted: boolean;
  readonly columns: { readonly warehouse_ids: string; readonly conducted: 0 | 1 };
  readonly references: { readonly warehouses: readonly { readonly field: string; readonly id: string }[] };
  readonly moved: boolean;
}

const columnsOf = (warehouseIds: string, conducted: boolean) => ({ warehouse_ids: warehouseIds, conducted: conducted ? (1 as const) : (0 as const) });

export function listedOnCreate(body: { warehouseId: readonly string[]; conducted?: boolean | null | undefined }): ListedHeader {
  const conducted = body.conducted ?? false;
  return {
    warehouses: body.warehouseId,
    conducted,
    columns: columnsOf(JSON.stringify(body.warehouseId), conducted),
    references: { warehouses: warehouseFields(body.warehouseId) },
    moved: false,
  };
}

/** An update: a field not given (or null) keeps the stored value. */
export function listedOnUpdate(
  current: { readonly warehouse_ids: string; readonly conducted: Flag },
  body: { warehouseId?: readonly string[] | null | undefined; conducted?: boolean | null | undefined },
): ListedHeader {
  const warehouseIds = given(body.warehouseId);
  const conducted = given(body.conducted) ?? flag(current.conducted);
  return {
    warehouses: warehouseIds ?? jsonList(current.warehouse_ids),
    conducted,
    columns: columnsOf(warehouseIds ? JSON.stringify(warehouseIds) : current.warehouse_ids, conducted),
    references: { warehouses: warehouseFields(warehouseIds ?? []) },
    moved: warehouseIds !== undefined,
  };
}
