// @vitest-environment happy-dom
/**
 * A sale's detail and printing: a void asks for its slip only after the void is committed, shows the void at once
 * whatever the printer does (the printing is never waited for), and a printer's problem arrives later with a reprint;
 * a refused void prints nothing. "Preview" shows the sale's receipt as the paper would, Esc closing the preview and
 * not the sale.
 */
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrintRequest, PrintResult } from '../../printing.js';
import { EMPLOYEE, fakeBridge, ONLINE, renderWith, rpcError, type FakeBridge } from '../../test-support.js';
import { SaleDetail } from './SaleDetail.js';

vi.mock('../../components/ManagerApproval.js', () => ({
  ManagerApproval: ({ onApproved }: { onApproved: (approval: { managerId: string }) => void }) => (
    <div role="dialog" data-testid="manager-approval">
      <button type="button" onClick={() => onApproved({ managerId: 'mgr-1' })}>
        approve
      </button>
    </div>
  ),
}));

/** Every print request in order, with the bridge calls made before it; each answers when the test says. */
const printing = vi.hoisted(() => ({
  requests: [] as { request: unknown; callsBefore: string[] }[],
  answers: [] as ((result: PrintResult) => void)[],
  callsSoFar: (): string[] => [],
}));
vi.mock('../../printing.js', () => ({
  printDocument: (request: unknown) => {
    printing.requests.push({ request, callsBefore: printing.callsSoFar() });
    return new Promise<PrintResult>((resolve) => printing.answers.push(resolve));
  },
  reprintLast: async () => ({ ok: true, canReprint: true }),
  previewWithWidth: async (request: PrintRequest) => ({
    lines: request.kind === 'sale' ? ['   Chorsu', 'SALE RECEIPT', `Order #          ${request.orderId}`] : ['VOID'],
    columns: 32,
  }),
}));

afterEach(cleanup);
configure({ asyncUtilTimeout: 4000 });

const SHIFT = { id: 'shift-1', name: 'Morning', openedAt: '2026-11-25T08:00:00.000Z' };
const order = (id: string, number: string, closed: boolean) => ({
  id,
  order_id: number,
  settlement_id: 'shift-1',
  workplace_id: 'wp-1',
  total_sum: '40',
  subtotal: '40',
  total_change: null,
  is_closed: closed,
  is_voided: false,
  is_refunded: false,
  is_deleted: false,
  dt_created: '2026-11-25T09:00:00.000Z',
  items: [
    { id: 'l-tea', item_id: 'tea', quantity: '2', price: '10', subtotal: '20' },
    { id: 'l-coffee', item_id: 'coffee', quantity: '1', price: '20', subtotal: '20' },
  ],
  payments: closed ? [{ payment_type_id: 'pm-cash', paid_sum: '40' }] : [],
});

function world(): FakeBridge {
  const bridge = fakeBridge({
    'terminal.enrollmentStatus': { enrolled: true, scope: { workplaceId: 'wp-1', pointId: 'pt-1' } },
    OrderController_findOne: ({ params }: { params: { id: string } }) => (params.id === 'open-1' ? order('open-1', 'A-7', false) : order('sale-1', 'A-1', true)),
    OrderRefundController_findByOrder: [],
    PaymentMethodController_findAll: [{ id: 'pm-cash', name: 'Cash', kind: 'CASH' }],
    ItemModifierController_findAllItems: [
      { id: 'tea', name: 'Green tea' },
      { id: 'coffee', name: 'Coffee' },
    ],
    ItemModifierController_findAllModifiers: [],
  });
  printing.callsSoFar = () => bridge.calls.map(([name]) => name);
  return bridge;
}

function show(bridge: FakeBridge, saleId: string, onBack = vi.fn()) {
  const rendered = renderWith(bridge, <SaleDetail saleId={saleId} shift={SHIFT} workplaceId="wp-1" onChanged={() => {}} onBack={onBack} />);
  act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
  return rendered;
}

beforeEach(() => {
  printing.requests.length = 0;
  printing.answers.length = 0;
});

describe('voiding and printing a sale’s detail', () => {
  it('asks for the void slip only after the void is committed, shows the void at once, and the printer’s problem when it comes', async () => {
    const bridge = world();
    bridge.answer('OrderRefundController_void', () => ({ ...order('open-1', 'A-7', false), is_voided: true }));
    show(bridge, 'open-1');
    await screen.findByText('Sale A-7');
    fireEvent.change(screen.getByLabelText('Reason (optional)'), { target: { value: '  wrong table ' } });
    fireEvent.keyDown(window, { key: 'F8' });
    fireEvent.click(within(await screen.findByTestId('manager-approval')).getByText('approve'));

    // The void is on screen while its slip is still printing: nothing waits for the printer.
    expect((await screen.findByTestId('sale-outcome')).textContent).toContain('Order A-7 is voided.');
    await waitFor(() => expect(printing.requests).toHaveLength(1));
    expect(printing.requests[0]!.request).toEqual({ kind: 'void', orderId: 'open-1', managerId: 'mgr-1', reason: 'wrong table' });
    expect(printing.requests[0]!.callsBefore).toContain('OrderRefundController_void');
    expect(bridge.calls.find(([name]) => name === 'OrderRefundController_void')?.[1]).toEqual({
      params: { id: 'open-1' },
      body: { manager_id: 'mgr-1', settlement_id: 'shift-1', reason: 'wrong table' },
    });
    expect(screen.queryByText(/did not print/)).toBeNull();

    await act(async () => printing.answers[0]!({ ok: false, message: 'Printer “Kassa” is out of paper', canReprint: true }));
    expect(screen.getByTestId('sale-outcome').textContent).toContain('The slip did not print: Printer “Kassa” is out of paper');
    expect(within(screen.getByTestId('sale-outcome')).getByRole('button', { name: 'Print again' })).toBeTruthy();
  });

  it('prints nothing for a void the till refused, and says why', async () => {
    const bridge = world();
    bridge.answer('OrderRefundController_void', () => {
      throw rpcError(409, 'Order A-7 is closed: refund it instead of voiding it');
    });
    show(bridge, 'open-1');
    await screen.findByText('Sale A-7');
    fireEvent.click(screen.getByTestId('void-button'));
    fireEvent.click(within(await screen.findByTestId('manager-approval')).getByText('approve'));
    expect(await screen.findByText('Order A-7 is closed: refund it instead of voiding it')).toBeTruthy();
    expect(printing.requests).toEqual([]);
  });

  it('previews a closed sale’s receipt at the paper’s width; Esc closes the preview, not the sale, and Print prints it without the drawer', async () => {
    const bridge = world();
    const onBack = vi.fn();
    show(bridge, 'sale-1', onBack);
    await screen.findByText('Sale A-1');
    screen.getByTestId('sale-preview').focus();
    fireEvent.click(screen.getByTestId('sale-preview'));
    const paper = await screen.findByTestId('print-preview-lines');
    expect(paper.textContent).toContain('SALE RECEIPT');
    expect(paper.className).toContain('print-paper-58');
    expect(document.activeElement).toBe(screen.getByTestId('print-preview-close'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByTestId('print-preview')).toBeNull();
    expect(onBack).not.toHaveBeenCalled();
    // Focus went back to the Preview button; the Print of the preview prints the receipt, no drawer.
    expect(document.activeElement).toBe(screen.getByTestId('sale-preview'));
    fireEvent.click(screen.getByTestId('sale-preview'));
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(printing.requests.map((entry) => entry.request)).toEqual([{ kind: 'sale', orderId: 'sale-1', openDrawer: false }]);
    expect(screen.queryByTestId('print-preview')).toBeNull();
    // Esc with no preview open goes back to the list, as before.
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
