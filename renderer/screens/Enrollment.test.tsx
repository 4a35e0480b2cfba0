// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBridge, ONLINE, renderWith, rpcError } from '../test-support.js';
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
