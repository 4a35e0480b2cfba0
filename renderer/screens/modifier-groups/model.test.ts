import { describe, expect, it } from 'vitest';
import {
  checkEntry,
  createBody,
  entryValues,
  filterGroups,
  groupRows,
  modifiersOf,
  newEntry,
  patchBody,
  pickerColour,
  splitLines,
  withCurrent,
  type EntryValues,
} from './model.js';
import { catalogueEntry as entry } from './fixtures.js';

const STORED = entry({
  id: 'g-1',
  name: 'Extras',
  description: 'Toppings',
  price: '12.5',
  cost: '4',
  color: '#FF8800',
  tax_id: 'tax-1',
  id_automated_point: 'pt-1',
  is_menu: true,
});

const edit = (changes: Partial<EntryValues>): EntryValues => ({ ...entryValues(STORED), ...changes });

describe('the modifier group form model', () => {
  it('builds the exact create body: required fields, flags and point always, optional fields only when set', () => {
    const values = { ...newEntry('group', { measurement: 'pcs' }), name: '  Dips ', price: '2500,5', color: 'ABC' };
    expect(createBody(values)).toEqual({
      name: 'Dips',
      measurement: 'pcs',
      type: 'MODIFIER_GROUP',
      price: '2500.5',
      color: '#abc',
      id_automated_point: '0',
      is_menu: false,
      is_service: false,
      allow_pickup: false,
      allow_delivery: false,
    });
  });

  it('names the group in a new modifier’s body, with the modifier type', () => {
    const body = createBody({ ...newEntry('modifier', { measurement: 'portion', point: 'pt-1' }), name: 'Olives' }, 'g-1');
    expect(body).toMatchObject({
      name: 'Olives',
      type: 'MODIFIER',
      measurement: 'portion',
      id_automated_point: 'pt-1',
      group_id: 'g-1',
    });
  });

  it('sends nothing for an edit that changes only how a value is written', () => {
    // 12.50 is the stored 12.5; #ff8800 the stored #FF8800.
    expect(patchBody(edit({ price: '12,50', color: '#ff8800', name: 'Extras ' }), entryValues(STORED))).toEqual({});
  });

  it('sends only the changed fields, and null for each cleared nullable field', () => {
    const cleared = edit({
      description: '  ',
      cost: '',
      color: '',
      tax_id: '',
      id_automated_point: '',
      is_menu: false,
      price: '13',
    });
    expect(patchBody(cleared, entryValues(STORED))).toEqual({
      description: null,
      cost: null,
      color: null,
      tax_id: null,
      id_automated_point: '0',
      is_menu: false,
      price: '13',
    });
  });

  it('treats a null, empty or "0" point as the same whole-business choice', () => {
    for (const point of [null, '', '0'])
      expect(entryValues(entry({ id: 'g', name: 'G', id_automated_point: point })).id_automated_point).toBe('');
  });

  it('refuses negative money, more than 2 decimals and text, naming the field', () => {
    expect(checkEntry(edit({ price: '-1' }), entryValues(STORED))).toEqual({ price: 'modifierGroups.moneyInvalid' });
    expect(checkEntry(edit({ price: '1.234' }), entryValues(STORED))).toEqual({ price: 'modifierGroups.moneyInvalid' });
    expect(checkEntry(edit({ cost: 'ten' }), entryValues(STORED))).toEqual({ cost: 'modifierGroups.moneyInvalid' });
    expect(checkEntry(edit({ price: '' }), entryValues(STORED))).toEqual({ price: 'modifierGroups.priceRequired' });
    expect(checkEntry(edit({ price: '0,99', cost: '' }), entryValues(STORED))).toEqual({});
  });

  it('refuses an empty name or unit and a colour that is not hex', () => {
    const values = { ...newEntry('group', { measurement: '' }), name: ' ', color: 'red' };
    expect(checkEntry(values)).toEqual({
      name: 'modifierGroups.nameRequired',
      measurement: 'modifierGroups.measurementRequired',
      color: 'modifierGroups.colorInvalid',
    });
  });

  it('lets a stored value the screen would refuse stay as it is while other fields change', () => {
    const named = entry({ id: 'g-2', name: 'Named colour', color: 'red' });
    expect(checkEntry({ ...entryValues(named), name: 'Renamed' }, entryValues(named))).toEqual({});
    expect(patchBody({ ...entryValues(named), name: 'Renamed' }, entryValues(named))).toEqual({ name: 'Renamed' });
  });

  it('shows a hex colour in the picker, black for anything else', () => {
    expect(pickerColour('#F80')).toBe('#ff8800');
    expect(pickerColour('00aa55')).toBe('#00aa55');
    expect(pickerColour('red')).toBe('#000000');
  });

  it('sorts the service’s 400 lines to the fields they name', () => {
    expect(
      splitLines([
        'price must not be negative',
        'id_automated_point must be an existing point',
        'property zzz should not exist',
        'Modifier group not found',
      ]),
    ).toEqual({
      byField: { price: ['price must not be negative'], id_automated_point: ['id_automated_point must be an existing point'] },
      general: ['property zzz should not exist', 'Modifier group not found'],
    });
  });
});

describe('the group list model', () => {
  const groups = [
    entry({ id: 'g-2', name: 'sauces' }),
    entry({ id: 'g-1', name: 'Extras' }),
    entry({ id: 'g-3', name: 'Gone', is_deleted: true }),
  ];
  const modifiers = [
    entry({ id: 'm-1', name: 'Cheese', group_id: 'g-1' }),
    entry({ id: 'm-2', name: 'Bacon', group_id: 'g-1' }),
    entry({ id: 'm-3', name: 'Old', group_id: 'g-1', is_deleted: true }),
    entry({ id: 'm-4', name: 'Loose', group_id: null }),
  ];

  it('lists live groups by name, each with its live modifiers counted', () => {
    expect(groupRows(groups, modifiers).map((row) => [row.group.name, row.modifiers])).toEqual([
      ['Extras', 2],
      ['sauces', 0],
    ]);
  });

  it('finds groups by name ignoring case', () => {
    const rows = groupRows(groups, modifiers);
    expect(filterGroups(rows, 'SAU').map((row) => row.group.id)).toEqual(['g-2']);
    expect(filterGroups(rows, '')).toHaveLength(2);
  });

  it('gives a group’s live modifiers sorted by name', () => {
    expect(modifiersOf(modifiers, 'g-1').map((modifier) => modifier.name)).toEqual(['Bacon', 'Cheese']);
  });

  it('keeps a select’s current value when its list does not hold it', () => {
    const options = [{ id: 'tax-1', name: 'VAT' }];
    expect(withCurrent(options, 'tax-9', (id) => `? ${id}`)).toEqual([...options, { id: 'tax-9', name: '? tax-9' }]);
    expect(withCurrent(options, 'tax-1', (id) => id)).toEqual(options);
    expect(withCurrent(options, '', (id) => id)).toEqual(options);
  });
});
