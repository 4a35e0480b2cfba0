/**
 * The receipts list: headers joined to supplier and warehouse names, newest first, with the filters of the list
 * (a day or a range of days, warehouse, supplier, conducted or draft) and a search over name, note and number.
 * Rows and their search keys are built once per load; filtering only compares precomputed values.
 */
import { searchKey } from '../../lib/format.js';
import type { Named, ReceiptHeader } from './types.js';

export interface ReceiptRow {
  readonly id: string;
  readonly name: string;
  readonly note: string;
  /** The local calendar day it was created on, "YYYY-MM-DD" (what the date inputs give). */
  readonly day: string;
  readonly created: string;
  readonly clientId: string;
  /** The supplier's name, or null when the id names no supplier (a client, or one deleted since). */
  readonly supplier: string | null;
  readonly warehouseIds: readonly string[];
  readonly warehouses: string;
  readonly total: string;
  readonly conducted: boolean;
  readonly key: string;
}

export type StateFilter = 'all' | 'conducted' | 'drafts';

export interface ListFilter {
  /** "YYYY-MM-DD" or '' (open). A single day is from = to. */
  readonly from: string;
  readonly to: string;
  /** '' for any. */
  readonly warehouseId: string;
  readonly supplierId: string;
  readonly state: StateFilter;
  readonly search: string;
}

export const NO_FILTER: ListFilter = { from: '', to: '', warehouseId: '', supplierId: '', state: 'all', search: '' };

const two = (value: number) => String(value).padStart(2, '0');

/** The local calendar day of an instant, "YYYY-MM-DD"; '' when it is not a date. */
export function localDay(iso: string | Date): string {
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** Rows for the list, newest first (creation time, then id, both of which sort as text). */
export function receiptRows(
  headers: readonly ReceiptHeader[],
  suppliers: readonly Named[],
  warehouses: readonly Named[],
): ReceiptRow[] {
  const supplierNames = new Map(suppliers.map((supplier) => [supplier.id, supplier.name]));
  const warehouseNames = new Map(warehouses.map((warehouse) => [warehouse.id, warehouse.name]));
  return headers
    .filter((header) => !header.is_deleted)
    .map((header) => ({
      id: header.id,
      name: header.name,
      note: header.note ?? '',
      day: localDay(header.dt_created),
      created: header.dt_created,
      clientId: header.clientId,
      supplier: supplierNames.get(header.clientId) ?? null,
      warehouseIds: header.warehouseId,
      warehouses: header.warehouseId.map((id) => warehouseNames.get(id) ?? id).join(', '),
      total: header.total,
      conducted: header.conducted,
      key: [header.name, header.note, header.description, header.id, header.guid].map(searchKey).join('\u0000'),
    }))
    .sort((a, b) => (a.created !== b.created ? (a.created < b.created ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

export function filterReceipts(rows: readonly ReceiptRow[], filter: ListFilter): ReceiptRow[] {
  const query = searchKey(filter.search);
  return rows.filter(
    (row) =>
      (filter.from === '' || row.day >= filter.from) &&
      (filter.to === '' || row.day <= filter.to) &&
      (filter.warehouseId === '' || row.warehouseIds.includes(filter.warehouseId)) &&
      (filter.supplierId === '' || row.clientId === filter.supplierId) &&
      (filter.state === 'all' || row.conducted === (filter.state === 'conducted')) &&
      (query === '' || row.key.includes(query)),
  );
}
