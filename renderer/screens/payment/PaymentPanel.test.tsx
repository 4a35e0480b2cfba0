// @vitest-environment happy-dom
/**
 * The payment step as a cashier uses it: cash with change, a split with a card, a sale on account with a signature
 * and a manager's approval over the limit, one create per sale, printing after it, and print problems that never
 * hold the next sale.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPLOYEE, fakeBridge, ONLINE, renderWith, rpcError } from '../../test-support.js';
import type { SaleDraft } from '../sale/sale-draft.js';
import { PaymentPanel } from './PaymentPanel.js';

const printing = vi.hoisted(() => ({
  printDocument: vi.fn(async (_request: unknown) => ({ ok: true, canReprint: true }) as { ok: boolean; canReprint: boolean; message?: string }),
  reprintLast: vi.fn(async () => ({ ok: true, canReprint: true })),
  previewDocument: vi.fn(async () => []),
}));
vi.mock('../../printing.js', () => printing);

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
  printing.printDocument.mockClear();
  printing.reprintLast.mockClear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const METHODS = [
  { id: 'pm-debt', name: 'Nasiya', kind: 'DEBT', is_deleted: false },
  { id: 'pm-card', name: 'Uzcard', kind: 'CARD', is_deleted: false },
  { id: 'pm-cash', name: 'Naqd', kind: 'CASH', is_deleted: false },
  { id: 'pm-old', name: 'Old', kind: 'CASH', is_deleted: true },
];
const DEVICES = [
  { id: 'dev-2', name: 'Humo POS Kassa 2', is_deleted: false },
  { id: 'dev-1', name: 'Humo POS Kassa 1', is_deleted: false },
];

const draft = (client: SaleDraft['client'] = null): SaleDraft => ({
  order: {
    order_id: 'K1-0042',
    automated_point_id: 'pt-1',
    workplace_id: 'wp-1',
    items: [{ item_id: 'i-1', quantity: '3', price: '12500.5', subtotal: '37501.5' }],
    subtotal: '37501.5',
    total_sum: '37501.5',
    ...(client ? { client_id: client.id } : {}),
  } as SaleDraft['order'],
  due: '37501.5',
  client,
});

async function shown(
  options: { client?: SaleDraft['client']; shift?: boolean; create?: unknown; online?: boolean; methods?: unknown; copyDetectedAt?: string } = {},
) {
  const bridge = fakeBridge({
    PaymentMethodController_findAll: options.methods ?? METHODS,
    BusinessController_findAllPaymentDevices: DEVICES,
    'terminal.enrollmentStatus': { enrolled: true, till: 'Kassa 1' },
    SettlmentController_findLatest: options.shift === false ? { id: 's-0', name: 'old', is_closed: true, dt_created: '' } : { id: 'shift-7', name: 'Shift 7', is_closed: false, dt_created: '2026-11-25T08:00:00Z' },
    ClientController_findOne: { id: 'c-1', full_name: 'Dilnoza Yusupova', credit_limit: '100000' },
    ClientDebtController_findAllDebts: [{ id: 'd-1', client_id: 'c-1', debt_amount: '80000', is_deleted: false }],
    OrderController_create: options.create ?? ((input: { body: { guid: string } }) => ({ id: 'order-1', guid: input.body.guid })),
    'terminal.managerApproval': (input: { pin: string }) => {
      if (input.pin === '7391') return { managerId: 'mgr-1', managerName: 'Rustam' };
      throw rpcError(input.pin === '5172' ? 403 : 401, 'no');
    },
  });
  const onPaid = vi.fn();
  const onBack = vi.fn();
  const rendered = renderWith(bridge, <PaymentPanel draft={draft(options.client ?? null)} onPaid={onPaid} onBack={onBack} />);
  act(() =>
    rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: { ...ONLINE, online: options.online ?? true, copyDetectedAt: options.copyDetectedAt ?? null } }),
  );
  await act(async () => {});
  return { bridge, onPaid, onBack, ...rendered };
}

const amountField = () => screen.getByRole('textbox', { name: /Cash received|Amount/ }) as HTMLInputElement;
const type = (text: string) => fireEvent.change(amountField(), { target: { value: text } });
const press = async (key: string) => {
  await act(async () => {
    fireEvent.keyDown(window, { key });
  });
  await act(async () => {});
};
const creates = (bridge: { calls: [string, unknown][] }) => bridge.calls.filter(([name]) => name === 'OrderController_create').map(([, input]) => (input as { body: Record<string, unknown> }).body);

describe('the payment step', () => {
  it('shows the amount again in the language switched to, so ru and uz never read 37,501.50 as 37.5015', async () => {
    const { bridge, store } = await shown();
    // Its label is in the language on screen too: found by its place, not its name.
    const field = () => document.querySelector('input.tender-amount') as HTMLInputElement;
    expect(field().value).toBe('37,501.50');
    act(() => store.setState({ language: 'ru' }));
    expect(field().value.replace(/\s/g, ' ')).toBe('37 501,50');
    act(() => store.setState({ language: 'uz' }));
    expect(field().value.replace(/\s/g, ' ')).toBe('37 501,50');
    act(() => store.setState({ language: 'en' }));
    type('50000');
    act(() => store.setState({ language: 'ru' }));
    expect(field().value.replace(/\s/g, ' ')).toBe('50 000');
    await press('Enter');
    // 50 000 received read as 50 000 (not 50): the sale keeps its 37 501.50, the change is 12 498.50.
    expect(creates(bridge)[0]).toMatchObject({ total_paid: '37501.5', total_change: '12498.5' });
  });

  it('shows the change for cash received, large, and Enter completes the sale with one create, then prints and opens the drawer', async () => {
    const { bridge, onPaid } = await shown();
    expect(screen.getByTestId('due').textContent).toBe('37,501.50');
    expect(amountField().value).toBe('37,501.50');
    type('50000');
    expect(screen.getByTestId('change').textContent).toBe('12,498.50');
    await press('Enter');
    expect(creates(bridge)).toEqual([
      expect.objectContaining({
        order_id: 'K1-0042',
        guid: expect.any(String),
        payments: [{ payment_type_id: 'pm-cash', paid_sum: '37501.5', settlement_id: 'shift-7' }],
        total_paid: '37501.5',
        total_change: '12498.5',
        settlement_id: 'shift-7',
        is_closed: true,
      }),
    ]);
    expect(printing.printDocument.mock.calls).toEqual([[{ kind: 'sale', orderId: 'order-1', openDrawer: true }]]);
    expect(onPaid).toHaveBeenCalledWith('order-1', expect.objectContaining({ orderId: 'order-1' }));
  });

  it('adds banknotes to the cash received, replacing the prefilled amount first', async () => {
    await shown();
    fireEvent.click(screen.getByRole('button', { name: '20,000' }));
    fireEvent.click(screen.getByRole('button', { name: '20,000' }));
    fireEvent.click(screen.getByRole('button', { name: '1,000' }));
    expect(amountField().value).toBe('41,000');
    expect(screen.getByTestId('change').textContent).toBe('3,498.50');
  });

  it('goes back on Esc and writes nothing', async () => {
    const { bridge, onBack } = await shown();
    await press('Escape');
    expect(onBack).toHaveBeenCalled();
    expect(creates(bridge)).toEqual([]);
  });

  it('splits across a card (its terminal, named like the till, recorded) and cash, completing when the rest is paid', async () => {
    const { bridge, onPaid } = await shown();
    fireEvent.click(screen.getByRole('radio', { name: 'Uzcard' }));
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('dev-1');
    type('10000');
    await press('Enter');
    expect(creates(bridge)).toEqual([]);
    expect(screen.getByTestId('remaining').textContent).toBe('27,501.50');
    fireEvent.click(screen.getByRole('radio', { name: 'Naqd' }));
    expect(amountField().value).toBe('27,501.50');
    await press('Enter');
    expect(creates(bridge)[0]?.payments).toEqual([
      { payment_type_id: 'pm-card', paid_sum: '10000', settlement_id: 'shift-7', payment_device_id: 'dev-1' },
      { payment_type_id: 'pm-cash', paid_sum: '27501.5', settlement_id: 'shift-7' },
    ]);
    expect(onPaid).toHaveBeenCalledWith('order-1', expect.objectContaining({ orderId: 'order-1' }));
  });

  it('refuses a card amount above what remains (a card gives no change)', async () => {
    const { bridge } = await shown();
    fireEvent.click(screen.getByRole('radio', { name: 'Uzcard' }));
    type('40000');
    await press('Enter');
    expect(screen.getAllByText('Only cash gives change: lower the card or on-account amount.').length).toBeGreaterThan(0);
    expect(creates(bridge)).toEqual([]);
  });

  it('puts a sale on account with the client’s signature, asking a manager over the credit limit, and prints the credit slip', async () => {
    const { bridge, onPaid } = await shown({ client: { id: 'c-1', name: 'Dilnoza' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Nasiya' }));
    expect(screen.getByText('Dilnoza Yusupova')).toBeTruthy();
    expect(screen.getByTestId('owes-after').textContent).toBe('117,501.50');
    await press('Enter');
    expect(screen.getByText('The client must sign for a sale on account.')).toBeTruthy();
    const pad = screen.getByRole('img', { name: 'Client’s signature' });
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerUp(pad, { clientX: 40, clientY: 30, pointerId: 1 });
    await press('Enter');
    // Over the limit of 100 000: the manager's PIN, a cashier's refused first.
    const dialog = screen.getByTestId('manager-approval');
    expect(dialog.textContent).toContain('117,501.50');
    const pin = dialog.querySelector('input[name="managerPin"]') as HTMLInputElement;
    fireEvent.change(pin, { target: { value: '5172' } });
    await act(async () => {
      fireEvent.keyDown(pin, { key: 'Enter' });
    });
    expect(dialog.querySelector('[role="alert"]')?.textContent).toContain('not a manager’s');
    fireEvent.change(pin, { target: { value: '7391' } });
    await act(async () => {
      fireEvent.keyDown(pin, { key: 'Enter' });
    });
    expect(screen.queryByTestId('manager-approval')).toBeNull();
    expect(screen.getByText('Over the limit, approved by Rustam.')).toBeTruthy();
    expect(creates(bridge)).toEqual([]);
    await press('Enter');
    expect(creates(bridge)[0]).toMatchObject({
      client_id: 'c-1',
      payments: [{ payment_type_id: 'pm-debt', paid_sum: '37501.5', signature_url: PNG, credit_approved_by: 'mgr-1', settlement_id: 'shift-7' }],
    });
    expect(printing.printDocument.mock.calls).toEqual([
      [{ kind: 'sale', orderId: 'order-1', openDrawer: false }],
      [{ kind: 'credit-slip', orderId: 'order-1' }],
    ]);
    expect(onPaid).toHaveBeenCalledWith('order-1', expect.objectContaining({ orderId: 'order-1' }));
  });

  it('asks the manager again when more is put on account than was approved', async () => {
    const { bridge } = await shown({ client: { id: 'c-1', name: 'Dilnoza' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Nasiya' }));
    const pad = screen.getByRole('img', { name: 'Client’s signature' });
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerUp(pad, { clientX: 40, clientY: 30, pointerId: 1 });
    type('30000');
    fireEvent.click(screen.getByRole('button', { name: 'Ask a manager' }));
    const dialog = screen.getByTestId('manager-approval');
    const pin = dialog.querySelector('input[name="managerPin"]') as HTMLInputElement;
    fireEvent.change(pin, { target: { value: '7391' } });
    await act(async () => {
      fireEvent.keyDown(pin, { key: 'Enter' });
    });
    expect(screen.getByText('Over the limit, approved by Rustam.')).toBeTruthy();
    type('37501.5');
    expect(screen.queryByText('Over the limit, approved by Rustam.')).toBeNull();
    await press('Enter');
    expect(screen.getByTestId('manager-approval')).toBeTruthy();
    expect(creates(bridge)).toEqual([]);
  });

  it('says offline that the balance may lack other tills’ sales, and still sells', async () => {
    await shown({ client: { id: 'c-1', name: 'Dilnoza' }, online: false });
    fireEvent.click(screen.getByRole('radio', { name: 'Nasiya' }));
    expect(screen.getByText(/Offline: sales at other tills/)).toBeTruthy();
  });

  it('needs a client for a sale on account', async () => {
    const { bridge } = await shown();
    fireEvent.click(screen.getByRole('radio', { name: 'Nasiya' }));
    expect(screen.getAllByText(/needs a client/).length).toBeGreaterThan(0);
    await press('Enter');
    expect(creates(bridge)).toEqual([]);
  });

  it('keeps an Enter pressed while the payment is still loading, and completes the sale once it is ready', async () => {
    let ready: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => (ready = resolve));
    const { bridge, onPaid } = await shown({ methods: () => loaded.then(() => METHODS) });
    await press('Enter');
    expect(creates(bridge)).toEqual([]);
    await act(async () => ready());
    await act(async () => {});
    expect(creates(bridge)).toHaveLength(1);
    expect(onPaid).toHaveBeenCalledWith('order-1', expect.objectContaining({ orderId: 'order-1' }));
  });

  it('completes the sale at the commit, handing over the change and the printing still under way (a problem is the next screen’s to show)', async () => {
    let finish: (result: { ok: boolean; message?: string; canReprint: boolean }) => void = () => undefined;
    printing.printDocument.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    const { onPaid } = await shown();
    type('50000');
    await press('Enter');
    // Not waiting for the printer: the next sale is ready while the receipt still prints.
    expect(onPaid).toHaveBeenCalledWith('order-1', expect.objectContaining({ orderId: 'order-1', change: 1249850n }));
    const sale = onPaid.mock.calls[0]![1] as { printing: Promise<{ ok: boolean; message?: string }> };
    finish({ ok: false, message: 'The printer is out of paper', canReprint: true });
    await expect(sale.printing).resolves.toEqual({ ok: false, message: 'The printer is out of paper', canReprint: true });
  });

  it('keeps the cashier on the payment when the commit fails, and a retry sends the same sale (same guid)', async () => {
    let attempts = 0;
    const { bridge, onPaid } = await shown({
      create: (input: { body: { guid: string } }) => {
        attempts += 1;
        if (attempts === 1) throw rpcError(400, ['items.0.item_id must be an existing item or modifier']);
        return { id: 'order-9', guid: input.body.guid };
      },
    });
    await press('Enter');
    expect(screen.getByText('items.0.item_id must be an existing item or modifier')).toBeTruthy();
    expect(onPaid).not.toHaveBeenCalled();
    // The payment taken stays, the entry is cleared: no change is shown for cash that was never handed over twice.
    expect(amountField().value).toBe('');
    expect(screen.queryByTestId('change')?.textContent ?? '0').toBe('0');
    await press('Enter');
    const [first, second] = creates(bridge);
    expect(second?.guid).toBe(first?.guid);
    expect(second?.payments).toEqual(first?.payments);
    expect(onPaid).toHaveBeenCalledWith('order-9', expect.objectContaining({ orderId: 'order-9' }));
  });

  it('says a sale on a copy of another till was refused because the till is a copy, in the language on screen', async () => {
    const refusal = 'This till is a copy of another till (its data was copied from another computer or folder): it takes no new operations.';
    const { onPaid, store } = await shown({
      copyDetectedAt: '2026-11-28T09:00:00.000Z',
      create: () => {
        throw rpcError(409, refusal);
      },
    });
    await press('Enter');
    expect(screen.getByRole('alert').textContent).toBe('This till is a copy of another till: it takes no new sales or changes. Connect it as a new till.');
    expect(onPaid).not.toHaveBeenCalled();
    // Said again in the language switched to.
    act(() => store.setState({ language: 'ru' }));
    expect(screen.getByRole('alert').textContent).toBe('Эта касса — копия другой кассы: она не принимает новых продаж и изменений. Подключите её как новую кассу.');
    act(() => store.setState({ language: 'uz' }));
    expect(screen.getByRole('alert').textContent).toBe('Bu kassa boshqa kassaning nusxasi: u yangi savdo va o‘zgarishlarni qabul qilmaydi. Uni yangi kassa sifatida ulang.');
  });

  it('refuses to sell without an open shift', async () => {
    const { bridge, onPaid } = await shown({ shift: false });
    await press('Enter');
    expect(screen.getAllByText('No shift is open at this till. Open a shift first.').length).toBeGreaterThan(0);
    expect(creates(bridge)).toEqual([]);
    expect(onPaid).not.toHaveBeenCalled();
  });
});
