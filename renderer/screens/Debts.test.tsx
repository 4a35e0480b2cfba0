// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPLOYEE, fakeBridge, ONLINE, renderWith } from '../test-support.js';
import { clientBalances, Debts, pointOf } from './Debts.js';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

beforeEach(() => {
  // happy-dom draws nothing; the pad hands back what a browser would.
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const CLIENTS = [
  { id: 'c-1', full_name: 'Dilnoza Yusupova', phone_number: '+998 90 123 45 67' },
  { id: 'c-2', full_name: 'Bekzod Aliyev', phone_number: '+998 91 555 00 11' },
];
const DEBTS = [{ id: 'd-1', client_id: 'c-1', debt_amount: '0.1', is_deleted: false }];
const entry = (id: string, client: string, amount: string, kind: string, extra: Record<string, unknown> = {}) => ({
  id,
  client_id: client,
  debt_amount: amount,
  kind,
  signature_url: null,
  dt_created: '2026-03-01T09:00:00.000Z',
  ...extra,
});
const HISTORY = [entry('t-1', 'c-1', '0.1', 'opening'), entry('t-2', 'c-2', '7', 'transaction')];

const METHODS = [
  { id: 'pm-card', name: 'Uzcard', kind: 'CARD', is_deleted: false },
  { id: 'pm-debt', name: 'On account', kind: 'DEBT', is_deleted: false },
  { id: 'pm-cash', name: 'Naqd', kind: 'CASH', is_deleted: false },
];

async function shown(history: unknown[] = HISTORY) {
  const bridge = fakeBridge({
    PaymentMethodController_findAll: METHODS,
    ClientController_findAll: CLIENTS,
    ClientDebtController_findAllDebts: DEBTS,
    BusinessController_findAllWorkplaces: [{ id: 'wp-1', automated_point_id: 'pt-1' }],
    ClientDebtController_findAllTransactions: history,
    ClientDebtController_createTransaction: (input: unknown) => ({ id: 't-3', ...(input as { body: object }).body }),
  });
  const rendered = renderWith(bridge, <Debts />);
  act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
  await act(async () => {});
  return { bridge, ...rendered };
}

function sign() {
  const pad = screen.getByRole('img', { name: 'Client’s signature' });
  fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1 });
  fireEvent.pointerMove(pad, { clientX: 40, clientY: 30, pointerId: 1 });
  fireEvent.pointerUp(pad, { clientX: 40, clientY: 30, pointerId: 1 });
}

describe('client debts', () => {
  it('lists clients with their balances and finds them by phone or name', async () => {
    await shown();
    const list = screen.getByTestId('client-list');
    expect(
      within(list)
        .getAllByRole('button')
        .map((row) => row.textContent),
    ).toEqual(['Bekzod Aliyev+998 91 555 00 110', 'Dilnoza Yusupova+998 90 123 45 670.10']);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '90-123' } });
    await act(async () => {});
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'bekzod' } });
    await act(async () => {});
    expect(within(list).getByRole('button').textContent).toContain('Bekzod Aliyev');
  });

  it('moves from the client search into the list with ↓ and opens a client with Enter', async () => {
    await shown();
    const search = screen.getByLabelText('Search');
    search.focus();
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('Bekzod Aliyev');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('Dilnoza Yusupova');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(document.activeElement).toBe(search);
    expect(screen.getByTestId('key-hints').textContent).toContain('Enter: open the client');
  });

  it('shows the client’s own history', async () => {
    await shown();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Dilnoza/ })));
    const history = screen.getByTestId('debt-history');
    expect(history.querySelectorAll('li')).toHaveLength(1);
    expect(history.textContent).toContain('Opening balance');
  });

  it('records a signed credit sale with the exact amount, the cashier and the till’s point', async () => {
    const { bridge } = await shown();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Dilnoza/ })));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0,2' } });
    // 0.1 + 0.2, exactly.
    expect(screen.getByTestId('balance-after').textContent).toBe('Balance after: 0.30');
    sign();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Record' })));
    expect(bridge.calls).toContainEqual([
      'ClientDebtController_createTransaction',
      { body: { client_id: 'c-1', debt_amount: '0.2', employee_id: 'emp-1', id_automated_point: 'pt-1', signature_url: PNG } },
    ]);
    expect(screen.getByText('Recorded.')).toBeTruthy();
  });

  it('says "Recorded." only once the new balance is on screen, never beside the old one', async () => {
    const { bridge } = await shown();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Dilnoza/ })));
    let release = () => {};
    bridge.answer(
      'ClientDebtController_findAllDebts',
      () => new Promise((resolve) => (release = () => resolve([{ ...DEBTS[0], debt_amount: '5.1' }]))),
    );
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '5' } });
    sign();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Record' })));
    expect(screen.queryByText('Recorded.')).toBeNull();
    expect(screen.getByTestId('selected-balance').textContent).toBe('Balance: 0.10');
    await act(async () => release());
    expect(screen.getByText('Recorded.')).toBeTruthy();
    expect(screen.getByTestId('selected-balance').textContent).toBe('Balance: 5.10');
  });

  it('refuses a credit sale without a signature, and a zero amount', async () => {
    const { bridge } = await shown();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Dilnoza/ })));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '10' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Record' })));
    expect(screen.getByRole('alert').textContent).toBe('A credit sale needs the client’s signature.');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Record' })));
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount greater than zero, with at most 2 decimals.');
    // The amount's problem stands next to the amount, which points at it.
    const amount = screen.getByLabelText('Amount');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(amount.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter an amount greater than zero, with at most 2 decimals.',
    );
    expect(screen.getByRole('alert').previousElementSibling).toBe(amount.closest('label'));
    fireEvent.change(amount, { target: { value: '5' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(bridge.calls.map(([operation]) => operation)).not.toContain('ClientDebtController_createTransaction');
  });

  it('records a repayment as a negative amount with how it was paid (cash first), without needing a signature', async () => {
    const { bridge } = await shown();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Dilnoza/ })));
    fireEvent.click(screen.getByRole('radio', { name: 'Repayment' }));
    const paidBy = screen.getByLabelText('Paid by') as HTMLSelectElement;
    // Only methods that take money, cash first: a DEBT method cannot pay a debt.
    expect([...paidBy.options].map((option) => option.textContent)).toEqual(['Naqd', 'Uzcard']);
    fireEvent.change(paidBy, { target: { value: 'pm-card' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.05' } });
    expect(screen.getByTestId('balance-after').textContent).toBe('Balance after: 0.05');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Record' })));
    expect(bridge.calls).toContainEqual([
      'ClientDebtController_createTransaction',
      { body: { client_id: 'c-1', debt_amount: '-0.05', employee_id: 'emp-1', id_automated_point: 'pt-1', payment_type_id: 'pm-card' } },
    ]);
  });

  it('asks before recording a repayment larger than the debt, and records it only when confirmed', async () => {
    const { bridge } = await shown();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Dilnoza/ })));
    fireEvent.click(screen.getByRole('radio', { name: 'Repayment' }));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.15' } });
    expect(screen.getByTestId('balance-after').textContent).toBe('Balance after: −0.05');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Record' })));
    const dialog = screen.getByRole('alertdialog', { name: 'The repayment is more than the debt' });
    expect(dialog.textContent).toContain('The client owes 0.10. After a repayment of 0.15 the client has 0.05 in credit.');
    const sent = () => bridge.calls.filter(([operation]) => operation === 'ClientDebtController_createTransaction');
    expect(sent()).toHaveLength(0);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent()).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Record' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Record anyway' })));
    expect(sent()).toEqual([
      [
        'ClientDebtController_createTransaction',
        { body: { client_id: 'c-1', debt_amount: '-0.15', employee_id: 'emp-1', id_automated_point: 'pt-1', payment_type_id: 'pm-cash' } },
      ],
    ]);
  });

  it('labels and colours each kind of history entry, with how a repayment was paid', async () => {
    await shown([
      entry('h-1', 'c-1', '100', 'opening'),
      entry('h-2', 'c-1', '50', 'transaction', { signature_url: PNG }),
      entry('h-3', 'c-1', '-30', 'transaction', { payment_type_id: 'pm-card' }),
      entry('h-4', 'c-1', '-20', 'adjustment'),
      entry('h-5', 'c-1', '-100', 'write_off'),
    ]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Dilnoza/ })));
    const rows = [...screen.getByTestId('debt-history').querySelectorAll('li')];
    expect(rows.map((row) => [row.querySelector('.entry-badge')?.textContent, row.getAttribute('data-tone')])).toEqual([
      ['Opening balance', 'owed'],
      ['Credit sale', 'owed'],
      ['Repayment', 'good'],
      ['Adjustment', 'good'],
      ['Write-off', 'good'],
    ]);
    expect(rows[2]?.textContent).toContain('paid by Uzcard');
    expect(rows[1]?.textContent).toContain('signed');
    // The same meaning, the same colour: a balance owed is amber like a sale, never the red of an error.
    expect(screen.getByTestId('selected-balance').className).toContain('tone-owed');
    expect(rows[2]?.querySelector('.amount')?.className).toContain('tone-good');
  });

  it('joins live debt records only, and falls back to the whole business’s point', () => {
    const balances = clientBalances(CLIENTS, [...DEBTS, { id: 'd-2', client_id: 'c-2', debt_amount: '9', is_deleted: true }]);
    expect(balances.map((client) => [client.full_name, client.balance])).toEqual([
      ['Bekzod Aliyev', '0'],
      ['Dilnoza Yusupova', '0.1'],
    ]);
    expect(pointOf({ ...EMPLOYEE, workplace_id: null }, [{ id: 'wp-1', automated_point_id: 'pt-1' }])).toBe('0');
  });
});
