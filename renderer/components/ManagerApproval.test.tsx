// @vitest-environment happy-dom
/** The manager's approval dialog: the PIN goes to the terminal core, each refusal is said in words, Esc cancels. */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBridge, renderWith, rpcError } from '../test-support.js';
import { ManagerApproval } from './ManagerApproval.js';

afterEach(cleanup);

function shown(answer: (input: { pin: string; reason: string }) => unknown) {
  const bridge = fakeBridge({ 'terminal.managerApproval': answer });
  const onApproved = vi.fn();
  const onCancel = vi.fn();
  renderWith(bridge, <ManagerApproval reason="Refund of K1-0042" onApproved={onApproved} onCancel={onCancel} />);
  const field = screen.getByTestId('manager-approval').querySelector('input[name="managerPin"]') as HTMLInputElement;
  const submit = async (pin: string) => {
    fireEvent.change(field, { target: { value: pin } });
    await act(async () => {
      fireEvent.keyDown(field, { key: 'Enter' });
    });
  };
  return { bridge, onApproved, onCancel, field, submit };
}

describe('a manager’s approval', () => {
  it('sends the PIN and the reason to the terminal core and hands back the manager', async () => {
    const { bridge, onApproved, field, submit } = shown(() => ({ managerId: 'mgr-1', managerName: 'Rustam' }));
    expect(screen.getByText('Refund of K1-0042')).toBeTruthy();
    await submit('7391');
    expect(bridge.calls).toEqual([['terminal.managerApproval', { pin: '7391', reason: 'Refund of K1-0042' }]]);
    expect(onApproved).toHaveBeenCalledWith({ managerId: 'mgr-1', managerName: 'Rustam' });
    expect(field.value).toBe('');
  });

  it('says a wrong PIN, a cashier’s PIN and a lockout apart, and keeps no PIN on screen', async () => {
    const answers = [rpcError(401, 'Invalid pincode'), rpcError(403, 'not a manager'), rpcError(429, 'Too many wrong PINs at this till; try again in 60 seconds')];
    const { onApproved, field, submit } = shown(() => {
      throw answers.shift();
    });
    const problem = () => screen.getByRole('alert').textContent;
    await submit('1111');
    expect(problem()).toBe('Wrong PIN.');
    expect(field.value).toBe('');
    await submit('5172');
    expect(problem()).toBe('This PIN is not a manager’s: a manager must approve.');
    await submit('7391');
    expect(problem()).toBe('Too many wrong PINs. Try again in 60 s.');
    expect(onApproved).not.toHaveBeenCalled();
  });

  it('types digits only, from the keyboard or the keypad, and cancels on Esc without asking the core', async () => {
    const { bridge, onCancel, field } = shown(() => ({ managerId: 'x' }));
    fireEvent.change(field, { target: { value: '12a3' } });
    expect(field.value).toBe('123');
    fireEvent.click(screen.getByRole('button', { name: '4' }));
    expect(field.value).toBe('1234');
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalled();
    expect(bridge.calls).toEqual([]);
  });
});
