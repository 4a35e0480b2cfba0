// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withCheckDigit } from '../../shared/barcodes/check-digit.js';
import { EMPLOYEE, fakeBridge, ONLINE, renderWith } from '../test-support.js';
import { Sale } from './Sale.js';
import type { PaymentPanelProps } from './payment/PaymentPanel.js';

// The payment step belongs to another screen's owner; here it is a double that shows the draft and pays it.
vi.mock('./payment/PaymentPanel.js', () => ({
  PaymentPanel: ({ draft, onPaid, onBack }: PaymentPanelProps) => (
    <section data-testid="payment-panel">
      <output data-testid="draft-due">{draft.due}</output>
      <output data-testid="draft-lines">{draft.order.items.map((item) => `${item.item_id}×${String(item.quantity)}`).join(',')}</output>
      <button type="button" onClick={() => onPaid('order-1', { orderId: 'order-1', change: 500000n, printing: Promise.resolve({ ok: false, message: 'The printer is out of paper', canReprint: true }) })}>
        Paid
      </button>
      <button type="button" onClick={onBack}>
        Back
      </button>
    </section>
  ),
}));

afterEach(cleanup);

const MILK = withCheckDigit('478000000001');
const ITEMS = [
  { id: 'milk', name: 'Milk 1 l', price: '12000', measurement: 'pc', shtrix: MILK, group_id: 'g-drinks', color: '#22c55e', tax_id: null, discount_id: null, is_deleted: false },
  { id: 'tea', name: 'Green tea', price: '8000', measurement: 'pc', shtrix: null, group_id: 'g-drinks', color: null, tax_id: null, discount_id: null, is_deleted: false },
  { id: 'cheese', name: 'Cheese', price: '98000', measurement: 'kg', shtrix: '123', group_id: null, color: null, tax_id: null, discount_id: null, is_deleted: false },
];
const SHIFT = { id: 'shift-1', name: 'Morning', is_closed: false, dt_created: '2026-03-01T08:00:00.000Z' };

function renderSale(answers: Record<string, unknown> = {}, onOpenShift = () => {}) {
  const bridge = fakeBridge({
    ItemModifierController_findAllItems: ITEMS,
    MeasurementController_findAllMeasurements: [{ id: 'kg', name: 'kg' }],
    ItemModifierController_findAllItemGroups: [{ id: 'g-drinks', name: 'Drinks', color: '#3b82f6', is_deleted: false }],
    ItemModifierController_findAllModifiers: [],
    ItemModifierController_findAllModifierGroups: [],
    FinanceController_findAllTaxFees: [],
    FinanceController_findAllDiscounts: [],
    BaseConfigController_findAll: [],
    BusinessController_findAllWorkplaces: [{ id: 'wp-1', automated_point_id: 'p-1' }],
    SettlmentController_findLatest: SHIFT,
    ClientController_findAll: [{ id: 'c-1', full_name: 'Dilnoza Yusupova', phone_number: '+998 90 123 45 67', is_deleted: false }],
    ...answers,
  });
  const rendered = renderWith(bridge, <Sale onOpenShift={onOpenShift} />);
  act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
  return { bridge, ...rendered };
}

const scanField = () => screen.getByLabelText('Barcode or search') as HTMLInputElement;
async function type(text: string) {
  fireEvent.change(scanField(), { target: { value: text } });
  await act(async () => fireEvent.keyDown(scanField(), { key: 'Enter' }));
}
const lineTexts = () => screen.queryAllByTestId('cart-line').map((row) => row.textContent);

describe('the sales screen', () => {
  it('adds a scanned item as a line and shows the total; a second scan adds to the line', async () => {
    renderSale();
    await act(async () => {});
    expect(screen.getByTestId('sale-shift').textContent).toBe('Morning');
    await type(MILK);
    await type(`${MILK}\r\n`);
    expect(lineTexts()).toEqual(['Milk 1 l212,00024,000']);
    expect(screen.getByTestId('cart-total').textContent).toBe('Total 24,000');
    expect(document.activeElement).toBe(scanField());
    expect(scanField().value).toBe('');
  });

  it('says an unknown barcode is unknown and adds nothing', async () => {
    renderSale();
    await act(async () => {});
    const unknown = withCheckDigit('478000000009');
    await type(unknown);
    expect(screen.getByTestId('sale-notice').textContent).toBe(`No item has the barcode ${unknown}. Nothing was added.`);
    expect(lineTexts()).toEqual([]);
  });

  it('sells by weight label, by search and by tile', async () => {
    renderSale();
    await act(async () => {});
    await type(withCheckDigit('220012301250')); // 1.25 kg of cheese
    await type('green');
    await act(async () => fireEvent.click(within(screen.getByTestId('tiles')).getByRole('button', { name: /Milk 1 l/ })));
    expect(lineTexts()).toEqual(['Cheese1.2598,000122,500', 'Green tea18,0008,000', 'Milk 1 l112,00012,000']);
  });

  it('changes a quantity by keypad with F9, refusing zero, and removes a line with Delete', async () => {
    renderSale();
    await act(async () => {});
    await type(MILK);
    await act(async () => fireEvent.keyDown(window, { key: 'F9' }));
    const panel = screen.getByTestId('line-panel');
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Clear' })));
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: '0' })));
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Set quantity' })));
    expect(screen.getByTestId('sale-notice').textContent).toBe('The quantity must be greater than zero. To take a line off, remove it.');
    expect(screen.getByTestId('line-quantity-cell').textContent).toBe('1');
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Clear' })));
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: '3' })));
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Set quantity' })));
    expect(screen.getByTestId('line-quantity-cell').textContent).toBe('3');
    await act(async () => fireEvent.keyDown(window, { key: 'Escape' }));
    await act(async () => fireEvent.keyDown(scanField(), { key: 'Delete' }));
    expect(lineTexts()).toEqual([]);
  });

  it('asks a manager for a manual discount above the limit, and applies one within it at once', async () => {
    renderSale();
    await act(async () => {});
    await type(MILK);
    await act(async () => fireEvent.keyDown(window, { key: 'F10' }));
    const field = within(screen.getByTestId('discount-panel')).getByLabelText('Discount (amount or %)');
    fireEvent.change(field, { target: { value: '15%' } });
    await act(async () => fireEvent.keyDown(field, { key: 'Enter' }));
    expect(screen.getByTestId('manager-approval').textContent).toContain('A discount of 15% needs a manager’s approval.');
    expect(screen.getByTestId('cart-total').textContent).toBe('Total 12,000');
    fireEvent.change(field, { target: { value: '1000' } });
    await act(async () => fireEvent.keyDown(field, { key: 'Enter' }));
    expect(screen.getByTestId('cart-total').textContent).toBe('Total 11,000');
  });

  it('applies the item’s Finance discount and adds its Finance tax on top, as the service counts them', async () => {
    renderSale({
      ItemModifierController_findAllItems: [{ ...ITEMS[0], tax_id: 'vat', discount_id: 'promo' }],
      FinanceController_findAllTaxFees: [{ id: 'vat', name: 'VAT', tax_percent: '12', tax_value: null, fee_percent: null, fee_value: null, is_deleted: false }],
      FinanceController_findAllDiscounts: [{ id: 'promo', name: 'Promo', discount_percent: '10', discount_value: null, is_deleted: false }],
    });
    await act(async () => {});
    await type(MILK);
    expect(lineTexts()).toEqual(['Milk 1 l− Promo (10%)112,00012,000']);
    // 12 000 − 10 % = 10 800; VAT 12 % of 10 800 = 1 296 added: 12 096.
    expect(screen.getByTestId('cart-totals').textContent).toBe('Subtotal12,000Discount−1,200Tax1,2961 lineTotal 12,096F12Pay');
  });

  it('pays with F12 or Enter on the empty field: the draft carries the cart, and a paid sale clears it at once', async () => {
    renderSale();
    await act(async () => {});
    await type('');
    expect(screen.getByTestId('sale-notice').textContent).toBe('The cart is empty: there is nothing to pay.');
    await type(MILK);
    await type(MILK);
    await type('');
    expect(screen.getByTestId('draft-due').textContent).toBe('24000');
    expect(screen.getByTestId('draft-lines').textContent).toBe('milk×2');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back' })));
    expect(lineTexts()).toHaveLength(1);
    await act(async () => fireEvent.keyDown(window, { key: 'F12' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Paid' })));
    expect(lineTexts()).toEqual([]);
    expect(document.activeElement).toBe(scanField());
    // The sale just made stays in view with its change, and its printing's problem, without holding the next sale.
    const last = screen.getByTestId('last-sale');
    expect(last.textContent).toContain('5');
    await act(async () => {});
    expect(screen.getByTestId('print-notice').textContent).toContain('The printer is out of paper');
  });

  it('attaches a client found by phone, or one created at the till', async () => {
    const { bridge } = renderSale({ ClientController_create: (input: { body: { full_name: string } }) => ({ id: 'c-new', full_name: input.body.full_name }) });
    await act(async () => {});
    await act(async () => fireEvent.keyDown(window, { key: 'F11' }));
    await act(async () => {});
    fireEvent.change(screen.getByLabelText('Name or phone'), { target: { value: '90 123' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Dilnoza Yusupova/ })));
    expect(screen.getByTestId('sale-client').textContent).toBe('Dilnoza Yusupova');
    await act(async () => fireEvent.click(screen.getByTestId('sale-client')));
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Bobur Aliev' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'New client' })));
    expect(screen.getByTestId('sale-client').textContent).toBe('Bobur Aliev');
    expect(bridge.calls.find(([operation]) => operation === 'ClientController_create')?.[1]).toEqual({ body: { full_name: 'Bobur Aliev', phone_number: null } });
  });

  it('holds a named cart as an open order of the shift, and resumes it into an empty cart', async () => {
    const created: unknown[] = [];
    const held = { id: 'o-held', order_name: 'Table 4', total_sum: '24000', dt_created: '2026-03-01T09:00:00.000Z', workplace_id: 'wp-1', is_closed: false, is_voided: false, is_refunded: false, is_deleted: false };
    const { bridge } = renderSale({
      OrderController_create: (input: unknown) => (created.push(input), { id: 'o-held' }),
      OrderController_findAll: [held, { ...held, id: 'o-paid', is_closed: true }],
      OrderController_findOne: { ...held, client_id: null, items: [{ item_id: 'milk', quantity: '2', note: 'cold' }], discounts: [] },
      OrderController_remove: { id: 'o-held' },
    });
    await act(async () => {});
    await type(MILK);
    await act(async () => fireEvent.keyDown(window, { key: 'h', altKey: true }));
    fireEvent.change(screen.getByLabelText('Name (table), optional'), { target: { value: 'Table 4' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Hold' })));
    expect(created).toEqual([
      {
        body: expect.objectContaining({ order_name: 'Table 4', is_closed: false, settlement_id: 'shift-1', payments: [], total_sum: '12000', workplace_id: 'wp-1', automated_point_id: 'p-1' }),
      },
    ]);
    expect(lineTexts()).toEqual([]);
    expect(screen.getByTestId('sale-notice').textContent).toBe('The order is held: Table 4.');
    await act(async () => fireEvent.keyDown(window, { key: 'h', altKey: true }));
    await act(async () => {});
    const list = screen.getByTestId('held-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await act(async () => fireEvent.click(within(list).getByRole('button', { name: 'Resume' })));
    expect(lineTexts()).toEqual(['Milk 1 lcold212,00024,000']);
    expect(bridge.calls.filter(([operation]) => operation === 'OrderController_remove')).toEqual([['OrderController_remove', { params: { id: 'o-held' } }]]);
  });

  it('keeps a scan made while the catalogue is still loading, and adds it once loaded', async () => {
    let release = () => {};
    const loaded = new Promise<void>((resolve) => (release = resolve));
    renderSale({ ItemModifierController_findAllItems: () => loaded.then(() => ITEMS) });
    await act(async () => {});
    expect(screen.getByText('Loading the catalogue…')).toBeTruthy();
    // A keyboard-wedge burst while nothing has the focus: digits a few ms apart, then Enter.
    for (const [index, key] of [...MILK, 'Enter'].entries()) fireEvent.keyDown(document.body, { key, timeStamp: 1000 + index * 5 });
    await act(async () => release());
    await act(async () => {});
    expect(lineTexts()).toEqual(['Milk 1 l112,00012,000']);
  });

  it('without an open shift says so and offers the Shift screen, and a scan adds nothing', async () => {
    const onOpenShift = vi.fn();
    renderSale({ SettlmentController_findLatest: { ...SHIFT, is_closed: true } }, onOpenShift);
    await act(async () => {});
    expect(screen.getByTestId('sale-no-shift').textContent).toContain('No shift is open on this till.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go to Shift' })));
    expect(onOpenShift).toHaveBeenCalledOnce();
    expect(screen.queryByLabelText('Barcode or search')).toBeNull();
  });
});
