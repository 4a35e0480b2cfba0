// @vitest-environment happy-dom
/**
 * The shift screen against a fake terminal core: opening with keypad-typed cash, refusing bad amounts, cash out with a
 * required reason (F7), the X report printed (F8) with a reprint when the printer fails, and closing (F9) with the
 * short shown as typed, open orders carried over on request and the Z printed; once synced, a shift the office closed
 * too shows both counts and how far they differ, in each language.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../i18n/index.js';
import { createTerminalStore } from '../state/terminal.js';
import { EMPLOYEE, fakeBridge, memoryStorage, ONLINE, renderWith } from '../test-support.js';
import { Shift } from './Shift.js';

const printed = vi.hoisted(() => [] as unknown[]);
vi.mock('../printing.js', () => ({
  printDocument: (request: unknown) => {
    printed.push(request);
    return Promise.resolve({ ok: false, message: 'Printer is off', canReprint: true });
  },
}));

afterEach(() => {
  cleanup();
  printed.length = 0;
});

const SHIFT = { id: 's-1', name: 'Morning', is_closed: false, dt_created: '2026-11-25T08:00:00.000Z', workplace_id: 'wp-1', opening_cash: '50000' };

function report(extra: Record<string, unknown> = {}) {
  return {
    settlement_id: 's-1',
    name: 'Morning',
    workplace_id: 'wp-1',
    is_closed: false,
    opened_at: SHIFT.dt_created,
    closed_at: null,
    sales_count: 3,
    sales_total: '5040',
    refunds_count: 1,
    refunds_total: '1000',
    voided_count: 1,
    discounts_total: '200',
    taxes_total: '240',
    taxes: [{ tax_id: 't-1', name: 'VAT', amount: '240' }],
    by_payment_method: [{ payment_method_id: 'pm-cash', name: 'Cash', kind: 'CASH', sales: '3240', refunds: '1000', tips: '0', payment_count: 2 }],
    opening_cash: '50000',
    cash_sales: '3240',
    cash_refunds: '1000',
    cash_in: '10000',
    cash_out: '3000.5',
    expected_cash: '59239.5',
    cash_moves: [],
    open_orders: 0,
    counted_cash: null,
    over_short: null,
    expected_cash_at_close: null,
    changed_since_close: false,
    cash_counts: [],
    cash_count_difference: null,
    ...extra,
  };
}

async function shown(answers: Record<string, unknown>, language: Language = 'en') {
  const bridge = fakeBridge({ 'terminal.enrollmentStatus': { enrolled: true, scope: { workplaceId: 'wp-1', pointId: 'pt-1' } }, ...answers });
  const rendered = renderWith(bridge, <Shift />, createTerminalStore(bridge, memoryStorage(), language));
  act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
  await act(async () => {});
  return { bridge, ...rendered };
}

const tap = (label: string) => fireEvent.click(screen.getByRole('button', { name: label }));
const bodiesOf = (bridge: { calls: [string, unknown][] }, operation: string) =>
  bridge.calls.filter(([name]) => name === operation).map(([, input]) => input);

describe('the shift screen', () => {
  it('opens a shift at this till with the opening cash typed on the keypad, exactly', async () => {
    const { bridge } = await shown({
      SettlmentController_findLatest: undefined,
      SettlmentController_create: (input: unknown) => ({ id: 's-2', ...(input as { body: object }).body }),
    });
    expect(screen.getByText('No shift is open at this till')).toBeTruthy();
    for (const key of ['5', '0', '00', '0', '.', '5', '0', '9']) tap(key);
    expect((screen.getByRole('textbox', { name: 'Opening cash in the drawer' }) as HTMLInputElement).value).toBe('50000.50');

    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Open shift' })));

    expect(bodiesOf(bridge, 'SettlmentController_create')).toEqual([
      { body: { name: expect.stringMatching(/^Shift /), opening_cash: '50000.5', workplace_id: 'wp-1' } },
    ]);
    // The till's own workplace is asked for its shift.
    expect(bodiesOf(bridge, 'SettlmentController_findLatest')[0]).toEqual({ query: { workplace_id: 'wp-1' } });
  });

  it('refuses an opening cash with three decimals and writes nothing', async () => {
    const { bridge } = await shown({ SettlmentController_findLatest: undefined });
    fireEvent.change(screen.getByRole('textbox', { name: 'Opening cash in the drawer' }), { target: { value: '10.005' } });
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Open shift' })));
    expect(screen.getByText('Enter the cash counted: 0 or more, with at most 2 decimals.')).toBeTruthy();
    expect(bodiesOf(bridge, 'SettlmentController_create')).toEqual([]);
  });

  it('shows the X figures and takes cash out with a reason (F7), refusing it without one', async () => {
    const { bridge } = await shown({
      SettlmentController_findLatest: SHIFT,
      SettlmentController_report: report(),
      SettlmentController_createCashMove: (input: unknown) => ({ id: 'm-1', ...(input as { body: object }).body }),
    });
    expect(screen.getByTestId('expected-cash').textContent).toContain('59,239.50');
    expect(screen.getByText('Sales (3)')).toBeTruthy();

    fireEvent.keyDown(window, { key: 'F7' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount' }), { target: { value: '2,500' } });
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Cash out' })));
    expect(screen.getByText('Say why the cash moves.')).toBeTruthy();
    expect(bodiesOf(bridge, 'SettlmentController_createCashMove')).toEqual([]);

    tap('Takings to the safe');
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Cash out' })));
    expect(bodiesOf(bridge, 'SettlmentController_createCashMove')).toEqual([
      { params: { id: 's-1' }, body: { kind: 'OUT', amount: '2500', reason: 'Takings to the safe' } },
    ]);
    expect(screen.getByText('Recorded.')).toBeTruthy();
  });

  it('prints the X report with F8 and offers to print again when the printer fails', async () => {
    await shown({ SettlmentController_findLatest: SHIFT, SettlmentController_report: report() });
    await act(async () => fireEvent.keyDown(window, { key: 'F8' }));
    expect(printed).toEqual([{ kind: 'shift-report', settlementId: 's-1', final: false }]);
    expect(screen.getByText('The report did not print: Printer is off')).toBeTruthy();
    await act(async () => tap('Print again'));
    expect(printed).toHaveLength(2);
  });

  it('closes with the counted cash, shows the short as it is typed, asks about open orders, and prints the Z', async () => {
    let closed = false;
    const { bridge } = await shown({
      SettlmentController_findLatest: () => (closed ? { ...SHIFT, is_closed: true } : SHIFT),
      SettlmentController_report: () => (closed ? report({ is_closed: true, counted_cash: '59200', over_short: '-39.5' }) : report({ open_orders: 1 })),
      SettlmentController_update: () => {
        closed = true;
        return { ...SHIFT, is_closed: true };
      },
    });
    fireEvent.keyDown(window, { key: 'F9' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Cash counted in the drawer' }), { target: { value: '59200' } });
    expect(screen.getByTestId('live-over-short').textContent).toBe('Short−39.50');

    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Close the shift' })));
    expect(screen.getByText('Choose what happens to the open orders.')).toBeTruthy();
    expect(bodiesOf(bridge, 'SettlmentController_update')).toEqual([]);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Carry them over to the next shift' }));
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Close the shift' })));
    await act(async () => {});

    expect(bodiesOf(bridge, 'SettlmentController_update')).toEqual([
      { params: { id: 's-1' }, body: { is_closed: true, counted_cash: '59200', open_orders: 'carry_over' } },
    ]);
    expect(printed).toEqual([{ kind: 'shift-report', settlementId: 's-1', final: true }]);
    expect(screen.getByText('Z report — the shift is closed')).toBeTruthy();
    expect(screen.getByTestId('over-short').textContent).toContain('−39.50');
    expect(screen.getByRole('form', { name: 'Open shift' })).toBeTruthy();
  });

  /** The service's shift once this till synced: the office closed it with 59 239.50, this till counted 59 200. */
  const closedTwice = report({
    is_closed: true,
    closed_at: '2026-11-25T19:00:00.000Z',
    counted_cash: '59239.5',
    over_short: '0',
    cash_counts: [
      { id: 'c-1', source: 'office', user_id: 'owner', employee_id: null, workplace_id: null, counted_at: '2026-11-25T19:00:00.000Z', counted_cash: '59239.5', over_short: '0' },
      { id: 'c-2', source: 'till', user_id: null, employee_id: 'emp-1', workplace_id: 'wp-1', counted_at: '2026-11-25T19:30:00.000Z', counted_cash: '59200', over_short: '-39.5' },
    ],
    cash_count_difference: '39.5',
  });

  it('shows, once synced, that the office also closed the shift: both counts, where each was made, their over or short and the difference', async () => {
    await shown({ SettlmentController_findLatest: { ...SHIFT, is_closed: true }, SettlmentController_report: closedTwice });

    const counts = screen.getByTestId('shift-counts');
    expect(counts.textContent).toContain('The office also closed this shift and counted the drawer. Both counts are kept.');
    const [office, here] = screen.getAllByTestId('shift-count').map((count) => count.textContent ?? '');
    expect(office).toMatch(/^Counted at the office, .*59,239\.50Exact0$/);
    expect(here).toMatch(/^Counted at this till, .*59,200Short−39\.50$/);
    expect(screen.getByTestId('count-difference').textContent).toBe('Difference between the counts39.50');
    // The shift's one count is not shown a second time beside the list.
    expect(screen.queryByTestId('over-short')).toBeNull();
  });

  it('locks cash in for a role without CASH_MOVES and records it as the manager after their PIN', async () => {
    const { bridge, store } = await shown({
      SettlmentController_findLatest: SHIFT,
      SettlmentController_report: report(),
      'terminal.managerApproval': { managerId: 'mgr-1', managerName: 'Rustam', approvalId: 'ap-1' },
      'terminal.runApproved': { id: 'm-1' },
      'terminal.approvalEnd': { ended: true },
    });
    act(() => store.setState({ employee: { ...EMPLOYEE, rights: [] } }));
    expect(screen.getByRole('button', { name: /Cash in/ }).querySelector('svg.lock-icon')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'F6' });
    expect(screen.getByTestId('locked').textContent).toContain('Cash in and out');
    tap('Manager’s PIN');
    const pin = screen.getByTestId('manager-approval').querySelector('input[name="managerPin"]') as HTMLInputElement;
    fireEvent.change(pin, { target: { value: '7391' } });
    await act(async () => fireEvent.keyDown(pin, { key: 'Enter' }));
    expect(screen.getByTestId('manager-override').textContent).toContain('Approved by Rustam for this entry.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount' }), { target: { value: '1000' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'Change float' } });
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Cash in' })));
    expect(bodiesOf(bridge, 'terminal.runApproved')).toEqual([
      { approvalId: 'ap-1', operation: 'SettlmentController_createCashMove', input: { params: { id: 's-1' }, body: { kind: 'IN', amount: '1000', reason: 'Change float' } } },
    ]);
    expect(bodiesOf(bridge, 'SettlmentController_createCashMove')).toEqual([]);
  });

  it('offers a manager’s PIN when closing is refused for a missing right, and closes as the manager', async () => {
    const { bridge } = await shown({
      SettlmentController_findLatest: SHIFT,
      SettlmentController_report: report(),
      SettlmentController_update: () => {
        throw { statusCode: 403, message: 'Forbidden', code: 'RIGHT_MISSING', right: 'OTHERS_SHIFTS' };
      },
      'terminal.managerApproval': { managerId: 'mgr-1', managerName: 'Rustam', approvalId: 'ap-2' },
      'terminal.runApproved': { id: 's-1' },
    });
    fireEvent.keyDown(window, { key: 'F9' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Cash counted in the drawer' }), { target: { value: '59200' } });
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Close the shift' })));
    expect(screen.getByText('Your role cannot do this: needs “Others’ shifts”.')).toBeTruthy();
    tap('Manager’s PIN');
    const pin = screen.getByTestId('manager-approval').querySelector('input[name="managerPin"]') as HTMLInputElement;
    fireEvent.change(pin, { target: { value: '7391' } });
    await act(async () => fireEvent.keyDown(pin, { key: 'Enter' }));
    expect(bodiesOf(bridge, 'terminal.managerApproval')).toEqual([{ pin: '7391', reason: 'Closing another employee’s shift', hold: 'once' }]);
    expect(bodiesOf(bridge, 'terminal.runApproved')).toEqual([
      { approvalId: 'ap-2', operation: 'SettlmentController_update', input: { params: { id: 's-1' }, body: { is_closed: true, counted_cash: '59200' } } },
    ]);
  });

  it('says the same in Russian and Uzbek', async () => {
    await shown({ SettlmentController_findLatest: { ...SHIFT, is_closed: true }, SettlmentController_report: closedTwice }, 'ru');
    expect(screen.getByTestId('shift-counts').textContent).toContain('Офис тоже закрыл эту смену и пересчитал ящик.');
    expect(screen.getAllByTestId('shift-count')[1]?.textContent).toContain('Пересчитано на этой кассе');
    expect(screen.getByTestId('count-difference').textContent).toContain('Разница между пересчётами');
    cleanup();
    await shown({ SettlmentController_findLatest: { ...SHIFT, is_closed: true }, SettlmentController_report: closedTwice }, 'uz');
    expect(screen.getByTestId('shift-counts').textContent).toContain('Ofis ham bu smenani yopib, tortmani sanadi.');
    expect(screen.getAllByTestId('shift-count')[0]?.textContent).toContain('Ofisda sanalgan');
    expect(screen.getByTestId('count-difference').textContent).toContain('Sanashlar orasidagi farq');
  });
});
