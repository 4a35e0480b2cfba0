/**
 * What the modifier groups screen reads from the terminal core (the same handlers as the service, on the local
 * store, so it works offline), and the writes it makes. Two loads: the groups with their modifiers, which the
 * screen cannot work without, and the lists its selects offer, whose failure only narrows those selects.
 */
import type { Bridge } from '../../bridge.js';
import type { Body, CatalogueEntry, Named } from './model.js';

export interface Catalogue {
  readonly groups: readonly CatalogueEntry[];
  readonly modifiers: readonly CatalogueEntry[];
}

export interface References {
  readonly taxes: readonly Named[];
  readonly discounts: readonly Named[];
  readonly points: readonly Named[];
  readonly measurements: readonly Named[];
}

export const NO_REFERENCES: References = { taxes: [], discounts: [], points: [], measurements: [] };

/** `allPoints`: every point's groups and modifiers, not only this till's point's and the business-wide ones. */
export async function loadCatalogue(bridge: Bridge, allPoints = false): Promise<Catalogue> {
  const input = allPoints ? { query: { all_points: 'true' as const } } : {};
  const [groups, modifiers] = await Promise.all([
    bridge.run('ItemModifierController_findAllModifierGroups', input),
    bridge.run('ItemModifierController_findAllModifiers', input),
  ]);
  return { groups, modifiers };
}

const sorted = (list: readonly Named[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));

export async function loadReferences(bridge: Bridge): Promise<References> {
  const [taxes, discounts, points, measurements] = await Promise.all([
    bridge.run('FinanceController_findAllTaxFees'),
    bridge.run('FinanceController_findAllDiscounts'),
    bridge.run('BusinessController_findAllPoints'),
    bridge.run('MeasurementController_findAllMeasurements'),
  ]);
  return { taxes: sorted(taxes), discounts: sorted(discounts), points: sorted(points), measurements: sorted(measurements) };
}

export const createGroup = (bridge: Bridge, body: Body) =>
  bridge.run<CatalogueEntry>('ItemModifierController_createModifierGroup', { body });
export const updateGroup = (bridge: Bridge, id: string, body: Body) =>
  bridge.run<CatalogueEntry>('ItemModifierController_updateModifierGroup', { params: { id }, body });
export const createModifier = (bridge: Bridge, body: Body) =>
  bridge.run<CatalogueEntry>('ItemModifierController_createModifier', { body });
export const updateModifier = (bridge: Bridge, id: string, body: Body) =>
  bridge.run<CatalogueEntry>('ItemModifierController_updateModifier', { params: { id }, body });
export const removeModifier = (bridge: Bridge, id: string) =>
  bridge.run('ItemModifierController_removeModifier', { params: { id } });

/**
 * Deletes a group. The service leaves a deleted group's modifiers alone — they keep its id and would point at a
 * group nobody can see or edit (app/catalog/groups.ts) — so the group's modifiers are removed first, one by one,
 * then the group. Each is its own queued operation; if one fails the rest are not attempted and the group stays,
 * so a retry finishes the job.
 */
export async function removeGroupWithModifiers(bridge: Bridge, groupId: string, modifierIds: readonly string[]): Promise<void> {
  for (const id of modifierIds) await removeModifier(bridge, id);
  await bridge.run('ItemModifierController_removeModifierGroup', { params: { id: groupId } });
}
