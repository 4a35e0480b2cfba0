import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/index.js';
import { buildItemIndex } from './catalogue.js';
import { editLine, lineForItem } from './lines.js';
import {
  createBody,
  defaultName,
  hasProblems,
  placeServiceProblems,
  screenProblems,
  updateBody,
  type HeaderDraft,
} from './request.js';

const t = translator('en');
const INDEX = buildItemIndex([{ id: 'i-tea', name: 'Tea', price: '0.1', measurement: 'pcs' }], [{ id: 'm-pcs', name: 'pcs' }]);
const tea = INDEX.byId.get('i-tea')!;
const HEADER: HeaderDraft = { name: 'Receipt 1', clientId: 's-1', warehouseIds: ['w-1'], organizationId: 'p-1', note: '  ' };

describe('receipt requests', () => {
  it('says on screen what is missing before anything is sent', () => {
    const problems = screenProblems({ name: ' ', clientId: '', warehouseIds: [], organizationId: '', note: '' }, [], t);
    expect(problems.header).toEqual({
      name: ['Give the receipt a name.'],
      clientId: ['Choose a supplier.'],
      warehouseId: ['Choose a warehouse.'],
      organizationId: ['Choose a point.'],
    });
    expect(problems.list).toEqual(['Add at least one line.']);
    const bad = editLine(lineForItem(tea, 'k1'), 'price', '-5');
    expect(screenProblems(HEADER, [bad], t).lines).toEqual({
      k1: { fields: ['price'], messages: ['Price: an amount of at least 0 with up to 2 decimals.'] },
    });
    expect(hasProblems(screenProblems(HEADER, [lineForItem(tea, 'k1')], t))).toBe(false);
  });

  it('builds the create body with exact decimal strings, the totals and the guid', () => {
    const line = editLine(editLine(lineForItem(tea, 'k1'), 'quantity', '3'), 'newPrice', '0,15');
    expect(createBody(HEADER, [line], { guid: 'g-1', employeeId: 'emp-1', conducted: false })).toEqual({
      guid: 'g-1',
      name: 'Receipt 1',
      warehouseId: ['w-1'],
      organizationId: 'p-1',
      total: '0.3',
      totalPlanned: '0.3',
      totalDiff: '0',
      employeeId: 'emp-1',
      clientId: 's-1',
      note: null,
      conducted: false,
      items: [{ itemId: 'i-tea', quantity: '3', price: '0.1', plannedQuantity: '3', measureId: 'm-pcs', newPrice: '0.15' }],
    });
  });

  it('builds the update body with every line and the state to end in, keeping the creator', () => {
    const body = updateBody({ ...HEADER, note: 'Invoice 5' }, [lineForItem(tea, 'k1')], true);
    expect(body).not.toHaveProperty('employeeId');
    expect(body).not.toHaveProperty('guid');
    expect(body).toMatchObject({ note: 'Invoice 5', conducted: true, total: '0.1', items: [{ itemId: 'i-tea', quantity: '1' }] });
  });

  it('places the service’s messages next to the line, the field, the lines or at the top', () => {
    const placed = placeServiceProblems(
      [
        'items.1.quantity must have at most 3 decimal places',
        'clientId must be an existing supplier or client',
        'warehouseId.0 must be an existing warehouse',
        'items should not be empty',
        'total must equal the sum of the lines: expected "1"',
        'items.7.itemId must be an existing item',
      ],
      ['k1', 'k2'],
    );
    expect(placed.lines).toEqual({
      k2: { fields: ['quantity'], messages: ['items.1.quantity must have at most 3 decimal places'] },
    });
    expect(placed.header).toEqual({
      clientId: ['clientId must be an existing supplier or client'],
      warehouseId: ['warehouseId.0 must be an existing warehouse'],
    });
    expect(placed.list).toEqual(['items should not be empty', 'items.7.itemId must be an existing item']);
    expect(placed.top).toEqual(['total must equal the sum of the lines: expected "1"']);
  });

  it('names a new receipt by its local date and time', () => {
    expect(defaultName(new Date(2026, 10, 23, 14, 5), t)).toBe('Receipt 23.11.2026 14:05');
  });
});
