// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionEmployee } from '../../shared/terminal-contract.js';
import { EMPLOYEE, fakeBridge, ONLINE, renderWith, rpcError } from '../test-support.js';
import { Receipts } from './Receipts.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(() => {
  // Only the clock is fake (the default name and the guid's time); promises and timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 23, 14, 5));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const SUPPLIERS = [
  { id: 's-1', name: 'Tea House' },
  { id: 's-2', name: 'Bakery' },
];
const WAREHOUSES = [
  { id: 'w-1', name: 'Shop floor' },
  { id: 'w-2', name: 'Back room' },
];
const ITEMS = [
  { id: 'i-tea', name: 'Green tea', price: '0.1', measurement: 'pcs', shtrix: '4780000000017' },
  { id: 'i-rice', name: 'Rice', price: '20000', cost: '15000', measurement: 'kg', shtrix: null },
  { id: 'i-bread', name: 'Bread', price: '0.01', measurement: 'pcs', shtrix: '4780000000024' },
];
const HEADERS = [
  {
    id: 'r-1',
    guid: 'g-1',
    name: 'Tea delivery',
    description: null,
    warehouseId: ['w-1'],
    organizationId: 'p-1',
    total: '125000.5',
    totalPlanned: '125000.5',
    totalDiff: '0',
    employeeId: 'emp-1',
    clientId: 's-1',
    note: 'Invoice 77',
    conducted: true,
    is_deleted: false,
    dt_created: '2026-03-01T09:00:00',
  },
  {
    id: 'r-2',
    guid: 'g-2',
    name: 'Bread for the week',
    description: null,
    warehouseId: ['w-2'],
    organizationId: 'p-1',
    total: '10',
    totalPlanned: '12',
    totalDiff: '-2',
    employeeId: 'emp-1',
    clientId: 's-2',
    note: null,
    conducted: false,
    is_deleted: false,
    dt_created: '2026-03-03T10:30:00',
  },
];
const STORED_LINES = [
  {
    id: 'l-1',
    receiptId: 'r-1',
    itemId: 'i-tea',
    quantity: '3',
    price: '0.1',
    plannedQuantity: '3',
    measureId: 'm-pcs',
    rounding: '-0.01',
    newPrice: '0.2',
    warehouseId: null,
  },
];

function answers() {
  return {
    SupplierController_findAll: SUPPLIERS,
    WarehouseController_findAll: WAREHOUSES,
    MeasurementController_findAllMeasurements: [
      { id: 'm-pcs', name: 'pcs' },
      { id: 'm-kg', name: 'kg' },
    ],
    BusinessController_findAllPoints: [
      { id: 'p-1', name: 'Chilonzor shop', default_warehouse_id: 'w-1' },
      { id: 'p-2', name: 'Yunusobod shop', default_warehouse_id: null },
    ],
    BusinessController_findAllWorkplaces: [{ id: 'wp-1', automated_point_id: 'p-1' }],
    ItemModifierController_findAllItems: ITEMS,
    ReceiptController_findAll: HEADERS,
    ReceiptController_findOne: (input: unknown) => {
      const id = (input as { params: { id: string } }).params.id;
      return { ...HEADERS.find((header) => header.id === id), items: id === 'r-1' ? STORED_LINES : [] };
    },
    ReceiptController_create: (input: unknown) => {
      const body = (input as { body: Record<string, unknown> }).body;
      return { id: 'r-new', ...body, is_deleted: false, dt_created: '2026-11-23T14:05:00' };
    },
    ReceiptController_update: (input: unknown) => {
      const { params, body } = input as { params: { id: string }; body: Record<string, unknown> };
      return { ...HEADERS.find((header) => header.id === params.id), ...body };
    },
    ReceiptController_remove: (input: unknown) => ({ id: (input as { params: { id: string } }).params.id, is_deleted: true }),
  };
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

async function shown(overrides: Record<string, unknown> = {}, employee: SessionEmployee = EMPLOYEE) {
  const bridge = fakeBridge({ ...answers(), ...overrides });
  const rendered = renderWith(bridge, <Receipts />);
  act(() => rendered.store.setState({ phase: 'app', employee, sync: ONLINE }));
  await settle();
  return { bridge, ...rendered };
}

const callsOf = (bridge: { calls: [string, unknown][] }, operation: string) =>
  bridge.calls.filter(([name]) => name === operation);
const listRows = () => within(screen.getByRole('grid', { name: 'Receipts' })).queryAllByRole('row');
const scanBox = () => screen.getByRole('combobox', { name: 'Add an item: name or barcode' });

async function newReceipt(overrides: Record<string, unknown> = {}, employee?: SessionEmployee) {
  const result = await shown(overrides, employee);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'New receipt' })));
  return result;
}

function type(box: HTMLElement, text: string) {
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
}

async function openStored(name: RegExp) {
  const row = listRows().find((entry) => name.test(entry.textContent ?? ''))!;
  fireEvent.click(row);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open' })));
  await settle();
}

describe('goods receipts: the list', () => {
  it('shows receipts newest first with date, name, supplier, warehouse, total and state', async () => {
    await shown();
    expect(listRows().map((row) => row.textContent)).toEqual([
      '03/03/2026, 10:30Bread for the weekBakeryBack room10Draft',
      '01/03/2026, 09:00Tea deliveryTea HouseShop floor125,000.50Conducted',
    ]);
  });

  it('filters by warehouse, supplier, state and a day, and searches by note', async () => {
    await shown();
    const names = () => listRows().map((row) => row.querySelector('.cell-name')?.textContent);
    fireEvent.change(screen.getByLabelText('Warehouse'), { target: { value: 'w-1' } });
    await settle();
    expect(names()).toEqual(['Tea delivery']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    fireEvent.change(screen.getByLabelText('Supplier'), { target: { value: 's-2' } });
    await settle();
    expect(names()).toEqual(['Bread for the week']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Conducted' }));
    await settle();
    expect(names()).toEqual(['Tea delivery']);
    fireEvent.click(screen.getByRole('radio', { name: 'Drafts' }));
    await settle();
    expect(names()).toEqual(['Bread for the week']);
    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    await settle();
    expect(names()).toEqual(['Tea delivery']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'invoice 77' } });
    await settle();
    expect(names()).toEqual(['Tea delivery']);
    expect(screen.getByTestId('receipts-count').textContent).toBe('1 receipt');
  });

  it('re-reads the receipts when the data version changes', async () => {
    const { bridge, store } = await shown();
    expect(callsOf(bridge, 'ReceiptController_findAll')).toHaveLength(1);
    bridge.answer('ReceiptController_findAll', [HEADERS[1]]);
    act(() => store.setState({ dataVersion: store.getState().dataVersion + 1 }));
    await settle();
    expect(callsOf(bridge, 'ReceiptController_findAll')).toHaveLength(2);
    expect(listRows()).toHaveLength(1);
  });
});

describe('goods receipts: the editor', () => {
  it('adds an item by its barcode at once, and one more on the same line when scanned again', async () => {
    await newReceipt();
    type(scanBox(), '4780000000017');
    expect(screen.getAllByTestId('receipt-line')).toHaveLength(1);
    expect((screen.getByLabelText('Quantity, Green tea') as HTMLInputElement).value).toBe('1');
    type(scanBox(), '4780000000017');
    expect(screen.getAllByTestId('receipt-line')).toHaveLength(1);
    expect((screen.getByLabelText('Quantity, Green tea') as HTMLInputElement).value).toBe('2');
    expect((screen.getByLabelText('Planned qty, Green tea') as HTMLInputElement).value).toBe('2');
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Added: Green tea, quantity 2.');
    expect(document.activeElement).toBe(scanBox());
  });

  it('says next to the box that no item has an unknown barcode, and adds nothing', async () => {
    await newReceipt();
    type(scanBox(), '4780000000999');
    expect(screen.getByRole('alert').textContent).toBe('No item has the barcode 4780000000999.');
    expect(scanBox().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryAllByTestId('receipt-line')).toHaveLength(0);
  });

  it('clears a scan’s message with the next action, so it never stands beside a later answer', async () => {
    await newReceipt();
    type(scanBox(), '4780000000999');
    expect(screen.getByText('No item has the barcode 4780000000999.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Supplier'), { target: { value: 's-1' } });
    type(scanBox(), '4780000000017');
    expect(screen.queryByText('No item has the barcode 4780000000999.')).toBeNull();
    type(scanBox(), '4780000000999');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(screen.queryByText('No item has the barcode 4780000000999.')).toBeNull();
    expect(screen.getByText('Saved as a draft.')).toBeTruthy();
  });

  it('finds an item by name, adds it at its cost with its unit, and moves to its quantity', async () => {
    await newReceipt();
    fireEvent.change(scanBox(), { target: { value: 'ric' } });
    const options = within(screen.getByRole('listbox', { name: 'Matching items' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Rice15,000']);
    fireEvent.click(options[0]!);
    await settle();
    const quantity = screen.getByLabelText('Quantity, Rice') as HTMLInputElement;
    expect(document.activeElement).toBe(quantity);
    expect((screen.getByLabelText('Price, Rice') as HTMLInputElement).value).toBe('15000');
    expect((screen.getByLabelText('Unit, Rice') as HTMLSelectElement).value).toBe('m-kg');
    fireEvent.keyDown(quantity, { key: 'Enter' });
    expect(document.activeElement).toBe(scanBox());
  });

  it('adds the highlighted result with arrows and Enter', async () => {
    await newReceipt();
    fireEvent.change(scanBox(), { target: { value: 'e' } });
    fireEvent.keyDown(scanBox(), { key: 'ArrowDown' });
    fireEvent.keyDown(scanBox(), { key: 'Enter' });
    await settle();
    // "e" matches Bread, Green tea and Rice (name order); the second is Green tea.
    expect(screen.getByLabelText('Quantity, Green tea')).toBeTruthy();
  });

  it('keeps exact totals and differences live: 3 × 0.1 is 0.30, halves round away from zero', async () => {
    await newReceipt();
    for (let count = 0; count < 3; count += 1) type(scanBox(), '4780000000017');
    expect(screen.getByTestId('total').textContent).toBe('0.30');
    fireEvent.change(screen.getByLabelText('Planned qty, Green tea'), { target: { value: '3,5' } });
    expect(screen.getByTestId('line-diff').textContent).toBe('−0.05');
    expect(screen.getByTestId('total-planned').textContent).toBe('0.35');
    expect(screen.getByTestId('total-diff').textContent).toBe('−0.05');
    type(scanBox(), '4780000000024');
    fireEvent.change(screen.getByLabelText('Quantity, Bread'), { target: { value: '0.5' } });
    // 0.01 × 0.5 = 0.005 → 0.01 (half away from zero), per line, before summing.
    expect(screen.getAllByTestId('line-amount').map((cell) => cell.textContent)).toEqual(['0.30', '0.01']);
    expect(screen.getByTestId('total').textContent).toBe('0.31');
    expect(screen.getByTestId('total-diff').textContent).toBe('−0.05');
  });

  it('saves a draft, sending exactly the create body, then shows it as a saved draft', async () => {
    const { bridge } = await newReceipt();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Receipt 23.11.2026 14:05');
    expect((screen.getByLabelText('Your point') as HTMLInputElement).value).toBe('Chilonzor shop');
    expect((screen.getByLabelText('Warehouse') as HTMLSelectElement).value).toBe('w-1');
    fireEvent.change(screen.getByLabelText('Supplier'), { target: { value: 's-1' } });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Invoice 5' } });
    type(scanBox(), '4780000000017');
    fireEvent.change(screen.getByLabelText('Quantity, Green tea'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('New selling price, Green tea'), { target: { value: '0,15' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(callsOf(bridge, 'ReceiptController_create')).toEqual([
      [
        'ReceiptController_create',
        {
          body: {
            guid: expect.stringMatching(UUID),
            name: 'Receipt 23.11.2026 14:05',
            warehouseId: ['w-1'],
            organizationId: 'p-1',
            total: '0.3',
            totalPlanned: '0.3',
            totalDiff: '0',
            employeeId: 'emp-1',
            clientId: 's-1',
            note: 'Invoice 5',
            conducted: false,
            items: [{ itemId: 'i-tea', quantity: '3', price: '0.1', plannedQuantity: '3', measureId: 'm-pcs', newPrice: '0.15' }],
          },
        },
      ],
    ]);
    expect(screen.getByText('Saved as a draft.')).toBeTruthy();
    expect(screen.getByTestId('receipt-state').textContent).toBe('Draft');
    // Saved once, the next save is an update of that receipt, not a second create.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Conduct' })));
    expect(callsOf(bridge, 'ReceiptController_create')).toHaveLength(1);
    expect(callsOf(bridge, 'ReceiptController_update')[0]?.[1]).toMatchObject({
      params: { id: 'r-new' },
      body: { conducted: true },
    });
  });

  it('retries a failed create with the same guid, so the service can never make two receipts', async () => {
    let attempts = 0;
    const { bridge } = await newReceipt({
      ReceiptController_create: (input: unknown) => {
        attempts += 1;
        if (attempts === 1) throw rpcError(503, 'The terminal is restarting');
        return { id: 'r-new', ...(input as { body: object }).body };
      },
    });
    fireEvent.change(screen.getByLabelText('Supplier'), { target: { value: 's-1' } });
    type(scanBox(), '4780000000017');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(screen.getByText('The terminal is restarting')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    const guids = callsOf(bridge, 'ReceiptController_create').map(([, input]) => (input as { body: { guid: string } }).body.guid);
    expect(guids).toHaveLength(2);
    expect(guids[1]).toBe(guids[0]);
  });

  it('conducts a new receipt, then warns that saving changes corrects the stock', async () => {
    const { bridge } = await newReceipt();
    fireEvent.change(screen.getByLabelText('Supplier'), { target: { value: 's-2' } });
    type(scanBox(), '4780000000024');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Conduct' })));
    expect(callsOf(bridge, 'ReceiptController_create')[0]?.[1]).toMatchObject({
      body: { conducted: true, clientId: 's-2', total: '0.01' },
    });
    expect(screen.getByText('Conducted: the goods are in stock.')).toBeTruthy();
    expect(screen.getByTestId('receipt-state').textContent).toBe('Conducted');
    expect(screen.getByText('This receipt is conducted: saving changes corrects the stock at once.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Un-conduct' })).toBeTruthy();
  });

  it('refuses on screen a receipt without lines or supplier, and a bad quantity, sending nothing', async () => {
    const { bridge } = await newReceipt();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(screen.getByText('Add at least one line.')).toBeTruthy();
    const supplier = screen.getByLabelText('Supplier');
    expect(supplier.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(supplier.getAttribute('aria-describedby')!)?.textContent).toBe('Choose a supplier.');
    fireEvent.change(supplier, { target: { value: 's-1' } });
    type(scanBox(), '4780000000017');
    const quantity = screen.getByLabelText('Quantity, Green tea');
    fireEvent.change(quantity, { target: { value: '-2' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(quantity.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Quantity: a number of at least 0 with up to 3 decimals.',
    );
    expect(screen.queryByText('Add at least one line.')).toBeNull();
    expect(callsOf(bridge, 'ReceiptController_create')).toHaveLength(0);
    // Fixed, the message goes at once.
    fireEvent.change(quantity, { target: { value: '2' } });
    expect(quantity.getAttribute('aria-invalid')).toBe('false');
  });

  it('shows each of the service’s 400 lines next to its line or field, the rest at the top', async () => {
    await newReceipt({
      ReceiptController_create: () => {
        throw rpcError(400, [
          'items.1.measureId must be an existing measurement',
          'clientId must be an existing supplier or client',
          'organizationId must be an existing point',
          'total must equal the sum of the lines: expected "1"',
        ]);
      },
    });
    fireEvent.change(screen.getByLabelText('Supplier'), { target: { value: 's-1' } });
    type(scanBox(), '4780000000017');
    type(scanBox(), '4780000000024');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    const unit = screen.getByLabelText('Unit, Bread');
    expect(unit.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(unit.getAttribute('aria-describedby')!)?.textContent).toBe(
      'items.1.measureId must be an existing measurement',
    );
    expect(screen.getByLabelText('Unit, Green tea').getAttribute('aria-invalid')).toBe('false');
    const supplier = screen.getByLabelText('Supplier');
    expect(document.getElementById(supplier.getAttribute('aria-describedby')!)?.textContent).toBe(
      'clientId must be an existing supplier or client',
    );
    const point = screen.getByLabelText('Your point');
    expect(document.getElementById(point.getAttribute('aria-describedby')!)?.textContent).toBe(
      'organizationId must be an existing point',
    );
    expect(screen.getAllByRole('alert')[0]?.textContent).toBe('total must equal the sum of the lines: expected "1"');
  });

  it('lets an employee without a workplace pick the point', async () => {
    const { bridge } = await newReceipt({}, { ...EMPLOYEE, workplace_id: null });
    fireEvent.change(screen.getByLabelText('Supplier'), { target: { value: 's-1' } });
    fireEvent.change(screen.getByLabelText('Warehouse'), { target: { value: 'w-2' } });
    type(scanBox(), '4780000000017');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(screen.getByText('Choose a point.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Point'), { target: { value: 'p-2' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(callsOf(bridge, 'ReceiptController_create')[0]?.[1]).toMatchObject({
      body: { organizationId: 'p-2', warehouseId: ['w-2'] },
    });
  });

  it('starts a manager’s new receipt at the till’s point and its default warehouse (the core knows the till)', async () => {
    const till = { 'terminal.enrollmentStatus': { enrolled: true, scope: { workplaceId: 'wp-9', pointId: 'p-1' } } };
    const { bridge } = await newReceipt(till, { ...EMPLOYEE, workplace_id: null });
    expect((screen.getByLabelText('Your point') as HTMLInputElement).value).toBe('Chilonzor shop');
    expect((screen.getByLabelText('Warehouse') as HTMLSelectElement).value).toBe('w-1');
    fireEvent.change(screen.getByLabelText('Supplier'), { target: { value: 's-1' } });
    type(scanBox(), '4780000000017');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(callsOf(bridge, 'ReceiptController_create')[0]?.[1]).toMatchObject({ body: { organizationId: 'p-1', warehouseId: ['w-1'] } });
  });

  it('offers a line only its item’s unit, and every unit for an item whose unit names none', async () => {
    const items = [...ITEMS, { id: 'i-odd', name: 'Odd thing', price: '1', measurement: 'crate', shtrix: '4780000000031' }];
    await newReceipt({ ItemModifierController_findAllItems: items });
    type(scanBox(), '4780000000017');
    type(scanBox(), '4780000000031');
    await settle();
    const optionsOf = (label: string) => [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((option) => option.textContent);
    expect(optionsOf('Unit, Green tea')).toEqual(['pcs']);
    expect(optionsOf('Unit, Odd thing')).toEqual(['Choose…', 'kg', 'pcs']);
  });

  it('takes a scan typed into a quantity field as a scan, putting the field back', async () => {
    await newReceipt();
    type(scanBox(), '4780000000017');
    const quantity = screen.getByLabelText('Quantity, Green tea') as HTMLInputElement;
    let typed = '1';
    for (const digit of '4780000000017') {
      fireEvent.keyDown(quantity, { key: digit });
      typed += digit;
      fireEvent.change(quantity, { target: { value: typed } });
    }
    fireEvent.keyDown(quantity, { key: 'Enter' });
    expect(quantity.value).toBe('2');
    expect(screen.getAllByTestId('receipt-line')).toHaveLength(1);
  });

  it('never lets a scan’s Enter press a focused button', async () => {
    const { bridge } = await newReceipt();
    const save = screen.getByRole('button', { name: 'Save draft' });
    save.focus();
    for (const digit of '4780000000024') fireEvent.keyDown(save, { key: digit });
    const enter = fireEvent.keyDown(save, { key: 'Enter' });
    expect(enter).toBe(false);
    expect(screen.getByLabelText('Quantity, Bread')).toBeTruthy();
    expect(callsOf(bridge, 'ReceiptController_create')).toHaveLength(0);
  });

  it('opens a stored receipt with its lines and saves changes with every line, rounding kept and in no total', async () => {
    const { bridge } = await shown();
    await openStored(/Tea delivery/);
    expect(callsOf(bridge, 'ReceiptController_findOne')).toEqual([['ReceiptController_findOne', { params: { id: 'r-1' } }]]);
    expect(screen.getByRole('heading', { name: 'Receipt: Tea delivery' })).toBeTruthy();
    // 3 × 0.1: the line's −0.01 rounding is shown beside it but enters no amount or total (the service's rule).
    expect(screen.getByTestId('line-amount').textContent).toContain('0.30');
    expect(screen.getByTestId('line-amount').textContent).toContain('(not in the total)');
    expect(screen.getByTestId('total').textContent).toBe('0.30');
    fireEvent.change(screen.getByLabelText('Quantity, Green tea'), { target: { value: '4' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    expect(callsOf(bridge, 'ReceiptController_update')).toEqual([
      [
        'ReceiptController_update',
        {
          params: { id: 'r-1' },
          body: {
            name: 'Tea delivery',
            warehouseId: ['w-1'],
            organizationId: 'p-1',
            total: '0.4',
            totalPlanned: '0.4',
            totalDiff: '0',
            clientId: 's-1',
            note: 'Invoice 77',
            conducted: true,
            items: [
              {
                itemId: 'i-tea',
                quantity: '4',
                price: '0.1',
                plannedQuantity: '4',
                measureId: 'm-pcs',
                rounding: '-0.01',
                newPrice: '0.2',
              },
            ],
          },
        },
      ],
    ]);
    expect(screen.getByText('Saved; the stock is corrected.')).toBeTruthy();
  });

  it('un-conducts only after the confirmation on screen', async () => {
    const { bridge } = await shown();
    await openStored(/Tea delivery/);
    fireEvent.click(screen.getByRole('button', { name: 'Un-conduct' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Un-conduct this receipt? Its goods are taken back out of stock.');
    expect(callsOf(bridge, 'ReceiptController_update')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsOf(bridge, 'ReceiptController_update')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Un-conduct' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes, un-conduct' })));
    expect(callsOf(bridge, 'ReceiptController_update')).toEqual([
      ['ReceiptController_update', { params: { id: 'r-1' }, body: { conducted: false } }],
    ]);
    expect(screen.getByTestId('receipt-state').textContent).toBe('Draft');
    expect(screen.getByRole('button', { name: 'Conduct' })).toBeTruthy();
  });

  it('deletes only after the confirmation, then returns to the re-read list', async () => {
    const { bridge } = await shown();
    await openStored(/Bread for the week/);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Delete this draft receipt?');
    expect(callsOf(bridge, 'ReceiptController_remove')).toHaveLength(0);
    bridge.answer('ReceiptController_findAll', [HEADERS[0]]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' })));
    await settle();
    expect(callsOf(bridge, 'ReceiptController_remove')).toEqual([['ReceiptController_remove', { params: { id: 'r-2' } }]]);
    expect(screen.getByText('Receipt deleted.')).toBeTruthy();
    expect(listRows().map((row) => row.querySelector('.cell-name')?.textContent)).toEqual(['Tea delivery']);
  });

  it('asks before leaving with unsaved changes, and not otherwise', async () => {
    await newReceipt();
    fireEvent.click(screen.getByRole('button', { name: '← Back to the list' }));
    expect(screen.getByRole('heading', { name: 'Goods receipts' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'New receipt' })));
    type(scanBox(), '4780000000017');
    fireEvent.click(screen.getByRole('button', { name: '← Back to the list' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Leave without saving?');
    fireEvent.click(screen.getByRole('button', { name: 'Leave without saving' }));
    expect(screen.getByRole('heading', { name: 'Goods receipts' })).toBeTruthy();
  });

  it('speaks Russian and Uzbek', async () => {
    const { store } = await shown();
    act(() => store.setState({ language: 'ru' }));
    expect(screen.getByRole('heading', { name: 'Приход товаров' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Новый приход' })).toBeTruthy();
    act(() => store.setState({ language: 'uz' }));
    expect(screen.getByRole('heading', { name: 'Tovar kirimi' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yangi kirim' })));
    expect(screen.getByRole('button', { name: 'Qoralamani saqlash' })).toBeTruthy();
  });
});
