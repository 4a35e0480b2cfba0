/**
 * Everything the receipts screen looks up, read in one go per data version: suppliers, warehouses, measurements,
 * points, workplaces, and the item catalogue already indexed for search and barcode scans (built here, once per
 * load, never per keystroke).
 */
import type { SessionEmployee } from '../../../shared/terminal-contract.js';
import type { Bridge } from '../../bridge.js';
import { buildItemIndex, type ItemIndex } from './catalogue.js';
import type { CatalogueItem, Named, Point, Workplace } from './types.js';

export interface References {
  readonly suppliers: readonly Named[];
  readonly warehouses: readonly Named[];
  readonly measurements: readonly Named[];
  readonly points: readonly Point[];
  readonly workplaces: readonly Workplace[];
  readonly items: ItemIndex;
}

const byName = <T extends Named>(list: readonly T[]): T[] => [...list].sort((a, b) => a.name.localeCompare(b.name));

/** `previous`: the last load's references, whose item index the new one reuses where items did not change. */
export async function loadReferences(bridge: Bridge, previous?: References): Promise<References> {
  const [suppliers, warehouses, measurements, points, workplaces, items] = await Promise.all([
    bridge.run<Named[]>('SupplierController_findAll'),
    bridge.run<Named[]>('WarehouseController_findAll'),
    bridge.run<Named[]>('MeasurementController_findAllMeasurements'),
    bridge.run<Point[]>('BusinessController_findAllPoints'),
    bridge.run<Workplace[]>('BusinessController_findAllWorkplaces'),
    bridge.run<CatalogueItem[]>('ItemModifierController_findAllItems'),
  ]);
  return {
    suppliers: byName(suppliers),
    warehouses: byName(warehouses),
    measurements: byName(measurements),
    points: byName(points),
    workplaces,
    items: buildItemIndex(items, measurements, previous?.items),
  };
}

/**
 * The point a receipt is recorded at: the signed-in employee's workplace's point, or null when the employee has
 * no workplace (or it names no point) — then the cashier picks one.
 */
export function workplacePoint(employee: SessionEmployee | null, workplaces: readonly Workplace[]): string | null {
  const workplace = workplaces.find((entry) => entry.id === employee?.workplace_id);
  return workplace?.automated_point_id || null;
}
