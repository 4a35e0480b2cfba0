// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPLOYEE, fakeBridge, ONLINE, renderWith, rpcError } from '../test-support.js';
import { PinLogin, secondsToWait } from './PinLogin.js';

afterEach(cleanup);

function pinBridge(answer: (pincode: string) => unknown) {
  return fakeBridge({
    'terminal.pinLogin': (input: unknown) => answer((input as { pincode: string }).pincode),
    'terminal.syncStatus': ONLINE,
  });
}

describe('PIN login', () => {
  it('takes the PIN from the on-screen keypad and signs the employee in', async () => {
    const bridge = pinBridge(() => EMPLOYEE);
    const { store } = renderWith(bridge, <PinLogin />);
    for (const digit of '3141') fireEvent.click(screen.getByRole('button', { name: digit }));
    expect(screen.getByTestId('pin-dots').dataset.length).toBe('4');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(bridge.calls).toContainEqual(['terminal.pinLogin', { pincode: '3141' }]);
    expect(store.getState()).toMatchObject({ phase: 'app', employee: EMPLOYEE });
  });

  it('takes the PIN from the keyboard too: digits, Backspace, Enter', async () => {
    const bridge = pinBridge(() => EMPLOYEE);
    renderWith(bridge, <PinLogin />);
    for (const key of ['3', '1', '9', 'Backspace', '4', '1']) fireEvent.keyDown(window, { key });
    await act(async () => fireEvent.keyDown(window, { key: 'Enter' }));
    expect(bridge.calls).toContainEqual(['terminal.pinLogin', { pincode: '3141' }]);
  });

  it('says a wrong PIN is wrong and clears it', async () => {
    renderWith(
      pinBridge(() => {
        throw rpcError(401, 'Invalid pincode');
      }),
      <PinLogin />,
    );
    for (const digit of '0000') fireEvent.click(screen.getByRole('button', { name: digit }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(screen.getByRole('alert').textContent).toBe('Wrong PIN. Try again.');
    expect(screen.getByTestId('pin-dots').dataset.length).toBe('0');
  });

  it('shows the lockout with the seconds to wait, and locks the keypad meanwhile', async () => {
    renderWith(
      pinBridge(() => {
        throw rpcError(429, 'Too many wrong PINs at this till; try again in 30 seconds');
      }),
      <PinLogin />,
    );
    fireEvent.click(screen.getByRole('button', { name: '1' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(screen.getByRole('alert').textContent).toBe('Too many wrong PINs. Try again in 30 s.');
    expect((screen.getByRole('button', { name: '5' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('names the business and the till (with its point) the cashier is signing in at', async () => {
    const bridge = pinBridge(() => EMPLOYEE);
    bridge.answer('terminal.enrollmentStatus', { enrolled: true, business: 'Chorsu Market', till: 'Till by the door', point: 'Main shop' });
    renderWith(bridge, <PinLogin />);
    await act(async () => {});
    expect(screen.getByTestId('pin-business').textContent).toBe('Chorsu Market');
    expect(screen.getByTestId('pin-till').textContent).toBe('Till: Till by the door · Main shop');
  });

  it('shows no names the core does not know', async () => {
    const bridge = pinBridge(() => EMPLOYEE);
    bridge.answer('terminal.enrollmentStatus', { enrolled: true });
    renderWith(bridge, <PinLogin />);
    await act(async () => {});
    expect(screen.queryByTestId('pin-business')).toBeNull();
    expect(screen.queryByTestId('pin-till')).toBeNull();
  });

  it('ignores digits typed during a lockout and starts empty when it ends', async () => {
    const bridge = pinBridge(() => {
      throw rpcError(429, 'Too many wrong PINs at this till; try again in 1 seconds');
    });
    renderWith(bridge, <PinLogin />);
    fireEvent.keyDown(window, { key: '1' });
    await act(async () => fireEvent.keyDown(window, { key: 'Enter' }));
    expect(screen.getByRole('alert').textContent).toBe('Too many wrong PINs. Try again in 1 s.');
    for (const key of ['4', '2', '4', '2']) fireEvent.keyDown(window, { key });
    expect(screen.getByTestId('pin-dots').dataset.length).toBe('0');
    await act(() => new Promise((done) => setTimeout(done, 2100)));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('pin-dots').dataset.length).toBe('0');
    expect((screen.getByRole('button', { name: '5' }) as HTMLButtonElement).disabled).toBe(false);
    // After the lockout, typing works again from an empty entry.
    fireEvent.keyDown(window, { key: '7' });
    expect(screen.getByTestId('pin-dots').dataset.length).toBe('1');
  });

  it('reads the seconds from the core’s message', () => {
    expect(secondsToWait('Too many wrong PINs at this till; try again in 120 seconds')).toBe(120);
    expect(secondsToWait('locked')).toBeUndefined();
  });
});
