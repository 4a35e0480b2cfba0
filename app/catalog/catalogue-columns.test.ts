import { describe, expect, it } from 'vitest';
import { CreateItemDto, UpdateModifierGroupDto } from '../../shared/catalogue/item-modifier.js';
import { catalogueRow, cataloguePatch, catalogueWire } from './catalogue-columns.js';
import { isBusinessWide } from './visibility.js';

const ITEM = { own: ['group_id'] as const, pointNullable: false };
const GROUP = { own: [] as const, pointNullable: true };
const common = { business_id: 'b', id: 'i', is_deleted: 0, dt_created: '2025-01-01T00:00:00.000Z', dt_updated: '2025-01-01T00:00:00.000Z' };

describe('catalogue column mapping', () => {
  it('turns a create body into exact columns with the reference’s defaults', () => {
    const body = CreateItemDto.parse({ name: 'Tea', measurement: 'cup', price: '0.10', type: 'ITEM', is_menu: true });
    expect(catalogueRow(body, ITEM)).toEqual({
      name: 'Tea',
      measurement: 'cup',
      price: 10n,
      cost: null,
      type: 'ITEM',
      id_automated_point: '0',
      pictures: '[]',
      description: null,
      search_name: null,
      shtrix: null,
      color: null,
      tax_id: null,
      discount_id: null,
      is_menu: 1,
      is_service: 0,
      allow_pickup: 0,
      allow_delivery: 0,
      group_id: null,
    });
  });

  it('stores a null point as "0" for items and as null for groups', () => {
    const item = CreateItemDto.parse({ name: 'T', measurement: 'm', price: '1', type: 'ITEM', id_automated_point: null });
    expect(catalogueRow(item, ITEM).id_automated_point).toBe('0');
    expect(catalogueRow(item, GROUP).id_automated_point).toBeNull();
  });

  it('patches only what is sent: null clears nullable columns and leaves required ones', () => {
    const body = UpdateModifierGroupDto.parse({ name: null, description: null, cost: '2.5', is_menu: false, pictures: null });
    const patch = Object.fromEntries(Object.entries(cataloguePatch(body, GROUP)).filter(([, value]) => value !== undefined));
    expect(patch).toEqual({ description: null, cost: 250n, is_menu: 0 });
  });

  it('shows a stored row on the wire with decimal strings, booleans and a picture list', () => {
    const row = {
      ...common,
      group_id: 'g',
      name: 'Tea',
      description: null,
      search_name: null,
      measurement: 'cup',
      price: 1250050n,
      cost: 5n,
      shtrix: null,
      color: null,
      type: 'ITEM',
      id_automated_point: '0',
      tax_id: null,
      discount_id: null,
      pictures: '["a.png"]',
      is_menu: 1n,
      is_service: 0,
      allow_pickup: 0,
      allow_delivery: 1,
    };
    expect(catalogueWire(row, ITEM)).toMatchObject({ id: 'i', group_id: 'g', price: '12500.5', cost: '0.05', pictures: ['a.png'], is_menu: true, allow_delivery: true, is_deleted: false });
    expect(catalogueWire(row, GROUP)).not.toHaveProperty('group_id');
  });
});

describe('business-wide points', () => {
  it('are null, "" and "0", and nothing else', () => {
    expect([null, undefined, '', '0'].every(isBusinessWide)).toBe(true);
    expect(['00', ' ', 'p-1'].some(isBusinessWide)).toBe(false);
  });
});
