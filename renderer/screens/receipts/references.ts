/**
 * Everything the receipts screen looks up, read in one go per data version: suppliers, warehouses, measurements,
 * points, workplaces, and the item catalogue already indexed for search and barcode scans (built here, once per
 * load, never per keystroke).
 */
import type { SessionEmployee } from '../../../shared/terminal-contract.js';
import type { Bridge } from '../../bridge.js';
import { buildItemIndex, type ItemIndex } from './catalogue.js';
import type { Named, Point, Workplace } from './types.js';

export interface References {
  readonly suppliers: readonly Named[];
  readonly warehouses: readonly Named[];
  readonly measurements: readonly Named[];
  readonly points: readonly Point[];
  readonly workplaces: readonly Workplace[];
  readonly items: ItemIndex;
  /** The point this till was enrolled at (the terminal core knows it), or null when unknown. */
  readonly tillPointId: string | null;
}

const byName = <T extends Named>(list: readonly T[]): T[] => [...list].sort((a, b) => a.name.localeCompare(b.name));

/** `previous`: the last load's references, whose item index the new one reuses where items did not change. */
export async function loadReferences(bridge: Bridge, previous?: References): Promise<References> {
  const [suppliers, warehouses, measurements, points, workplaces, items, status] = await Promise.all([
    bridge.run('SupplierController_findAll'),
    bridge.run('WarehouseController_findAll'),
    bridge.run('MeasurementController_findAllMeasurements'),
    bridge.run('BusinessController_findAllPoints'),
    bridge.run('BusinessController_findAllWorkplaces'),
    bridge.run('ItemModifierController_findAllItems'),
    // Only a default: a core that cannot say leaves the point to the employee's workplace or to the cashier.
    bridge.terminal('terminal.enrollmentStatus').catch(() => null),
  ]);
  return {
    suppliers: byName(suppliers),
    warehouses: byName(warehouses),
    measurements: byName(measurements),
    points: byName(points),
    workplaces,
    items: buildItemIndex(items, measurements, previous?.items),
    tillPointId: status?.scope?.pointId ?? null,
  };
}

/**
 * The point a receipt is recorded at: this till's point (at a till, operations take the till's point — a manager
 * allowed at every till included), else the signed-in employee's workplace's point, else null — then the cashier
 * picks one.
 */
export function workplacePoint(employee: SessionEmployee | null, workplaces: readonly Workplace[], tillPointId: string | null = null): string | null {
  if (tillPointId) return tillPointId;
  const workplace = workplaces.find((entry) => entry.id === employee?.workplace_id);
  return workplace?.automated_point_id || null;
}
