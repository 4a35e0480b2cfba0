// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTerminalStore } from '../state/terminal.js';
import { EMPLOYEE, fakeBridge, memoryStorage, ONLINE, renderWith, rpcError } from '../test-support.js';
import type { CatalogueEntry } from './modifier-groups/model.js';
import { ModifierGroups } from './ModifierGroups.js';
import { catalogueEntry as entry } from './modifier-groups/fixtures.js';

afterEach(cleanup);

/**
 * A fake terminal core holding groups and modifiers in memory: writes change what the next read answers, as the
 * core's store does, so the screen's re-reads after a write are exercised too. Bodies are asserted through
 * `bridge.calls`.
 */
function catalogueBridge() {
  let clock = 0;
  const stamp = () => `2026-03-01T10:00:${String(++clock).padStart(2, '0')}.000Z`;
  const groups: CatalogueEntry[] = [
    entry({ id: 'g-2', name: 'sauces' }),
    entry({
      id: 'g-1',
      name: 'Extras',
      description: 'Toppings',
      price: '1500',
      cost: '500',
      color: '#ff8800',
      tax_id: 'tax-1',
      id_automated_point: 'pt-1',
      is_menu: true,
    }),
    entry({ id: 'g-3', name: 'Bread' }),
  ];
  const modifiers: CatalogueEntry[] = [
    entry({ id: 'm-1', name: 'Cheese', group_id: 'g-1', price: '2000', type: 'MODIFIER' }),
    entry({ id: 'm-2', name: 'Bacon', group_id: 'g-1', price: '3500.5', type: 'MODIFIER' }),
    entry({ id: 'm-3', name: 'Ketchup', group_id: 'g-2', type: 'MODIFIER' }),
  ];
  type Input = { params?: { id: string }; body?: Record<string, unknown> };
  const update = (list: CatalogueEntry[], { params, body }: Input) => {
    const index = list.findIndex((record) => record.id === params?.id);
    if (index < 0) throw rpcError(404, 'Not found');
    list[index] = { ...list[index]!, ...body, dt_updated: stamp() } as CatalogueEntry;
    return list[index];
  };
  const remove = (list: CatalogueEntry[], { params }: Input) => {
    const index = list.findIndex((record) => record.id === params?.id);
    if (index < 0) throw rpcError(404, 'Not found');
    return { ...list.splice(index, 1)[0], is_deleted: true };
  };
  const bridge = fakeBridge({
    ItemModifierController_findAllModifierGroups: () => structuredClone(groups),
    ItemModifierController_findAllModifiers: () => structuredClone(modifiers),
    FinanceController_findAllTaxFees: [{ id: 'tax-1', name: 'VAT 12%' }],
    FinanceController_findAllDiscounts: [{ id: 'dis-1', name: 'Happy hour' }],
    BusinessController_findAllPoints: [
      { id: 'pt-2', name: 'Terrace' },
      { id: 'pt-1', name: 'Main hall' },
    ],
    MeasurementController_findAllMeasurements: [
      { id: 'ms-2', name: 'portion' },
      { id: 'ms-1', name: 'pcs' },
    ],
    ItemModifierController_createModifierGroup: ({ body }: Input) => {
      const created = entry({ ...(body as Partial<CatalogueEntry>), id: `g-new-${groups.length}`, name: String(body?.name) });
      groups.push(created);
      return created;
    },
    ItemModifierController_updateModifierGroup: (input: Input) => update(groups, input),
    ItemModifierController_removeModifierGroup: (input: Input) => remove(groups, input),
    ItemModifierController_createModifier: ({ body }: Input) => {
      const created = entry({ ...(body as Partial<CatalogueEntry>), id: `m-new-${modifiers.length}`, name: String(body?.name) });
      modifiers.push(created);
      return created;
    },
    ItemModifierController_updateModifier: (input: Input) => update(modifiers, input),
    ItemModifierController_removeModifier: (input: Input) => remove(modifiers, input),
  });
  return { bridge, groups, modifiers };
}

async function shown(language: 'en' | 'ru' = 'en') {
  const fake = catalogueBridge();
  const rendered = renderWith(fake.bridge, <ModifierGroups />, createTerminalStore(fake.bridge, memoryStorage(), language));
  act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
  await act(async () => {});
  return { ...fake, ...rendered };
}

/** Catalogue writes only: the lists and the till's scope (terminal.enrollmentStatus) are reads. */
const writes = (calls: readonly [string, unknown][]) =>
  calls.filter(([operation]) => !operation.includes('_findAll') && !operation.startsWith('terminal.'));
const groupList = () => screen.getByRole('list', { name: 'Modifier groups' });
const click = (element: HTMLElement) => act(async () => fireEvent.click(element));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** The text shown next to a field: the element its input's aria-describedby names. */
const fieldError = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
};

async function openGroup(name: RegExp) {
  await click(within(groupList()).getByRole('button', { name }));
}

describe('modifier groups of this till’s point and of every point', () => {
  /** Groups of two points and one business-wide; the core lists the till's point (pt-1) unless asked for all. */
  function pointsBridge() {
    const groups = [
      entry({ id: 'g-t', name: 'Terrace sauces', id_automated_point: 'pt-2' }),
      entry({ id: 'g-h', name: 'Hall extras', id_automated_point: 'pt-1' }),
      entry({ id: 'g-b', name: 'Everywhere', id_automated_point: '0' }),
    ];
    const listed = (input: unknown) =>
      (input as { query?: { all_points?: string } }).query?.all_points === 'true'
        ? groups
        : groups.filter((group) => group.id_automated_point !== 'pt-2');
    return fakeBridge({
      'terminal.enrollmentStatus': { enrolled: true, scope: { workplaceId: 'wp-1', pointId: 'pt-1' } },
      ItemModifierController_findAllModifierGroups: listed,
      ItemModifierController_findAllModifiers: [],
      FinanceController_findAllTaxFees: [],
      FinanceController_findAllDiscounts: [],
      BusinessController_findAllPoints: [
        { id: 'pt-2', name: 'Terrace' },
        { id: 'pt-1', name: 'Main hall' },
      ],
      MeasurementController_findAllMeasurements: [{ id: 'ms-1', name: 'pcs' }],
    });
  }

  it('says whose groups it lists, and lists every point’s on request, naming another point’s group', async () => {
    const bridge = pointsBridge();
    const rendered = renderWith(bridge, <ModifierGroups />, createTerminalStore(bridge, memoryStorage(), 'en'));
    act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
    await act(async () => {});
    const rows = () => within(screen.getByRole('list', { name: 'Modifier groups' })).queryAllByRole('button').map((row) => row.textContent);
    expect(screen.getByTestId('mg-scope').textContent).toBe('Groups of Main hall and of the whole business.');
    expect(rows()).toEqual(['Everywhere0 modifiers0', 'Hall extras0 modifiers0']);
    await act(async () => fireEvent.click(screen.getByLabelText('All points')));
    expect(screen.getByTestId('mg-scope').textContent).toBe('Groups of every point.');
    expect(rows()).toEqual(['Everywhere0 modifiers0', 'Hall extras0 modifiers0', 'Terrace sauces · Terrace0 modifiers0']);
    await act(async () => fireEvent.click(within(screen.getByRole('list', { name: 'Modifier groups' })).getByRole('button', { name: /Terrace sauces/ })));
    expect(screen.getByText('This group belongs to Terrace: change it at that point’s till or in the back office.')).toBeTruthy();
  });

  it('offers all points instead of an empty list when every group belongs to another point', async () => {
    const bridge = pointsBridge();
    bridge.answer('ItemModifierController_findAllModifierGroups', (input: unknown) =>
      (input as { query?: { all_points?: string } }).query?.all_points === 'true' ? [entry({ id: 'g-t', name: 'Terrace sauces', id_automated_point: 'pt-2' })] : [],
    );
    const rendered = renderWith(bridge, <ModifierGroups />, createTerminalStore(bridge, memoryStorage(), 'en'));
    act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
    await act(async () => {});
    expect(screen.queryByText('Nothing here.')).toBeNull();
    expect(screen.getByText('No groups of Main hall or of the whole business.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show all points' })));
    expect(within(screen.getByRole('list', { name: 'Modifier groups' })).getByRole('button', { name: /Terrace sauces/ })).toBeTruthy();
  });
});

describe('modifier groups', () => {
  it('lists groups by name with their modifier counts, and finds them ignoring case', async () => {
    await shown();
    const rows = () =>
      within(groupList())
        .queryAllByRole('button')
        .map((row) => row.textContent);
    expect(rows()).toEqual(['Bread0 modifiers0', 'Extras2 modifiers1,500', 'sauces1 modifier0']);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'SAUC' } });
    await act(async () => {});
    expect(rows()).toEqual(['sauces1 modifier0']);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'zzz' } });
    await act(async () => {});
    expect(rows()).toEqual([]);
    expect(screen.getByText('No group matches “zzz”.')).toBeTruthy();
  });

  it('carries the search into a new group’s name when nothing matches', async () => {
    const { bridge } = await shown();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' Dips ' } });
    await act(async () => {});
    await click(screen.getByRole('button', { name: 'Create “Dips”' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Dips');
    await click(within(screen.getByRole('form', { name: 'New modifier group' })).getByRole('button', { name: 'Create group' }));
    expect(writes(bridge.calls)[0]?.[1]).toMatchObject({ body: { name: 'Dips' } });
  });

  it('shows the fields a cashier uses first and the back office’s behind “More”, opened when one needs a fix', async () => {
    await shown();
    await click(screen.getByRole('button', { name: 'New group' }));
    const form = screen.getByRole('form', { name: 'New modifier group' });
    const more = form.querySelector('details.mg-more') as HTMLDetailsElement;
    const inMore = (label: string) => more.contains(screen.getByLabelText(label));
    expect(['Name', 'Price', 'Unit of measurement', 'Colour (hex)'].map(inMore)).toEqual([false, false, false, false]);
    expect(['Description', 'Type', 'Cost', 'Tax or fee', 'Discount', 'Point of sale', 'A service'].every(inMore)).toBe(true);
    expect(more.open).toBe(false);
    type('Name', 'Dips');
    type('Cost', 'lots');
    await click(within(form).getByRole('button', { name: 'Create group' }));
    expect(more.open).toBe(true);
  });

  it('re-reads the groups when the terminal’s data changes', async () => {
    const { bridge, store, groups } = await shown();
    const reads = () => bridge.calls.filter(([operation]) => operation === 'ItemModifierController_findAllModifierGroups').length;
    const before = reads();
    groups.push(entry({ id: 'g-9', name: 'Arrived by sync' }));
    await act(async () => store.setState((state) => ({ dataVersion: state.dataVersion + 1 })));
    expect(reads()).toBe(before + 1);
    expect(within(groupList()).getByRole('button', { name: /Arrived by sync/ })).toBeTruthy();
  });

  it('creates a group with every field, sending the exact body', async () => {
    const { bridge } = await shown();
    await click(screen.getByRole('button', { name: 'New group' }));
    const form = screen.getByRole('form', { name: 'New modifier group' });
    // The first unit of the business is offered as the default.
    expect((screen.getByLabelText('Unit of measurement') as HTMLInputElement).value).toBe('pcs');
    type('Name', '  Dips ');
    type('Description', 'Cold dips');
    type('Unit of measurement', 'portion');
    type('Type', 'MODIFIER_SUBCATEGORY');
    type('Price', '2500,5');
    type('Cost', '1200');
    fireEvent.change(screen.getByLabelText('Pick a colour'), { target: { value: '#00aa55' } });
    expect((screen.getByLabelText('Colour (hex)') as HTMLInputElement).value).toBe('#00aa55');
    type('Tax or fee', 'tax-1');
    type('Discount', 'dis-1');
    type('Point of sale', 'pt-2');
    for (const flag of ['Shown on the menu', 'A service', 'Pickup allowed', 'Delivery allowed'])
      fireEvent.click(within(form).getByLabelText(flag));
    await click(within(form).getByRole('button', { name: 'Create group' }));
    expect(writes(bridge.calls)).toEqual([
      [
        'ItemModifierController_createModifierGroup',
        {
          body: {
            name: 'Dips',
            description: 'Cold dips',
            measurement: 'portion',
            type: 'MODIFIER_SUBCATEGORY',
            price: '2500.5',
            cost: '1200',
            color: '#00aa55',
            tax_id: 'tax-1',
            discount_id: 'dis-1',
            id_automated_point: 'pt-2',
            is_menu: true,
            is_service: true,
            allow_pickup: true,
            allow_delivery: true,
          },
        },
      ],
    ]);
    expect(screen.getByText('Group created.')).toBeTruthy();
    // The new group is re-read, listed and open.
    expect(screen.getByRole('heading', { name: 'Dips' })).toBeTruthy();
    expect(within(groupList()).getByRole('button', { name: /Dips/ }).getAttribute('aria-current')).toBe('true');
  });

  it('shows a stored group’s values, and an edit sends only what changed', async () => {
    const { bridge } = await shown();
    await openGroup(/Extras/);
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Toppings');
    expect((screen.getByLabelText('Tax or fee') as HTMLSelectElement).value).toBe('tax-1');
    expect((screen.getByLabelText('Point of sale') as HTMLSelectElement).value).toBe('pt-1');
    expect((screen.getByLabelText('Shown on the menu') as HTMLInputElement).checked).toBe(true);
    type('Name', 'Extras & toppings');
    type('Price', '1500.00');
    fireEvent.click(screen.getByLabelText('Pickup allowed'));
    await click(screen.getByRole('button', { name: 'Save' }));
    expect(writes(bridge.calls)).toEqual([
      [
        'ItemModifierController_updateModifierGroup',
        { params: { id: 'g-1' }, body: { name: 'Extras & toppings', allow_pickup: true } },
      ],
    ]);
    expect(screen.getByText('Saved.')).toBeTruthy();
    // The next edit is compared with what is stored now, not with what the form first showed.
    type('Price', '1600');
    await click(screen.getByRole('button', { name: 'Save' }));
    expect(writes(bridge.calls)[1]).toEqual([
      'ItemModifierController_updateModifierGroup',
      { params: { id: 'g-1' }, body: { price: '1600' } },
    ]);
  });

  it('says there is nothing to save when no field changed, and sends nothing', async () => {
    const { bridge } = await shown();
    await openGroup(/Extras/);
    await click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('status').textContent).toBe('Nothing to save: no field was changed.');
    expect(writes(bridge.calls)).toEqual([]);
  });

  it('clears the description, cost, colour, tax and point by sending null (the point as the whole business)', async () => {
    const { bridge, groups } = await shown();
    await openGroup(/Extras/);
    type('Description', '');
    type('Cost', '');
    type('Colour (hex)', '');
    type('Tax or fee', '');
    type('Point of sale', '');
    await click(screen.getByRole('button', { name: 'Save' }));
    expect(writes(bridge.calls)).toEqual([
      [
        'ItemModifierController_updateModifierGroup',
        { params: { id: 'g-1' }, body: { description: null, cost: null, color: null, tax_id: null, id_automated_point: '0' } },
      ],
    ]);
    expect(groups.find((group) => group.id === 'g-1')?.description).toBeNull();
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('');
  });

  it('refuses bad money on screen, next to the field, and sends nothing', async () => {
    const { bridge } = await shown();
    await openGroup(/Extras/);
    type('Price', '12.345');
    type('Cost', '-1');
    await click(screen.getByRole('button', { name: 'Save' }));
    expect(fieldError('Price')).toBe('Enter an amount of 0 or more with at most 2 decimals, like 12.50.');
    expect(fieldError('Cost')).toBe('Enter an amount of 0 or more with at most 2 decimals, like 12.50.');
    expect(screen.getByLabelText('Price').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Check the fields marked below.');
    expect(document.activeElement).toBe(screen.getByLabelText('Price'));
    type('Price', 'twelve');
    type('Cost', '');
    type('Colour (hex)', 'orange');
    await click(screen.getByRole('button', { name: 'Save' }));
    expect(fieldError('Price')).toContain('at most 2 decimals');
    expect(fieldError('Colour (hex)')).toBe('Enter a colour as # and 6 hex digits, like #ff8800, or leave it empty.');
    expect(writes(bridge.calls)).toEqual([]);
  });

  it('refuses a new group without a name or unit before sending', async () => {
    const { bridge } = await shown();
    await click(screen.getByRole('button', { name: 'New group' }));
    type('Unit of measurement', ' ');
    await click(screen.getByRole('button', { name: 'Create group' }));
    expect(fieldError('Name')).toBe('Enter a name.');
    expect(fieldError('Unit of measurement')).toBe('Enter a unit of measurement.');
    expect(writes(bridge.calls)).toEqual([]);
  });

  it('shows the service’s 400 lines next to the fields they name, and the rest above the buttons', async () => {
    const { bridge } = await shown();
    bridge.answer('ItemModifierController_updateModifierGroup', () => {
      throw rpcError(400, [
        'price must not be negative',
        'id_automated_point must be an existing point',
        'property zzz should not exist',
      ]);
    });
    await openGroup(/Extras/);
    type('Price', '99');
    type('Point of sale', 'pt-2');
    await click(screen.getByRole('button', { name: 'Save' }));
    expect(fieldError('Price')).toBe('price must not be negative');
    expect(fieldError('Point of sale')).toBe('id_automated_point must be an existing point');
    expect(fieldError('Name')).toBe('');
    expect(screen.getByRole('alert').textContent).toBe('property zzz should not exist');
  });

  it('lists a group’s modifiers with their prices and adds one with the group’s id', async () => {
    const { bridge } = await shown();
    await openGroup(/Extras/);
    await click(screen.getByRole('tab', { name: 'Modifiers (2)' }));
    const list = screen.getByRole('list', { name: 'Modifiers' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'Baconnot offered at the sale: no item3,500.50ItemEditRemove',
      'Cheesenot offered at the sale: no item2,000ItemEditRemove',
    ]);
    await click(screen.getByRole('button', { name: 'Add modifier' }));
    const form = screen.getByRole('form', { name: 'New modifier' });
    // A modifier starts with its group's unit and point.
    expect((screen.getByLabelText('Point of sale') as HTMLSelectElement).value).toBe('pt-1');
    type('Name', 'Olives');
    type('Price', '700,5');
    type('Tax or fee', 'tax-1');
    fireEvent.click(screen.getByLabelText('Shown on the menu'));
    await click(within(form).getByRole('button', { name: 'Add modifier' }));
    expect(writes(bridge.calls)).toEqual([
      [
        'ItemModifierController_createModifier',
        {
          body: {
            name: 'Olives',
            measurement: 'pcs',
            type: 'MODIFIER',
            price: '700.5',
            tax_id: 'tax-1',
            id_automated_point: 'pt-1',
            is_menu: true,
            is_service: false,
            allow_pickup: false,
            allow_delivery: false,
            group_id: 'g-1',
          },
        },
      ],
    ]);
    expect(screen.getByText('Modifier added.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Modifiers (3)' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Modifiers' })).getByText('Olives')).toBeTruthy();
    expect(within(groupList()).getByRole('button', { name: /Extras/ }).textContent).toContain('3 modifiers');
  });

  it('edits a modifier, sending only the changed fields', async () => {
    const { bridge } = await shown();
    await openGroup(/Extras/);
    await click(screen.getByRole('tab', { name: 'Modifiers (2)' }));
    await click(screen.getByRole('button', { name: 'Edit Cheese' }));
    expect(screen.getByRole('form', { name: 'Edit modifier: Cheese' })).toBeTruthy();
    type('Price', '2100');
    type('Description', 'Cheddar');
    await click(screen.getByRole('button', { name: 'Save' }));
    expect(writes(bridge.calls)).toEqual([
      ['ItemModifierController_updateModifier', { params: { id: 'm-1' }, body: { description: 'Cheddar', price: '2100' } }],
    ]);
    expect(screen.getByText('Modifier saved.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Modifiers' })).getAllByRole('listitem')[1]?.textContent).toContain('2,100');
  });

  it('removes a modifier only after a confirmation', async () => {
    const { bridge } = await shown();
    await openGroup(/Extras/);
    await click(screen.getByRole('tab', { name: 'Modifiers (2)' }));
    await click(screen.getByRole('button', { name: 'Remove Bacon' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Remove the modifier “Bacon” from this group?' });
    await click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(writes(bridge.calls)).toEqual([]);
    await click(screen.getByRole('button', { name: 'Remove Bacon' }));
    dialog = screen.getByRole('alertdialog');
    await click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(writes(bridge.calls)).toEqual([['ItemModifierController_removeModifier', { params: { id: 'm-2' } }]]);
    expect(screen.getByText('Modifier removed.')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Modifiers' }))
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Cheesenot offered at the sale: no item2,000ItemEditRemove']);
  });

  it('deletes a group after a confirmation that says its modifiers go first, then removes them and the group', async () => {
    const { bridge, modifiers } = await shown();
    await openGroup(/Extras/);
    await click(screen.getByRole('button', { name: 'Delete group' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Delete the group “Extras”? Its 2 modifiers are removed first: a deleted group would leave them pointing at nothing.',
    );
    // Focus starts on Cancel, so a stray Enter deletes nothing.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await click(within(dialog).getByRole('button', { name: 'Delete group' }));
    expect(writes(bridge.calls)).toEqual([
      ['ItemModifierController_removeModifier', { params: { id: 'm-2' } }],
      ['ItemModifierController_removeModifier', { params: { id: 'm-1' } }],
      ['ItemModifierController_removeModifierGroup', { params: { id: 'g-1' } }],
    ]);
    expect(modifiers.map((modifier) => modifier.id)).toEqual(['m-3']);
    expect(screen.getByText('Group deleted.')).toBeTruthy();
    expect(within(groupList()).queryByRole('button', { name: /Extras/ })).toBeNull();
    expect(screen.getByText('Choose a group on the left, or create a new one.')).toBeTruthy();
  });

  it('keeps the group when removing one of its modifiers fails, and says why', async () => {
    const { bridge } = await shown();
    bridge.answer('ItemModifierController_removeModifier', () => {
      throw rpcError(404, 'Modifier not found');
    });
    await openGroup(/Extras/);
    await click(screen.getByRole('button', { name: 'Delete group' }));
    await click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete group' }));
    expect(writes(bridge.calls).map(([operation]) => operation)).toEqual(['ItemModifierController_removeModifier']);
    expect(screen.getByRole('alert').textContent).toBe('Modifier not found');
    expect(within(groupList()).getByRole('button', { name: /Extras/ })).toBeTruthy();
  });

  it('deletes an empty group with a confirmation that says so', async () => {
    const { bridge } = await shown();
    await openGroup(/Bread/);
    await click(screen.getByRole('button', { name: 'Delete group' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Delete the group “Bread”? It has no modifiers.');
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await click(screen.getByRole('button', { name: 'Delete group' }));
    await click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete group' }));
    expect(writes(bridge.calls)).toEqual([['ItemModifierController_removeModifierGroup', { params: { id: 'g-3' } }]]);
  });

  it('moves through the list with the arrow keys and switches tabs with left and right', async () => {
    await shown();
    const search = screen.getByLabelText('Search');
    search.focus();
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('Bread');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('Extras');
    await click(document.activeElement as HTMLElement);
    const details = screen.getByRole('tab', { name: 'Details' });
    fireEvent.keyDown(details, { key: 'ArrowRight' });
    await act(async () => {});
    expect(screen.getByRole('tab', { name: 'Modifiers (2)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('list', { name: 'Modifiers' })).toBeTruthy();
  });

  it('speaks Russian when the terminal does', async () => {
    await shown('ru');
    expect(screen.getByRole('heading', { name: 'Группы модификаторов' })).toBeTruthy();
    await click(within(screen.getByRole('list', { name: 'Группы модификаторов' })).getByRole('button', { name: /Extras/ }));
    expect(screen.getByLabelText('Цена')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Удалить группу' })).toBeTruthy();
  });
});
