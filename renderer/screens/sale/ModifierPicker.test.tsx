// @vitest-environment happy-dom
/**
 * The modifier picker on the sales screen: an item with modifier groups opens it; defaults are preselected, a short
 * required group blocks adding, a full group disables more, free units are shown and priced as the service prices
 * them; Enter adds the line with its modifiers (shown under it, sent with the order), Esc adds nothing, and a plain
 * item is added without the picker.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPLOYEE, fakeBridge, ONLINE, renderWith } from '../../test-support.js';
import { Sale } from '../Sale.js';
import type { PaymentPanelProps } from '../payment/PaymentPanel.js';

vi.mock('../payment/PaymentPanel.js', () => ({
  PaymentPanel: ({ draft }: PaymentPanelProps) => (
    <section data-testid="payment-panel">
      <output data-testid="draft-due">{draft.due}</output>
      <output data-testid="draft-items">{JSON.stringify(draft.order.items)}</output>
    </section>
  ),
}));

afterEach(cleanup);

const item = (id: string, name: string, price: string, shtrix: string) => ({ id, name, price, measurement: 'pc', shtrix, group_id: null, color: null, tax_id: null, discount_id: null, is_deleted: false });
const modifier = (id: string, name: string, price: string, group_id: string, item_id = 'latte') => ({ id, name, price, group_id, item_id, is_deleted: false });

function renderSale() {
  const bridge = fakeBridge({
    ItemModifierController_findAllItems: [item('latte', 'Latte', '20000', '1001'), item('water', 'Water', '3000', '1002')],
    MeasurementController_findAllMeasurements: [],
    ItemModifierController_findAllItemGroups: [],
    ItemModifierController_findAllModifiers: [
      modifier('cow', 'Cow milk', '0', 'milk'),
      modifier('oat', 'Oat milk', '5000', 'milk'),
      modifier('shot', 'Extra shot', '4000', 'extras'),
      modifier('cream', 'Cream', '3000', 'extras'),
      modifier('syrup', 'Syrup', '2000', 'extras', 'tea'),
    ],
    ItemModifierController_findAllModifierGroups: [
      { id: 'milk', name: 'Milk', is_required: true, min_choices: 0, max_choices: 1, free_quantity: 0, default_modifier_id: null, is_deleted: false },
      { id: 'extras', name: 'Extras', is_required: false, min_choices: 0, max_choices: 2, free_quantity: 1, default_modifier_id: 'cream', is_deleted: false },
    ],
    FinanceController_findAllTaxFees: [],
    FinanceController_findAllDiscounts: [],
    BaseConfigController_findAll: [],
    BusinessController_findAllWorkplaces: [{ id: 'wp-1', automated_point_id: 'p-1' }],
    SettlmentController_findLatest: { id: 'shift-1', name: 'Morning', is_closed: false, dt_created: '2026-03-01T08:00:00.000Z' },
  });
  const rendered = renderWith(bridge, <Sale />);
  act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
  return { bridge, ...rendered };
}

const scanField = () => screen.getByLabelText('Barcode or search') as HTMLInputElement;
async function scan(code: string) {
  fireEvent.change(scanField(), { target: { value: code } });
  await act(async () => fireEvent.keyDown(scanField(), { key: 'Enter' }));
}
const picker = () => screen.getByTestId('modifier-picker');
const option = (name: string) => within(picker()).getByRole(name.includes('milk') ? 'radio' : 'checkbox', { name: new RegExp(name) });
const key = async (target: Element, name: string) => act(async () => fireEvent.keyDown(target, { key: name }));

describe('the modifier picker', () => {
  it('preselects the default, blocks adding until the required group is chosen, and adds the line with its modifiers', async () => {
    renderSale();
    await act(async () => {});
    await scan('1001');
    expect(screen.queryAllByTestId('cart-line')).toEqual([]);
    expect(option('Cream').getAttribute('aria-checked')).toBe('true');
    // Cream is the one free unit of Extras: the line is 20,000 so far.
    expect(option('Cream').textContent).toContain('free');
    expect(screen.getByTestId('modifier-line-price').textContent).toBe('1 × 20,000 = 20,000');
    const ok = screen.getByTestId('modifier-ok') as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    expect(within(picker()).getByText('Choose at least 1')).toBeTruthy();
    await key(picker(), 'Enter');
    expect(screen.queryAllByTestId('cart-line')).toEqual([]);

    // The first choice has the focus; ↓ moves to oat milk, Space (a click) chooses it.
    expect(document.activeElement).toBe(option('Cow milk'));
    await key(document.activeElement!, 'ArrowDown');
    expect(document.activeElement).toBe(option('Oat milk'));
    await act(async () => fireEvent.click(option('Oat milk')));
    // Two of Extras is the maximum: adding a shot disables nothing chosen, and cream stays the free one (cheaper).
    await act(async () => fireEvent.click(option('Extra shot')));
    expect(within(picker()).getByText('Maximum chosen')).toBeTruthy();
    expect(screen.getByTestId('modifier-line-price').textContent).toBe('1 × 29,000 = 29,000');
    expect(ok.disabled).toBe(false);
    await key(picker(), 'Enter');

    expect(screen.queryByTestId('modifier-picker')).toBeNull();
    expect(screen.getAllByTestId('line-modifier').map((row) => row.textContent)).toEqual(['+ Oat milk · 5,000', '+ Extra shot · 4,000', '+ Cream · free']);
    expect(screen.getByTestId('line-sum').textContent).toBe('29,000');
    expect(screen.getByTestId('cart-total').textContent).toBe('Total 29,000');
    expect(document.activeElement).toBe(scanField());

    await act(async () => fireEvent.keyDown(window, { key: 'F12' }));
    expect(screen.getByTestId('draft-due').textContent).toBe('29000');
    expect(JSON.parse(screen.getByTestId('draft-items').textContent ?? '')).toEqual([
      expect.objectContaining({
        item_id: 'latte',
        quantity: '1',
        price: '20000',
        subtotal: '29000',
        modifiers: [
          { modifier_id: 'oat', quantity: 1, price: '5000', free_quantity: 0 },
          { modifier_id: 'shot', quantity: 1, price: '4000', free_quantity: 0 },
          { modifier_id: 'cream', quantity: 1, price: '3000', free_quantity: 1 },
        ],
      }),
    ]);
  });

  it('disables more choices of a full group, counts + and −, and a single-choice group swaps its choice', async () => {
    renderSale();
    await act(async () => {});
    await scan('1001');
    await act(async () => fireEvent.click(option('Cow milk')));
    await act(async () => fireEvent.click(option('Oat milk')));
    expect(option('Cow milk').getAttribute('aria-checked')).toBe('false');
    expect(option('Oat milk').getAttribute('aria-checked')).toBe('true');
    option('Cream').focus();
    await key(option('Cream'), '+');
    // Two creams fill Extras: the shot cannot be chosen, one cream is free.
    expect((option('Extra shot') as HTMLButtonElement).disabled).toBe(true);
    expect(option('Cream').textContent).toContain('×2');
    expect(screen.getByTestId('modifier-line-price').textContent).toBe('1 × 28,000 = 28,000');
    await key(option('Cream'), '-');
    expect((option('Extra shot') as HTMLButtonElement).disabled).toBe(false);
  });

  it('changes a line’s modifiers from the line panel (F9), starting from the line’s own', async () => {
    renderSale();
    await act(async () => {});
    await scan('1001');
    await act(async () => fireEvent.click(option('Oat milk')));
    await key(picker(), 'Enter');
    expect(screen.getByTestId('line-sum').textContent).toBe('25,000');
    await act(async () => fireEvent.keyDown(window, { key: 'F9' }));
    await act(async () => fireEvent.click(screen.getByTestId('line-modifiers')));
    expect(option('Oat milk').getAttribute('aria-checked')).toBe('true');
    expect(option('Cream').getAttribute('aria-checked')).toBe('true');
    await act(async () => fireEvent.click(option('Cow milk')));
    await act(async () => fireEvent.click(within(picker()).getByRole('button', { name: /Apply/ })));
    expect(screen.queryByTestId('modifier-picker')).toBeNull();
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(screen.getAllByTestId('line-modifier').map((row) => row.textContent)).toEqual(['+ Cow milk', '+ Cream · free']);
    expect(screen.getByTestId('line-sum').textContent).toBe('20,000');
  });

  it('adds nothing on Esc, and adds an item without modifier groups straight away', async () => {
    renderSale();
    await act(async () => {});
    await scan('1001');
    await key(picker(), 'Escape');
    expect(screen.queryByTestId('modifier-picker')).toBeNull();
    expect(screen.queryAllByTestId('cart-line')).toEqual([]);
    await scan('1002');
    expect(screen.queryByTestId('modifier-picker')).toBeNull();
    expect(screen.getAllByTestId('cart-line').map((row) => row.textContent)).toEqual(['Water13,0003,000']);
  });
});
