// @vitest-environment happy-dom
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPLOYEE, fakeBridge, ONLINE, renderWith, rpcError, type FakeBridge } from '../test-support.js';
import { Sales } from './Sales.js';
import { ScanCollector } from './sales/use-scanner.js';

// The manager's PIN is the payment engineer's dialog; here a manager approves at once, as its contract says.
vi.mock('../components/ManagerApproval.js', () => ({
  ManagerApproval: ({ reason, onApproved }: { reason: string; onApproved: (approval: { managerId: string }) => void }) => (
    <div role="dialog" data-testid="manager-approval">
      <p>{reason}</p>
      <button type="button" onClick={() => onApproved({ managerId: 'mgr-1' })}>
        approve
      </button>
    </div>
  ),
}));
const printed: unknown[] = [];
vi.mock('../printing.js', () => ({
  printDocument: async (request: unknown) => {
    printed.push(request);
    return { ok: false, message: 'printer is off', canReprint: true };
  },
  reprintLast: async () => ({ ok: true, canReprint: false }),
}));

afterEach(cleanup);
// A loaded machine (two cores shared by many) can take longer than the default second to render a step.
configure({ asyncUtilTimeout: 4000 });

const SHIFT = { id: 'shift-1', name: 'Morning', is_closed: false, dt_created: '2026-11-25T08:00:00.000Z' };
const header = (id: string, number: string, extra: Record<string, unknown> = {}) => ({
  id,
  order_id: number,
  settlement_id: 'shift-1',
  workplace_id: 'wp-1',
  total_sum: '40',
  subtotal: '40',
  total_change: null,
  is_closed: true,
  is_voided: false,
  is_refunded: false,
  is_deleted: false,
  dt_created: `2026-11-25T09:0${number.length}:00.000Z`,
  ...extra,
});
/** Sale A-1: 2 teas (20) and a coffee (20), 25 in cash and 15 on account. */
const SALE = {
  ...header('o-1', 'A-1'),
  items: [
    { id: 'l-tea', item_id: 'tea', quantity: '2', price: '10', subtotal: '20' },
    { id: 'l-coffee', item_id: 'coffee', quantity: '1', price: '20', subtotal: '20' },
  ],
  payments: [
    { payment_type_id: 'pm-cash', paid_sum: '25' },
    { payment_type_id: 'pm-debt', paid_sum: '15' },
  ],
};

function world(): FakeBridge {
  return fakeBridge({
    'terminal.enrollmentStatus': { enrolled: true, scope: { workplaceId: 'wp-1', pointId: 'pt-1' } },
    SettlmentController_findLatest: SHIFT,
    OrderController_findAll: [header('o-1', 'A-1'), header('o-2', 'A-22', { settlement_id: 'old-shift' }), header('o-3', 'A-333', { is_closed: false })],
    OrderRefundController_findAll: [],
    OrderController_findOne: ({ params }: { params: { id: string } }) =>
      params.id === 'o-3' ? { ...header('o-3', 'A-333', { is_closed: false }), items: SALE.items, payments: [] } : { ...SALE, ...header(params.id, params.id === 'o-2' ? 'A-22' : 'A-1') },
    OrderRefundController_findByOrder: [],
    PaymentMethodController_findAll: [
      { id: 'pm-cash', name: 'Cash', kind: 'CASH' },
      { id: 'pm-debt', name: 'On account', kind: 'DEBT' },
    ],
    ItemModifierController_findAllItems: [
      { id: 'tea', name: 'Green tea' },
      { id: 'coffee', name: 'Coffee' },
    ],
    ItemModifierController_findAllModifiers: [],
  });
}

async function shown(bridge: FakeBridge) {
  const rendered = renderWith(bridge, <Sales />);
  act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
  expect((await screen.findByTestId('sales-shift')).textContent).toContain('Morning · opened');
  return rendered;
}

describe('the sales screen', () => {
  it('lists the open shift’s sales newest first, and a scanned receipt code (id or number) opens its sale', async () => {
    const bridge = world();
    await shown(bridge);
    const rows = await screen.findAllByTestId('sale-row');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('A-333'), expect.stringContaining('A-1')]);
    // A receipt of an earlier shift is found by its QR (the order's id), typed into the search box by the scanner.
    fireEvent.change(screen.getByTestId('sales-search'), { target: { value: 'o-2' } });
    fireEvent.keyDown(screen.getByTestId('sales-search'), { key: 'Enter' });
    expect(await screen.findByText('Sale A-22')).toBeTruthy();
    // A code that names no sale says so.
    fireEvent.change(screen.getByTestId('sales-search'), { target: { value: 'NOPE-9' } });
    fireEvent.keyDown(screen.getByTestId('sales-search'), { key: 'Enter' });
    expect(await screen.findByText('No sale has the code NOPE-9.')).toBeTruthy();
  });

  it('shows the till’s shift to a manager who has no workplace of their own', async () => {
    const bridge = world();
    const rendered = renderWith(bridge, <Sales />);
    act(() => rendered.store.setState({ phase: 'app', employee: { ...EMPLOYEE, workplace_id: null }, sync: ONLINE }));
    expect((await screen.findByTestId('sales-shift')).textContent).toContain('Morning · opened');
    expect(await screen.findAllByTestId('sale-row')).toHaveLength(2);
    expect(bridge.calls).toContainEqual(['SettlmentController_findLatest', { query: { workplace_id: 'wp-1' } }]);
  });

  it('a partial refund offers the lines’ worth split over the sale’s methods, asks a manager, commits, then prints', async () => {
    const bridge = world();
    bridge.answer('OrderRefundController_create', (input: { body: Record<string, unknown> }) => ({ id: 'r-1', total_sum: '10', ...input.body }));
    await shown(bridge);
    fireEvent.click((await screen.findAllByTestId('sale-row'))[1]!);
    await screen.findByText('Sale A-1');
    const [tea] = await screen.findAllByTestId('refund-quantity');
    fireEvent.change(tea!, { target: { value: '1' } });
    expect(screen.getByTestId('refund-value').textContent).toBe('To pay back: 10');
    expect(screen.getAllByTestId<HTMLInputElement>('refund-amount').map((input) => input.value)).toEqual(['10', '0']);
    // Too much is said before a manager is asked.
    fireEvent.change(tea!, { target: { value: '3' } });
    fireEvent.keyDown(window, { key: 'F9' });
    expect(await screen.findByText('At most 2 of Green tea can still be returned.')).toBeTruthy();
    expect(screen.queryByTestId('manager-approval')).toBeNull();
    fireEvent.change(tea!, { target: { value: '1' } });
    fireEvent.keyDown(window, { key: 'F9' });
    const dialog = await screen.findByTestId('manager-approval');
    expect(dialog.textContent).toContain('Refund of 10 on sale A-1');
    fireEvent.click(within(dialog).getByText('approve'));
    await waitFor(() => expect(bridge.calls.some(([name]) => name === 'OrderRefundController_create')).toBe(true));
    const [, input] = bridge.calls.find(([name]) => name === 'OrderRefundController_create')!;
    expect(input).toEqual({
      params: { id: 'o-1' },
      body: {
        refund_number: 'A-1-R1',
        manager_id: 'mgr-1',
        settlement_id: 'shift-1',
        workplace_id: 'wp-1',
        lines: [{ order_line_id: 'l-tea', quantity: '1' }],
        payments: [{ payment_type_id: 'pm-cash', amount: '10' }],
      },
    });
    expect(await screen.findByText('The slip did not print: printer is off')).toBeTruthy();
    expect(printed).toContainEqual({ kind: 'refund', refundId: 'r-1' });
  });

  it('returning everything takes the rest, cash first then the client’s debt, and a refusal from the terminal is shown', async () => {
    const bridge = world();
    bridge.answer('OrderRefundController_create', () => {
      throw rpcError(400, ['lines.0.quantity must be at most 0: 2 sold, 2 refunded already']);
    });
    await shown(bridge);
    fireEvent.click((await screen.findAllByTestId('sale-row'))[1]!);
    fireEvent.click(await screen.findByTestId('refund-all'));
    expect(screen.getAllByTestId<HTMLInputElement>('refund-amount').map((input) => input.value)).toEqual(['25', '15']);
    expect(screen.getByTestId('refund-value').textContent).toBe('To pay back: 40');
    fireEvent.click(screen.getByTestId('refund-button'));
    fireEvent.click(within(await screen.findByTestId('manager-approval')).getByText('approve'));
    expect(await screen.findByText('lines.0.quantity must be at most 0: 2 sold, 2 refunded already')).toBeTruthy();
  });

  it('voids an open order after a manager’s approval, and offers no refund for it', async () => {
    const bridge = world();
    bridge.answer('OrderRefundController_void', (input: unknown) => ({ ...header('o-3', 'A-333'), is_voided: true, input }));
    await shown(bridge);
    fireEvent.click((await screen.findAllByTestId('sale-row'))[0]!);
    await screen.findByText('Sale A-333');
    // The order itself is loaded (not only its heading from the list) once its void button shows: then F8 voids it.
    await screen.findByTestId('void-button');
    expect(screen.queryByTestId('refund-button')).toBeNull();
    fireEvent.keyDown(window, { key: 'F8' });
    fireEvent.click(within(await screen.findByTestId('manager-approval')).getByText('approve'));
    await screen.findByText('Order A-333 is voided.');
    expect(bridge.calls.find(([name]) => name === 'OrderRefundController_void')?.[1]).toEqual({
      params: { id: 'o-3' },
      body: { manager_id: 'mgr-1', settlement_id: 'shift-1' },
    });
  });
});

describe('the receipt scanner', () => {
  it('takes a fast burst ending in Enter as a scan, and leaves a person’s typing alone', () => {
    const scanner = new ScanCollector(50, 4);
    const at = (start: number, text: string, gap: number) => [...text, 'Enter'].map((key, index) => scanner.key(key, start + index * gap));
    expect(at(1000, 'A-1042', 10).at(-1)).toBe('A-1042');
    expect(at(5000, 'A-1042', 200).at(-1)).toBeUndefined();
    expect(at(9000, 'A1', 10).at(-1)).toBeUndefined();
  });
});
