import { describe, expect, it } from 'vitest';
import { buildItemIndex } from './catalogue.js';
import { addItem, draftTotals, editLine, lineForItem, lineFromWire, type LineDraft } from './lines.js';

const INDEX = buildItemIndex(
  [
    { id: 'i-tea', name: 'Tea', price: '0.1', measurement: 'pcs', shtrix: '4780000000017' },
    { id: 'i-rice', name: 'Rice', price: '20000', cost: '15000', measurement: 'kg' },
  ],
  [
    { id: 'm-pcs', name: 'pcs' },
    { id: 'm-kg', name: 'kg' },
  ],
);
const tea = INDEX.byId.get('i-tea')!;
const rice = INDEX.byId.get('i-rice')!;

describe('receipt lines on screen', () => {
  it('starts a line with one piece at the item’s cost, its unit, planned as received', () => {
    const line = lineForItem(rice, 'k1');
    expect(line).toMatchObject({
      itemId: 'i-rice',
      measureId: 'm-kg',
      quantity: '1',
      price: '15000',
      plannedQuantity: '1',
      newPrice: '',
    });
    expect(line.amount).toBe(1_500_000n);
    expect(line.difference).toBe(0n);
  });

  it('adds three lines of 0.1 × 1 to exactly 0.30', () => {
    let lines: readonly LineDraft[] = [];
    for (const key of ['a', 'b', 'c']) lines = [...lines, lineForItem(tea, key)];
    expect(draftTotals(lines)).toEqual({ total: 30n, totalPlanned: 30n, totalDiff: 0n });
  });

  it('rounds a line half away from zero: 0.1 × 0.05 is 0.01, 0.1 × 0.04 is 0.00', () => {
    const line = lineForItem(tea, 'a');
    expect(editLine(line, 'quantity', '0,05').amount).toBe(1n);
    expect(editLine(line, 'quantity', '0.04').amount).toBe(0n);
  });

  it('lets the planned quantity follow the quantity until one is typed, then keeps it', () => {
    let line = editLine(lineForItem(tea, 'a'), 'quantity', '10');
    expect(line.plannedQuantity).toBe('10');
    line = editLine(line, 'plannedQuantity', '12');
    line = editLine(line, 'quantity', '7.5');
    expect([line.quantity, line.plannedQuantity, line.difference]).toEqual(['7.5', '12', -45n]);
  });

  it('refuses a negative quantity, a price with three decimals and a bad new price, naming each field', () => {
    const line = lineForItem(tea, 'a');
    expect(editLine(line, 'quantity', '-1').problems).toEqual(['quantity']);
    expect(editLine(line, 'price', '1.005').problems).toEqual(['price']);
    expect(editLine(line, 'newPrice', 'abc').problems).toEqual(['newPrice']);
    expect(editLine(line, 'newPrice', '').problems).toEqual([]);
    expect(editLine(line, 'quantity', '-1').amount).toBeNull();
  });

  it('asks for a unit when the item’s measurement names no measurement', () => {
    const odd = buildItemIndex([{ id: 'i-oil', name: 'Oil', price: '1', measurement: 'litre' }], []).byId.get('i-oil')!;
    expect(lineForItem(odd, 'a').problems).toEqual(['measureId']);
  });

  it('adds one more to an item already on a line instead of a second line, leaving other lines untouched', () => {
    const first = addItem([], tea, 'k1');
    const second = addItem(first.lines, rice, 'k2');
    const again = addItem(second.lines, tea, 'k3');
    expect(again).toMatchObject({ key: 'k1', incremented: true });
    expect(again.lines.map((line) => [line.itemId, line.quantity, line.plannedQuantity])).toEqual([
      ['i-tea', '2', '2'],
      ['i-rice', '1', '1'],
    ]);
    expect(again.lines[1]).toBe(second.lines[1]);
  });

  it('keeps a stored line’s rounding and its own warehouse, with the rounding in no amount or total (the service’s rule)', () => {
    const line = lineFromWire(
      {
        itemId: 'i-tea',
        quantity: '3',
        price: '0.1',
        plannedQuantity: '3',
        measureId: 'm-pcs',
        rounding: '-0.01',
        newPrice: '0.2',
        warehouseId: 'w-9',
      },
      'k1',
      'Tea',
    );
    expect([line.amount, line.difference, line.newPrice, line.warehouseId, line.plannedFollows]).toEqual([
      30n,
      0n,
      '0.2',
      'w-9',
      true,
    ]);
    expect(draftTotals([line])).toEqual({ total: 30n, totalPlanned: 30n, totalDiff: 0n });
    expect(line.rounding).toBe('-0.01');
  });
});
