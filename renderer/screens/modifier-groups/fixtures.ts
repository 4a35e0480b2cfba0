/** Test fixtures shared by the modifier-group screen's tests: a stored catalogue entry with plain defaults. */
import type { CatalogueEntry } from './model.js';

export function catalogueEntry(overrides: Partial<CatalogueEntry> & Pick<CatalogueEntry, 'id' | 'name'>): CatalogueEntry {
  return {
    description: null,
    measurement: 'pcs',
    price: '0',
    cost: null,
    color: null,
    type: 'MODIFIER_GROUP',
    id_automated_point: null,
    tax_id: null,
    discount_id: null,
    is_menu: false,
    is_service: false,
    allow_pickup: false,
    allow_delivery: false,
    is_deleted: false,
    dt_updated: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}
