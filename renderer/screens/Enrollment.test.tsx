// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBridge, memoryStorage, ONLINE, renderWith, rpcError } from '../test-support.js';
import { createTerminalStore } from '../state/terminal.js';
import { Enrollment } from './Enrollment.js';

afterEach(cleanup);

const tables = [
  { table: 'employees', rowsTotal: 2 },
  { table: 'items', rowsTotal: 8 },
];

describe('enrollment', () => {
  it('sends the service address and code, shows the download’s progress, and moves on to PIN login', async () => {
    let finish: (value: unknown) => void = () => {};
    const bridge = fakeBridge({
      'terminal.enroll': () => new Promise((resolve) => (finish = resolve)),
      'terminal.enrollmentStatus': { enrolled: true },
      'terminal.session': { employee: null },
      'terminal.syncStatus': ONLINE,
    });
    const { store } = renderWith(bridge, <Enrollment />);
    store.setState({ phase: 'enroll' });
    fireEvent.change(screen.getByLabelText('Service address'), { target: { value: 'http://127.0.0.1:9000' } });
    fireEvent.change(screen.getByLabelText('Enrollment code'), { target: { value: ' ABC-DEF-GHJ ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect' })));
    expect(bridge.calls).toContainEqual([
      'terminal.enroll',
      { serviceUrl: 'http://127.0.0.1:9000', code: 'ABC-DEF-GHJ', name: null },
    ]);

    act(() => bridge.emit('enrollment-progress', { table: 'items', rowsDone: 4, rowsTotal: 8, tables }));
    const bar = screen.getByRole('progressbar') as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([6, 10]);
    expect(screen.getByText('6 of 10 rows')).toBeTruthy();
    expect(screen.getByTestId('progress-tables').textContent).toBe('table 2 of 2: items');

    act(() => bridge.emit('enrollment-progress', { table: 'items', rowsDone: 8, rowsTotal: 8, tables }));
    await act(async () => finish({ terminalId: 't', workplaceId: 'w', pointId: 'p', warehouseIds: [] }));
    expect(screen.getByRole('heading', { name: 'Download complete' })).toBeTruthy();
    expect(screen.getByText('10 of 10 rows')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(store.getState().phase).toBe('login');
  });

  it('explains a refused code without internals', async () => {
    const bridge = fakeBridge({
      'terminal.enroll': () => {
        throw rpcError(500, 'Internal error');
      },
    });
    renderWith(bridge, <Enrollment />);
    fireEvent.change(screen.getByLabelText('Enrollment code'), { target: { value: 'WRONG' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect' })));
    expect(screen.getByRole('alert').textContent).toContain('The code was not accepted');
  });

  it('shows the field-by-field answer of a 400', async () => {
    const bridge = fakeBridge({
      'terminal.enroll': () => {
        throw rpcError(400, ['serviceUrl must be an http(s) URL without credentials']);
      },
    });
    renderWith(bridge, <Enrollment />);
    fireEvent.change(screen.getByLabelText('Enrollment code'), { target: { value: 'X' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect' })));
    expect(screen.getByRole('alert').textContent).toBe('serviceUrl must be an http(s) URL without credentials');
  });
});

describe('enrollment from outside the screen (docs/downloads.md)', () => {
  it('shows a till connecting itself from its provisioning file, then the finished download', async () => {
    let state = 'enrolling';
    const bridge = fakeBridge({
      'terminal.enrollmentStatus': () => ({ enrolled: false, provisioning: { state, file: 'Kassa.K7Q-4MZ-9TD.kassa', serviceUrl: 'https://kassa.example.com', workplace: 'Till 1' } }),
    });
    const { store } = renderWith(bridge, <Enrollment />);
    const following = store.getState().refresh();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.getByTestId('provisioning').textContent).toBe('Connecting this till to “Till 1” at https://kassa.example.com, as its download says…');
    expect(store.getState()).toMatchObject({ phase: 'enroll', enrolling: true });
    state = 'enrolled';
    await act(async () => following);
    expect(store.getState()).toMatchObject({ enrolling: false, enrollDone: true });
    expect(screen.getByRole('heading', { name: 'Download complete' })).toBeTruthy();
  });

  it('says a used or expired code was refused, keeps the signed address, and connects with a new code pasted', async () => {
    const bridge = fakeBridge({
      'terminal.enrollmentStatus': { enrolled: false, provisioning: { state: 'failed', problem: 'code-refused', file: 'K.kassa', serviceUrl: 'https://kassa.example.com', workplace: 'Till 1' } },
      'terminal.enroll': { terminalId: 't', workplaceId: 'w', pointId: 'p', warehouseIds: [] },
    });
    const { store } = renderWith(bridge, <Enrollment />);
    await act(async () => store.getState().refresh());
    expect(screen.getByTestId('provisioning').textContent).toMatch(/already used or has expired.*enter it here/);
    expect((screen.getByLabelText('Service address') as HTMLInputElement).value).toBe('https://kassa.example.com');
    fireEvent.change(screen.getByLabelText('Enrollment code'), { target: { value: 'NEW-COD-E12' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect' })));
    expect(bridge.calls).toContainEqual(['terminal.enroll', { serviceUrl: 'https://kassa.example.com', code: 'NEW-COD-E12', name: null }]);
  });

  it('fills in a link’s server and code for a person to confirm, and sends nothing by itself', async () => {
    const bridge = fakeBridge({ 'terminal.enroll': { terminalId: 't', workplaceId: 'w', pointId: 'p', warehouseIds: [] } });
    const store = createTerminalStore(bridge, memoryStorage(), 'en');
    store.setState({ enrollOffer: { serviceUrl: 'https://kassa.example.com', code: 'K7Q-4MZ-9TD' } });
    renderWith(bridge, <Enrollment />, store);
    expect(screen.getByTestId('enroll-offer').textContent).toContain('https://kassa.example.com');
    expect((screen.getByLabelText('Service address') as HTMLInputElement).value).toBe('https://kassa.example.com');
    expect((screen.getByLabelText('Enrollment code') as HTMLInputElement).value).toBe('K7Q-4MZ-9TD');
    expect(bridge.calls.filter(([name]) => name === 'terminal.enroll')).toEqual([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect' })));
    expect(bridge.calls).toContainEqual(['terminal.enroll', { serviceUrl: 'https://kassa.example.com', code: 'K7Q-4MZ-9TD', name: null }]);
    expect(store.getState().enrollDone).toBe(true);
  });

  it('takes a barcode scanner’s burst ending in Enter as the code, even when it lands in the address field', async () => {
    const bridge = fakeBridge({ 'terminal.enroll': { terminalId: 't', workplaceId: 'w', pointId: 'p', warehouseIds: [] } });
    renderWith(bridge, <Enrollment />);
    const address = screen.getByLabelText('Service address') as HTMLInputElement;
    fireEvent.change(address, { target: { value: 'https://kassa.example.com' } });
    // The scanner types into the focused field, a key every few milliseconds, and presses Enter.
    const burst = 'K7Q-4MZ-9TD';
    fireEvent.change(address, { target: { value: `https://kassa.example.com${burst}` } });
    await act(async () => {
      for (const key of [...burst, 'Enter']) fireEvent.keyDown(address, { key });
    });
    expect(bridge.calls).toContainEqual(['terminal.enroll', { serviceUrl: 'https://kassa.example.com', code: 'K7Q-4MZ-9TD', name: null }]);
  });

  it('reads a scanned kassa:// QR code into both the address and the code', async () => {
    const bridge = fakeBridge({ 'terminal.enroll': { terminalId: 't', workplaceId: 'w', pointId: 'p', warehouseIds: [] } });
    renderWith(bridge, <Enrollment />);
    const code = screen.getByLabelText('Enrollment code');
    const link = 'kassa://enroll?server=https%3A%2F%2Fkassa.example.com&code=K7Q-4MZ-9TD';
    fireEvent.change(code, { target: { value: link } });
    await act(async () => {
      for (const key of [...link, 'Enter']) fireEvent.keyDown(code, { key });
    });
    expect(bridge.calls).toContainEqual(['terminal.enroll', { serviceUrl: 'https://kassa.example.com', code: 'K7Q-4MZ-9TD', name: null }]);
  });
});
