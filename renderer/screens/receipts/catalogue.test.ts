import { describe, expect, it } from 'vitest';
import { buildItemIndex, searchItems, SHOWN_RESULTS } from './catalogue.js';

const MEASUREMENTS = [
  { id: 'm-pcs', name: 'pcs' },
  { id: 'm-kg', name: 'Kg' },
];

describe('the receipt editor’s item catalogue', () => {
  it('resolves an item’s measurement text to a measurement id, by id or by name ignoring case', () => {
    const index = buildItemIndex(
      [
        { id: 'i-1', name: 'Tea', price: '10', measurement: 'pcs' },
        { id: 'i-2', name: 'Rice', price: '10', measurement: ' kg ' },
        { id: 'i-3', name: 'Salt', price: '10', measurement: 'm-kg' },
        { id: 'i-4', name: 'Oil', price: '10', measurement: 'litre' },
      ],
      MEASUREMENTS,
    );
    expect(['i-1', 'i-2', 'i-3', 'i-4'].map((id) => index.byId.get(id)?.measureId)).toEqual(['m-pcs', 'm-kg', 'm-kg', '']);
  });

  it('starts a line at the item’s cost when it has one, else at its selling price', () => {
    const index = buildItemIndex(
      [
        { id: 'i-1', name: 'Tea', price: '12000', cost: '9500.5' },
        { id: 'i-2', name: 'Bread', price: '3000', cost: '0' },
        { id: 'i-3', name: 'Milk', price: '8000', cost: null },
      ],
      [],
    );
    expect(index.items.map((item) => [item.name, item.defaultPrice])).toEqual([
      ['Bread', '3000'],
      ['Milk', '8000'],
      ['Tea', '9500.5'],
    ]);
  });

  it('leaves deleted items out, and finds an item by its exact barcode first', () => {
    const index = buildItemIndex(
      [
        { id: 'i-1', name: 'Gone', price: '1', shtrix: '111', is_deleted: true },
        { id: 'i-2', name: 'Apple 4780000000017', price: '1', shtrix: '999' },
        { id: 'i-3', name: 'Zucchini', price: '1', shtrix: '4780000000017' },
      ],
      [],
    );
    expect(index.byBarcode.has('111')).toBe(false);
    expect(searchItems(index, '4780000000017').results.map((item) => item.id)).toEqual(['i-3', 'i-2']);
  });

  it('lists names that start with the query before names that merely contain it, ignoring case and spaces', () => {
    const index = buildItemIndex(
      [
        { id: 'a', name: 'Black tea', price: '1' },
        { id: 'b', name: 'Tea cups', price: '1' },
        { id: 'c', name: 'Green Tea 100 g', price: '1' },
        { id: 'd', name: 'Coffee', price: '1', search_name: 'kofe tea-time' },
      ],
      [],
    );
    expect(searchItems(index, 'TEA').results.map((item) => item.id)).toEqual(['b', 'a', 'd', 'c']);
    expect(searchItems(index, 'green tea').results.map((item) => item.id)).toEqual(['c']);
    expect(searchItems(index, '   ').results).toEqual([]);
  });

  it('hands back at most 50 of 100,000 matches and says there are more', () => {
    const items = Array.from({ length: 100_000 }, (_, index) => ({
      id: `i-${index}`,
      name: `Item ${String(index).padStart(6, '0')}`,
      shtrix: `478${String(index).padStart(10, '0')}`,
      price: '1',
    }));
    const index = buildItemIndex(items, []);
    const found = searchItems(index, 'item');
    expect(found.results).toHaveLength(SHOWN_RESULTS);
    expect(found.more).toBe(true);
    const one = searchItems(index, '4780000099999');
    expect(one.results.map((item) => item.name)).toEqual(['Item 099999']);
    expect(one.more).toBe(false);
  });
});

describe('reloading the catalogue', () => {
  it('reuses the search key of an item whose texts are unchanged, and remakes a changed one', () => {
    const first = buildItemIndex(
      [
        { id: 'i-1', name: 'Tea', price: '1', shtrix: '111' },
        { id: 'i-2', name: 'Rice', price: '1' },
      ],
      [],
    );
    // A marked key shows whether the reload took it over or computed its own.
    const marked = new Map([...first.byId].map(([id, item]) => [id, { ...item, key: `marked ${id}` }]));
    const second = buildItemIndex(
      [
        { id: 'i-1', name: 'Tea', price: '2', shtrix: '111' },
        { id: 'i-2', name: 'Brown rice', price: '1' },
      ],
      [],
      { ...first, byId: marked },
    );
    expect(second.byId.get('i-1')).toMatchObject({ key: 'marked i-1', defaultPrice: '2' });
    expect(second.byId.get('i-2')?.key).not.toContain('marked');
    expect(searchItems(second, 'brown').results.map((item) => item.id)).toEqual(['i-2']);
  });
});
