// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPLOYEE, fakeBridge, ONLINE, renderWith, rpcError } from '../test-support.js';
import { AppFrame } from './AppFrame.js';

afterEach(cleanup);

function signedIn(sync = ONLINE, answers: Record<string, unknown> = {}) {
  const bridge = fakeBridge({
    ClientController_findAll: [],
    ClientDebtController_findAllDebts: [],
    BusinessController_findAllWorkplaces: [],
    BusinessController_findAllPoints: [],
    ReceiptController_findAll: [],
    SupplierController_findAll: [],
    WarehouseController_findAll: [],
    MeasurementController_findAllMeasurements: [],
    ItemModifierController_findAllItems: [],
    ItemModifierController_findAllModifierGroups: [],
    ItemModifierController_findAllModifiers: [],
    FinanceController_findAllTaxFees: [],
    FinanceController_findAllDiscounts: [],
    StockQuantityController_findAll: [],
    'terminal.inboxList': [],
    ItemModifierController_findAllItemGroups: [],
    BaseConfigController_findAll: [],
    SettlmentController_findLatest: null,
    ...answers,
  });
  const rendered = renderWith(bridge, <AppFrame />);
  act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync }));
  return { bridge, ...rendered };
}

describe('the app frame', () => {
  it('always shows the sync status: online, all sent, the last sync', () => {
    signedIn();
    const status = screen.getByTestId('sync-status');
    expect(status.dataset.online).toBe('true');
    expect(screen.getByTestId('sync-online').textContent).toBe('Online');
    expect(screen.getByTestId('sync-pending').textContent).toBe('All sent');
    expect(screen.getByTestId('sync-last').textContent).toMatch(/^Last sync \d\d:\d\d:\d\d$/);
  });

  it('follows sync-status events: offline, operations waiting, operations needing attention', () => {
    const { bridge } = signedIn();
    act(() =>
      bridge.emit('sync-status', { ...ONLINE, online: false, pendingOperations: 3, needsAttention: 2, lastError: 'offline' }),
    );
    expect(screen.getByTestId('sync-online').textContent).toBe('Offline');
    expect(screen.getByTestId('sync-pending').textContent).toBe('3 to send');
    expect(screen.getByTestId('sync-attention').textContent).toBe('2 need attention');
  });

  it('lets the cashier sign out while operations wait to be sent, saying they stay with the till', async () => {
    const { store } = signedIn({ ...ONLINE, online: false, pendingOperations: 2 }, { 'terminal.signOut': { employee: null } });
    const signOut = screen.getByRole('button', { name: 'Sign out' }) as HTMLButtonElement;
    expect(signOut.disabled).toBe(false);
    expect(screen.getByTestId('waiting-notice').textContent).toBe('2 operations wait to be sent. They stay with this till and are sent after sign-out too.');
    await act(async () => fireEvent.click(signOut));
    expect(store.getState()).toMatchObject({ phase: 'login', employee: null });
  });

  it('shows the core’s refusal when sign-out fails', async () => {
    signedIn(ONLINE, {
      'terminal.signOut': () => {
        throw rpcError(503, 'The connection to the terminal was lost');
      },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out' })));
    expect(screen.getByRole('alert').textContent).toBe('The connection to the terminal was lost');
  });

  it('opens on the sale screen and moves between the screens with F1–F8 and the attention button', async () => {
    const { bridge } = signedIn({ ...ONLINE, needsAttention: 1 });
    await act(async () => {});
    expect(screen.getByRole('heading', { name: 'Sale', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Sale/, current: 'page' })).toBeTruthy();
    // No shift is open: the sale screen says so and offers the Shift screen.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go to Shift' })));
    expect(screen.getByTestId('shift-screen')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Shift/, current: 'page' })).toBeTruthy();
    await act(async () => fireEvent.keyDown(window, { key: 'F2' }));
    expect(screen.getByTestId('sales-screen')).toBeTruthy();
    const screens: [string, string][] = [
      ['F4', 'Goods receipts'],
      ['F5', 'Modifier groups'],
      ['F6', 'Client debts'],
      ['F7', 'Stock'],
      ['F8', 'Needs attention'],
      ['F1', 'Sale'],
    ];
    for (const [key, heading] of screens) {
      await act(async () => fireEvent.keyDown(window, { key }));
      expect(screen.getByRole('heading', { name: heading, level: 1 })).toBeTruthy();
      expect(screen.getByRole('button', { name: new RegExp(`^${heading}`), current: 'page' })).toBeTruthy();
    }
    await act(async () => fireEvent.click(screen.getByTestId('sync-attention')));
    expect(screen.getByRole('heading', { name: 'Needs attention' })).toBeTruthy();
    // Each button shows its key; its accessible name stays the screen's name.
    expect(screen.getByRole('button', { name: 'Stock' }).textContent).toBe('F7Stock');
    expect(bridge.calls.map(([operation]) => operation)).toContain('terminal.inboxList');
  });

  it('asks before F5, a tab or sign-out throws away a half-filled receipt: staying keeps it, confirming leaves', async () => {
    signedIn();
    await act(async () => {});
    await act(async () => fireEvent.keyDown(window, { key: 'F4' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'New receipt' })));
    const note = screen.getByLabelText('Note') as HTMLInputElement;
    fireEvent.change(note, { target: { value: 'Half done' } });
    await act(async () => fireEvent.keyDown(window, { key: 'F5' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('This screen has unsaved changes. Leave and discard them?');
    expect(screen.queryByRole('heading', { name: 'Modifier groups', level: 1 })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('Half done');
    // The tab button and Escape: asked again, Escape stays.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stock' })));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await act(async () => fireEvent.keyDown(window, { key: 'Escape' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('Half done');
    // Sign-out asks too.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out' })));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })));
    await act(async () => fireEvent.keyDown(window, { key: 'F5' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave without saving' })));
    expect(screen.getByRole('heading', { name: 'Modifier groups', level: 1 })).toBeTruthy();
    // Back on receipts, the unsaved receipt is gone and nothing asks any more.
    await act(async () => fireEvent.keyDown(window, { key: 'F4' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Goods receipts', level: 1 })).toBeTruthy();
    expect(screen.queryByLabelText('Note')).toBeNull();
  });

  it('leaves a screen without asking when nothing is unsaved', async () => {
    signedIn();
    await act(async () => {});
    await act(async () => fireEvent.keyDown(window, { key: 'F4' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'New receipt' })));
    await act(async () => fireEvent.keyDown(window, { key: 'F6' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Client debts', level: 1 })).toBeTruthy();
  });

  it('leaves an F-key to the screen that took it first (Shift’s F8 prints the X report, it does not open Needs attention)', async () => {
    signedIn();
    await act(async () => {});
    await act(async () => fireEvent.keyDown(window, { key: 'F6' }));
    const screenKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') event.preventDefault();
    };
    window.addEventListener('keydown', screenKey, true);
    try {
      await act(async () => fireEvent.keyDown(window, { key: 'F8' }));
      expect(screen.getByRole('heading', { name: 'Client debts', level: 1 })).toBeTruthy();
    } finally {
      window.removeEventListener('keydown', screenKey, true);
    }
    await act(async () => fireEvent.keyDown(window, { key: 'F8' }));
    expect(screen.getByRole('heading', { name: 'Needs attention' })).toBeTruthy();
  });

  it('switches language, and remembers it for this employee', () => {
    const { store } = signedIn();
    fireEvent.click(screen.getByRole('button', { name: 'RU' }));
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeTruthy();
    expect(screen.getByTestId('sync-pending').textContent).toBe('Всё отправлено');
    expect(store.getState().language).toBe('ru');
  });
});
