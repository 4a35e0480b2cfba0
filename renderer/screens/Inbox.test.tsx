// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPLOYEE, fakeBridge, ONLINE, renderWith, rpcError } from '../test-support.js';
import { Inbox, reasonLines } from './Inbox.js';

afterEach(cleanup);

const ENTRY = {
  mutation_id: 'm-1',
  name: 'ClientDebtController_createTransaction',
  occurred_at: '2026-03-01T09:00:00.000Z',
  employee_id: 'emp-1',
  params: {},
  args: { client_id: 'c-1', debt_amount: '50' },
  reason: { statusCode: 400, message: ['client_id must be an existing client'] },
  rejected_at: '2026-03-01T09:01:00.000Z',
};

async function shown(discard: unknown) {
  const bridge = fakeBridge({ 'terminal.inboxList': [ENTRY], 'terminal.inboxDiscard': discard });
  const rendered = renderWith(bridge, <Inbox />);
  act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
  await act(async () => {});
  return { bridge, ...rendered };
}

describe('the needs-attention inbox', () => {
  it('shows each refused operation with the reason and its full payload', async () => {
    await shown({ discarded: true });
    const entry = screen.getByTestId('inbox-entry');
    expect(entry.textContent).toContain('ClientDebtController_createTransaction');
    expect(entry.textContent).toContain('400: client_id must be an existing client');
    expect(entry.querySelector('pre')?.textContent).toContain('"debt_amount": "50"');
  });

  it('discards an entry on a manager’s PIN', async () => {
    const { bridge } = await shown({ discarded: true });
    fireEvent.change(screen.getByLabelText('Manager PIN'), { target: { value: '9999' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Discard' })));
    expect(bridge.calls).toContainEqual(['terminal.inboxDiscard', { entryId: 'm-1', managerPin: '9999' }]);
  });

  it('says so when the PIN is not a manager’s', async () => {
    await shown(() => {
      throw rpcError(403, 'Only a manager can discard an operation');
    });
    fireEvent.change(screen.getByLabelText('Manager PIN'), { target: { value: '3141' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Discard' })));
    expect(screen.getByRole('alert').textContent).toBe('Only a manager can discard an operation.');
  });

  it('reads reasons of any shape', () => {
    expect(reasonLines({ statusCode: 404, message: 'Client not found' })).toEqual(['404: Client not found']);
    expect(reasonLines('gone')).toEqual(['gone']);
    expect(reasonLines({ code: 'X' })).toEqual(['{"code":"X"}']);
  });
});
