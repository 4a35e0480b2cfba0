/**
 * The item catalogue as the sales screen reads it, built once per load so that a scan is two map lookups and a
 * search keystroke one pass over precomputed lower-case keys that stops when it has enough (100,000 items: see
 * bench/ui). It also answers `resolveScan`'s questions (shared/barcodes/scan-lookup.ts): an exact barcode, a scale's
 * item code, the unit price and whether an item is sold by weight.
 *
 * - A scale's item code (the `CCCCC` of a weight or price label) is the item's own barcode (`shtrix`) when that is a
 *   short number of at most 7 digits — scales know goods by such PLU numbers, and the reference has no other field.
 * - An item is sold by weight when its unit (`measurement`, a unit's id or name) is a kilogram or a gram.
 */
import { parseDecimal, MONEY, type Money } from '../../../shared/decimal.js';
import type { ScanCatalogue } from '../../../shared/barcodes/scan-lookup.js';
import { searchKey } from '../../lib/format.js';

export interface SaleItem {
  readonly id: string;
  readonly name: string;
  /** Price per unit, canonical money text. */
  readonly price: string;
  readonly barcode: string;
  readonly color: string | null;
  readonly groupId: string | null;
  readonly taxId: string | null;
  readonly discountId: string | null;
  readonly byWeight: boolean;
  /** Lower-case name, search name and barcode for the search. */
  readonly key: string;
}

/** What the index reads of an item and a measurement (typed loosely so tests can give just these). */
export interface ItemRecord {
  readonly id: string;
  readonly name: string;
  readonly price: string;
  readonly measurement: string;
  readonly shtrix?: string | null;
  readonly search_name?: string | null;
  readonly color?: string | null;
  readonly group_id?: string | null;
  readonly tax_id?: string | null;
  readonly discount_id?: string | null;
  readonly is_deleted?: boolean | null;
}

export interface MeasurementRecord {
  readonly id: string;
  readonly name: string;
}

export interface SaleCatalogue {
  /** Live items sorted by name. */
  readonly items: readonly SaleItem[];
  readonly byId: ReadonlyMap<string, SaleItem>;
  readonly byBarcode: ReadonlyMap<string, SaleItem>;
  readonly byScaleCode: ReadonlyMap<string, SaleItem>;
}

const WEIGHT_UNITS = new Set(['kg', 'кг', 'kilogram', 'килограмм', 'kilogramm', 'g', 'г', 'gr', 'gramm', 'грамм', 'gram']);
const SCALE_CODE = /^\d{1,7}$/;
const SEPARATOR = '\u0000';

export function isWeightUnit(name: string): boolean {
  return WEIGHT_UNITS.has(name.trim().toLocaleLowerCase().replace(/\.$/, ''));
}

export function buildSaleCatalogue(items: readonly ItemRecord[], measurements: readonly MeasurementRecord[]): SaleCatalogue {
  const unitNames = new Map(measurements.map((measurement) => [measurement.id, measurement.name]));
  const live: SaleItem[] = [];
  for (const item of items) {
    if (item.is_deleted) continue;
    const barcode = (item.shtrix ?? '').trim();
    const unit = unitNames.get(item.measurement) ?? item.measurement;
    live.push({
      id: item.id,
      name: item.name,
      price: item.price,
      barcode,
      color: item.color ?? null,
      groupId: item.group_id ?? null,
      taxId: item.tax_id ?? null,
      discountId: item.discount_id ?? null,
      byWeight: isWeightUnit(unit),
      key: `${searchKey(item.name)}${SEPARATOR}${searchKey(item.search_name)}${SEPARATOR}${searchKey(barcode)}`,
    });
  }
  live.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const byBarcode = new Map<string, SaleItem>();
  const byScaleCode = new Map<string, SaleItem>();
  for (const item of live) {
    if (item.barcode === '') continue;
    if (!byBarcode.has(item.barcode)) byBarcode.set(item.barcode, item);
    if (SCALE_CODE.test(item.barcode) && !byScaleCode.has(item.barcode)) byScaleCode.set(item.barcode, item);
  }
  return { items: live, byId: new Map(live.map((item) => [item.id, item])), byBarcode, byScaleCode };
}

/** The catalogue as `resolveScan` asks it. */
export function scanCatalogueOf(catalogue: SaleCatalogue): ScanCatalogue<SaleItem> {
  return {
    findByBarcode: (barcode) => catalogue.byBarcode.get(barcode),
    findByCode: (code) => catalogue.byScaleCode.get(code),
    unitPriceOf: (item) => {
      const parsed = parseDecimal(item.price, MONEY);
      return (parsed.ok ? parsed.units : 0n) as Money;
    },
    isSoldByWeight: (item) => item.byWeight,
  };
}

export const SHOWN_RESULTS = 50;

/** Items whose name, search name or barcode contain the query: prefix matches first, at most `limit`. */
export function searchSaleItems(catalogue: SaleCatalogue, query: string, limit = SHOWN_RESULTS): readonly SaleItem[] {
  const key = searchKey(query);
  if (key === '') return [];
  const starts: SaleItem[] = [];
  const contains: SaleItem[] = [];
  for (const item of catalogue.items) {
    const at = item.key.indexOf(key);
    if (at < 0) continue;
    if (at === 0) {
      starts.push(item);
      if (starts.length === limit) break;
    } else if (contains.length < limit) contains.push(item);
  }
  return [...starts, ...contains].slice(0, limit);
}
