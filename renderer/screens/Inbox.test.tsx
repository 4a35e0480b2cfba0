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

async function shown(discard: unknown, resubmit: unknown = { id: 'txn-2' }) {
  const bridge = fakeBridge({
    'terminal.inboxList': [ENTRY],
    'terminal.inboxDiscard': discard,
    'terminal.inboxResubmit': resubmit,
  });
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

  it('edits the refused data and sends it again as the same operation, with only the edit changed', async () => {
    const { bridge } = await shown({ discarded: true });
    fireEvent.click(screen.getByRole('button', { name: 'Edit and send again' }));
    const form = screen.getByRole('form', { name: 'Edit and send again' });
    expect((screen.getByLabelText('debt_amount') as HTMLInputElement).value).toBe('50');
    fireEvent.change(screen.getByLabelText('client_id'), { target: { value: 'c-2' } });
    await act(async () => fireEvent.submit(form));
    expect(bridge.calls).toContainEqual([
      'terminal.inboxResubmit',
      {
        entryId: 'm-1',
        operation: 'ClientDebtController_createTransaction',
        input: { params: {}, body: { client_id: 'c-2', debt_amount: '50' } },
      },
    ]);
  });

  it('shows a still-wrong edit’s problems next to the field they name, and keeps the form open', async () => {
    await shown({ discarded: true }, () => {
      throw rpcError(400, ['client_id must be an existing client', 'something else went wrong']);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit and send again' }));
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Edit and send again' })));
    const field = screen.getByLabelText('client_id').closest('.field')!;
    expect(field.querySelector('[role="alert"]')?.textContent).toBe('client_id must be an existing client');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('something else went wrong');
    expect(screen.getByRole('button', { name: 'Send again' })).toBeTruthy();
  });

  it('refuses unreadable JSON on screen without sending anything', async () => {
    const bridge = fakeBridge({
      'terminal.inboxList': [{ ...ENTRY, args: { items: [{ quantity: '1' }] } }],
      'terminal.inboxResubmit': { id: 'x' },
    });
    const rendered = renderWith(bridge, <Inbox />);
    act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
    await act(async () => {});
    fireEvent.click(screen.getByRole('button', { name: 'Edit and send again' }));
    fireEvent.change(screen.getByLabelText('items'), { target: { value: '[{"quantity": ' } });
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Edit and send again' })));
    expect(screen.getByRole('alert').textContent).toBe('items is not valid JSON');
    expect(bridge.calls.map(([name]) => name)).not.toContain('terminal.inboxResubmit');
  });

  it('shows the reason stored with a rejected operation plainly, and next to the field it names when editing', async () => {
    const bridge = fakeBridge({
      'terminal.inboxList': [
        { ...ENTRY, reason: { error: { code: 'INVALID', statusCode: 400, message: ['client_id must be an existing client'] } } },
      ],
    });
    const rendered = renderWith(bridge, <Inbox />);
    act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
    await act(async () => {});
    expect(screen.getByTestId('inbox-entry').textContent).toContain('400: client_id must be an existing client');
    expect(screen.getByTestId('inbox-entry').textContent).not.toContain('"code"');
    fireEvent.click(screen.getByRole('button', { name: 'Edit and send again' }));
    const field = screen.getByLabelText('client_id').closest('.field')!;
    expect(field.querySelector('[role="alert"]')?.textContent).toBe('client_id must be an existing client');
  });

  it('lets a reference be chosen by name from the records this till holds, not typed as an id', async () => {
    const bridge = fakeBridge({
      'terminal.inboxList': [ENTRY],
      'terminal.inboxResubmit': { id: 'txn-2' },
      ClientController_findAll: [
        { id: 'c-3', full_name: 'Zarina Tosheva' },
        { id: 'c-2', full_name: 'Bekzod Aliyev' },
        { id: 'c-9', full_name: 'Gone', is_deleted: true },
      ],
    });
    const rendered = renderWith(bridge, <Inbox />);
    act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
    await act(async () => {});
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Edit and send again' })));
    const client = screen.getByLabelText('client_id') as HTMLSelectElement;
    expect(client.tagName).toBe('SELECT');
    // The refused client (deleted meanwhile) is not on this till any more: it is named as such, not hidden.
    expect([...client.options].map((option) => option.textContent)).toEqual([
      'Not on this till (c-1)',
      'Bekzod Aliyev',
      'Zarina Tosheva',
    ]);
    fireEvent.change(client, { target: { value: 'c-2' } });
    // A field that names no record stays text.
    expect((screen.getByLabelText('debt_amount') as HTMLElement).tagName).toBe('INPUT');
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Edit and send again' })));
    expect(bridge.calls).toContainEqual([
      'terminal.inboxResubmit',
      {
        entryId: 'm-1',
        operation: 'ClientDebtController_createTransaction',
        input: { params: {}, body: { client_id: 'c-2', debt_amount: '50' } },
      },
    ]);
  });

  it('reads reasons of any shape', () => {
    expect(reasonLines({ statusCode: 404, message: 'Client not found' })).toEqual(['404: Client not found']);
    expect(reasonLines('gone')).toEqual(['gone']);
    expect(reasonLines({ code: 'X' })).toEqual(['{"code":"X"}']);
    expect(reasonLines({ error: { code: 'NOT_FOUND', statusCode: 404, message: 'Client not found' } })).toEqual([
      '404: Client not found',
    ]);
  });
});
