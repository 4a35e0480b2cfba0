// @vitest-environment happy-dom
/**
 * The till's sync states on screen (issue 14, items 1, 5, 8): the four kinds of failure with when each began, in
 * three languages; a till disconnected by the owner listing and exporting its unsent operations, and leading to
 * enrolling again, where a code of another business is refused with the reason.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncStatusPayload, UnsentOperationPayload } from '../../shared/terminal-contract.js';
import { AppFrame } from '../screens/AppFrame.js';
import { Enrollment } from '../screens/Enrollment.js';
import { EMPLOYEE, fakeBridge, ONLINE, renderWith, rpcError } from '../test-support.js';
import { unsentExport } from './Disconnected.js';
import { SyncBar } from './SyncBar.js';

afterEach(cleanup);

const SINCE = '2026-11-25T09:41:07.000Z';
const status = (change: Partial<SyncStatusPayload>): SyncStatusPayload => ({ ...ONLINE, online: false, ...change });
const localTime = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(SINCE));

const UNSENT: UnsentOperationPayload[] = [
  {
    seq: 4,
    epoch: 'e-1',
    mutation_id: '0193aaaa-0000-7000-8000-000000000001',
    name: 'ClientDebtController_createTransaction',
    occurred_at: '2026-11-25T09:30:00.000Z',
    employee_id: 'emp-1',
    params: {},
    args: { client_id: 'c-1', debt_amount: '101' },
    basis: null,
    status: 'sent',
  },
  {
    seq: 5,
    epoch: 'e-1',
    mutation_id: '0193aaaa-0000-7000-8000-000000000002',
    name: 'StockQuantityController_update',
    occurred_at: '2026-11-25T09:35:00.000Z',
    employee_id: 'emp-1',
    params: { id: 's-1' },
    args: { stock_quantity: '12' },
    basis: { value: '10' },
    status: 'pending',
  },
];

describe('the sync bar', () => {
  const cases: [Partial<SyncStatusPayload>, string][] = [
    [{ problem: 'no-network' }, `No network: the service cannot be reached (since ${localTime})`],
    [{ problem: 'not-answering', syncing: true }, `The service is not answering (since ${localTime})`],
    [{ problem: 'credential-refused', problemStatus: 401 }, `Disconnected by the owner (since ${localTime})`],
    [{ problem: 'busy', problemStatus: 503, online: true }, `The service is busy: sending again shortly, nothing is lost (since ${localTime})`],
    [{ problem: 'service-error', problemStatus: 503, online: true }, `Service error 503 (since ${localTime})`],
  ];
  for (const [change, text] of cases) {
    it(`says "${text}" for ${change.problem}, not just online or offline`, () => {
      const { store } = renderWith(fakeBridge(), <SyncBar onOpenInbox={() => undefined} />);
      act(() => store.setState({ language: 'en', sync: status({ ...change, problemSince: SINCE }) }));
      expect(screen.getByTestId('sync-online').textContent).toBe(text);
      expect(screen.getByTestId('sync-status').dataset.problem).toBe(change.problem);
      expect(screen.getByTestId('sync-status').dataset.online).toBe('false');
    });
  }

  it('says each state in Russian and Uzbek too', () => {
    const { store } = renderWith(fakeBridge(), <SyncBar onOpenInbox={() => undefined} />);
    act(() => store.setState({ language: 'ru', sync: status({ problem: 'not-answering', problemSince: SINCE }) }));
    expect(screen.getByTestId('sync-online').textContent).toMatch(/^Сервис не отвечает \(с /);
    act(() => store.setState({ language: 'uz', sync: status({ problem: 'credential-refused', problemSince: SINCE }) }));
    expect(screen.getByTestId('sync-online').textContent).toMatch(/^Egasi tomonidan uzilgan \(/);
    act(() => store.setState({ language: 'ru', sync: status({ problem: 'busy', problemStatus: 503, online: true, problemSince: SINCE }) }));
    expect(screen.getByTestId('sync-online').textContent).toMatch(/^Сервис занят: отправка повторится скоро, ничего не потеряно \(с /);
    act(() => store.setState({ language: 'uz', sync: status({ problem: 'busy', problemStatus: 429, online: true, problemSince: SINCE }) }));
    expect(screen.getByTestId('sync-online').textContent).toMatch(/^Xizmat band: /);
  });
});

describe('warnings in the sync bar', () => {
  it('counts the operations applied with warnings not yet seen, in each language, and leads to them', () => {
    let opened = 0;
    const { store } = renderWith(fakeBridge(), <SyncBar onOpenInbox={() => (opened += 1)} />);
    act(() => store.setState({ language: 'en', sync: status({ online: true }) }));
    expect(screen.queryByTestId('sync-warnings')).toBeNull();
    act(() => store.setState({ sync: status({ online: true, openWarnings: 1 }) }));
    expect(screen.getByTestId('sync-warnings').textContent).toBe('1 warning');
    act(() => store.setState({ sync: status({ online: true, openWarnings: 3 }) }));
    expect(screen.getByTestId('sync-warnings').textContent).toBe('3 warnings');
    act(() => store.setState({ language: 'ru' }));
    expect(screen.getByTestId('sync-warnings').textContent).toBe('3 предупреждения');
    act(() => store.setState({ language: 'uz' }));
    expect(screen.getByTestId('sync-warnings').textContent).toBe('3 ta ogohlantirish');
    act(() => fireEvent.click(screen.getByTestId('sync-warnings')));
    expect(opened).toBe(1);
  });
});

describe('a till disconnected by the owner', () => {
  function disconnected(refusedReason: 'REVOKED' | 'TERMINAL_UNKNOWN' = 'REVOKED') {
    const bridge = fakeBridge({
      'terminal.unsentList': UNSENT,
      'terminal.inboxList': [],
      ReceiptController_findAll: [],
      WarehouseController_findAll: [],
      SupplierController_findAll: [],
      BusinessController_findAllPoints: [],
      BusinessController_findAllWorkplaces: [],
    });
    const rendered = renderWith(bridge, <AppFrame />);
    act(() =>
      rendered.store.setState({
        phase: 'app',
        employee: EMPLOYEE,
        sync: status({ problem: 'credential-refused', problemSince: SINCE, pendingOperations: 2, refusedReason }),
      }),
    );
    return { bridge, ...rendered };
  }

  it('says, when the restored service no longer knows the till, that it was not the owner, and that its sales are kept', async () => {
    disconnected('TERMINAL_UNKNOWN');
    await act(async () => {});
    const panel = screen.getByTestId('disconnected');
    expect(panel.textContent).toContain('The service no longer knows this till');
    expect(panel.textContent).toContain('restored from a backup taken before this till was connected');
    expect(panel.textContent).not.toContain('disconnected by the owner');
    expect(screen.getByTestId('sync-status').textContent).toContain('Not known to the service after its restore');
    expect(screen.getByRole('button', { name: 'Connect again with a new code' })).toBeTruthy();
  });

  it('says so, and lists every unsent operation as kept', async () => {
    disconnected();
    await act(async () => {});
    const panel = screen.getByTestId('disconnected');
    expect(panel.textContent).toContain('This till was disconnected by the owner');
    expect(panel.textContent).toContain('Nothing was lost: 2 operations were not sent and are kept on this till.');
    const rows = screen.getByTestId('unsent-operations').querySelectorAll('tbody tr');
    // In words, as the inbox says them; the operation ids are for the support file only.
    expect([...rows].map((row) => row.textContent)).toEqual([expect.stringContaining('Credit sale 101 — '), expect.stringContaining('Stock count: 12 — ')]);
    expect(panel.textContent).not.toContain('Controller_');
    expect(rows[0]?.textContent).toContain('sent, not confirmed');
    expect(rows[1]?.textContent).toContain('not sent');
  });

  it('saves the unsent operations to a JSON file for support, ids and payloads included', async () => {
    disconnected();
    await act(async () => {});
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:unsent';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save to a file for support' })));
    expect(clicked).toHaveBeenCalledTimes(1);
    const file = JSON.parse(await created[0]!.text()) as { kind: string; count: number; operations: UnsentOperationPayload[] };
    expect(file).toMatchObject({ kind: 'kassa-unsent-operations', count: 2 });
    expect(file.operations).toEqual(UNSENT);
    clicked.mockRestore();
    vi.unstubAllGlobals();
  });

  it('has an export whose every operation keeps its mutation id, seq and epoch', () => {
    const parsed = JSON.parse(unsentExport(UNSENT, new Date(SINCE))) as { exportedAt: string; operations: UnsentOperationPayload[] };
    expect(parsed.exportedAt).toBe(SINCE);
    expect(parsed.operations.map((operation) => [operation.mutation_id, operation.seq, operation.epoch])).toEqual([
      [UNSENT[0]!.mutation_id, 4, 'e-1'],
      [UNSENT[1]!.mutation_id, 5, 'e-1'],
    ]);
  });

  it('leads to enrolling again, where a code of another business is refused with the reason and nothing changes', async () => {
    const { bridge, store } = disconnected();
    await act(async () => {});
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect again with a new code' })));
    expect(store.getState()).toMatchObject({ phase: 'enroll', reenrolling: true });
    cleanup();
    bridge.answer('terminal.enroll', () => {
      throw rpcError(409, 'This code is for another business than the one this till belongs to');
    });
    renderWith(bridge, <Enrollment />, store);
    expect(screen.getByRole('heading', { name: 'Connect this till again' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Enrollment code'), { target: { value: 'ABC-DEF-GHJ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect' })));
    expect(screen.getByRole('alert').textContent).toContain('This code is for another business.');
    expect(store.getState()).toMatchObject({ phase: 'enroll', reenrolling: true, enrollDone: false });
  });
});
