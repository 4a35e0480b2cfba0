// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTerminalStore } from '../state/terminal.js';
import { EMPLOYEE, fakeBridge, memoryStorage, ONLINE, renderWith, rpcError } from '../test-support.js';
import { Inbox, reasonLines } from './Inbox.js';
import { explainReason } from './inbox/reason.js';

afterEach(cleanup);

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A repayment by a method the office turned into a debt method while the till was offline. */
const REPAYMENT = {
  mutation_id: 'm-1',
  name: 'ClientDebtController_createTransaction',
  occurred_at: '2026-03-01T09:00:00.000Z',
  employee_id: 'emp-7',
  params: {},
  args: { client_id: 'c-1', debt_amount: '-50000', employee_id: 'emp-7', id_automated_point: 'pt-1', payment_type_id: 'pm-old' },
  reason: { statusCode: 400, message: ['payment_type_id must be a payment method that takes money (cash, card…), not a debt method'] },
  rejected_at: '2026-03-01T09:01:00.000Z',
};
/** A signed credit sale to a client the office deleted meanwhile. */
const SALE = {
  ...REPAYMENT,
  mutation_id: 'm-2',
  args: { client_id: 'c-gone', debt_amount: '250', employee_id: 'emp-7', id_automated_point: 'pt-1', signature_url: PNG },
  reason: { error: { code: 'INVALID', statusCode: 400, message: ['client_id must be an existing client'] } },
};
/** An operation without a form of its own: corrected through the form built from its data. */
const WRITE_OFF = {
  ...REPAYMENT,
  mutation_id: 'm-3',
  name: 'WriteOffController_create',
  args: { name: 'Spoiled', warehouseId: ['w-1'], items: [{ itemId: 'i-1', quantity: '1' }], conducted: true },
  reason: { statusCode: 400, message: ['items.0.itemId must be an existing item or modifier'] },
};

const LISTS = {
  ClientController_findAll: [
    { id: 'c-1', full_name: 'Dilnoza Yusupova', phone_number: null },
    { id: 'c-2', full_name: 'Bekzod Aliyev', phone_number: null },
    { id: 'c-9', full_name: 'Gone', phone_number: null, is_deleted: true },
  ],
  ClientDebtController_findAllDebts: [{ id: 'd-1', client_id: 'c-1', debt_amount: '80000', is_deleted: false }],
  PaymentMethodController_findAll: [
    { id: 'pm-old', name: 'On account', kind: 'DEBT' },
    { id: 'pm-card', name: 'Uzcard', kind: 'CARD' },
    { id: 'pm-cash', name: 'Naqd', kind: 'CASH' },
  ],
};

async function shown(entries: unknown[], answers: Record<string, unknown> = {}, language: 'en' | 'ru' | 'uz' = 'en') {
  const bridge = fakeBridge({ 'terminal.inboxList': entries, 'terminal.inboxResubmit': { id: 'txn-2' }, ...LISTS, ...answers });
  const rendered = renderWith(bridge, <Inbox />, createTerminalStore(bridge, memoryStorage(), language));
  act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
  await act(async () => {});
  return { bridge, ...rendered };
}

const resubmitted = (bridge: { calls: [string, unknown][] }) => bridge.calls.filter(([name]) => name === 'terminal.inboxResubmit');

describe('the needs-attention inbox', () => {
  it('names each refused operation in words with its summary and says why in a sentence; the raw data only behind Details', async () => {
    await shown([REPAYMENT, SALE]);
    const [repayment, sale] = screen.getAllByTestId('inbox-entry');
    expect(within(repayment!).getByTestId('inbox-summary').textContent).toBe('Repayment 50,000 — Dilnoza Yusupova, paid by On account');
    expect(within(repayment!).getByTestId('inbox-reason').textContent).toBe(
      'The service refused it: The payment method cannot take money any more (it was changed to a debt method).',
    );
    expect(within(sale!).getByTestId('inbox-summary').textContent).toBe('Credit sale 250 — a client no longer on this till');
    expect(within(sale!).getByTestId('inbox-reason').textContent).toContain('The client no longer exists: it was deleted or never reached the service.');
    // The developer's view is still there, folded away.
    const details = sale!.querySelector('details.inbox-details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('ClientDebtController_createTransaction');
    expect(details.textContent).toContain('400: client_id must be an existing client');
    expect(details.querySelector('pre')?.textContent).toContain('"debt_amount": "250"');
    for (const shownText of [within(sale!).getByTestId('inbox-summary').textContent, within(sale!).getByTestId('inbox-reason').textContent])
      expect(shownText).not.toMatch(/Controller_|client_id|c-gone/);
  });

  it('says it in Russian and Uzbek too', async () => {
    await shown([REPAYMENT], {}, 'ru');
    expect(screen.getByTestId('inbox-summary').textContent).toBe('Погашение 50\u00a0000 — Dilnoza Yusupova, оплата: On account');
    expect(screen.getByTestId('inbox-reason').textContent).toContain('Этим способом оплаты больше нельзя принимать деньги');
    cleanup();
    await shown([SALE], {}, 'uz');
    expect(screen.getByTestId('inbox-reason').textContent).toContain('Mijoz endi mavjud emas');
  });

  it('corrects a refused repayment through the debt form, filled from it, and sends it again with the method chosen', async () => {
    const { bridge } = await shown([REPAYMENT]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Correct and send again' })));
    const form = screen.getByRole('form', { name: 'Correct and send again' });
    expect((within(form).getByLabelText('Client') as HTMLSelectElement).value).toBe('c-1');
    expect(within(form).getByRole('radio', { name: 'Repayment' }).getAttribute('aria-checked')).toBe('true');
    expect((within(form).getByLabelText('Amount') as HTMLInputElement).value).toBe('50000');
    const paidBy = within(form).getByLabelText('Paid by') as HTMLSelectElement;
    // The debt method is no choice any more; the cashier picks how the client really paid.
    expect([...paidBy.options].map((option) => option.textContent)).toEqual(['Choose…', 'Naqd', 'Uzcard']);
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send again' })));
    expect(within(form).getByRole('alert').textContent).toBe('Choose how the client paid.');
    expect(resubmitted(bridge)).toEqual([]);
    fireEvent.change(paidBy, { target: { value: 'pm-cash' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send again' })));
    expect(resubmitted(bridge)).toEqual([
      [
        'terminal.inboxResubmit',
        {
          entryId: 'm-1',
          operation: 'ClientDebtController_createTransaction',
          // The first attempt's employee and point are kept: it is the same repayment, corrected.
          input: { params: {}, body: { client_id: 'c-1', debt_amount: '-50000', employee_id: 'emp-7', id_automated_point: 'pt-1', payment_type_id: 'pm-cash' } },
        },
      ],
    ]);
  });

  it('corrects a sale to a deleted client by choosing another by name, keeping the client’s signature', async () => {
    const { bridge } = await shown([SALE]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Correct and send again' })));
    const form = screen.getByRole('form', { name: 'Correct and send again' });
    const client = within(form).getByLabelText('Client') as HTMLSelectElement;
    expect([...client.options].map((option) => option.textContent)).toEqual(['Not on this till (c-gone)', 'Bekzod Aliyev', 'Dilnoza Yusupova']);
    // The service's own line stands next to the choice it concerns.
    expect(within(form).getByRole('alert').textContent).toBe('client_id must be an existing client');
    await act(async () => fireEvent.change(client, { target: { value: 'c-2' } }));
    expect(within(form).getByText(/The client’s signature is kept./)).toBeTruthy();
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send again' })));
    expect(resubmitted(bridge)[0]?.[1]).toEqual({
      entryId: 'm-2',
      operation: 'ClientDebtController_createTransaction',
      input: { params: {}, body: { client_id: 'c-2', debt_amount: '250', employee_id: 'emp-7', id_automated_point: 'pt-1', signature_url: PNG } },
    });
  });

  it('discards an entry on a manager’s PIN, and says so when the PIN is not a manager’s', async () => {
    const { bridge } = await shown([REPAYMENT], {
      'terminal.inboxDiscard': (input: unknown) => {
        if ((input as { managerPin: string }).managerPin === '3141') throw rpcError(403, 'Only a manager can discard an operation');
        return { discarded: true };
      },
    });
    fireEvent.change(screen.getByLabelText('Manager PIN'), { target: { value: '3141' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Discard' })));
    expect(screen.getByRole('alert').textContent).toBe('Only a manager can discard an operation.');
    fireEvent.change(screen.getByLabelText('Manager PIN'), { target: { value: '9999' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Discard' })));
    expect(bridge.calls).toContainEqual(['terminal.inboxDiscard', { entryId: 'm-1', managerPin: '9999' }]);
  });

  it('corrects an operation without a form of its own through its data, the reason next to the field it names', async () => {
    const { bridge } = await shown([WRITE_OFF], {
      'terminal.inboxResubmit': () => {
        throw rpcError(400, ['items.0.itemId must be an existing item or modifier', 'something else went wrong']);
      },
    });
    expect(screen.getByTestId('inbox-summary').textContent).toBe('Write-off “Spoiled”');
    expect(screen.getByTestId('inbox-reason').textContent).toContain('The item no longer exists');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Correct and send again' })));
    const form = screen.getByRole('form', { name: 'Edit and send again' });
    expect(screen.getByLabelText('items').closest('.field')?.querySelector('[role="alert"]')?.textContent).toBe(
      'items.0.itemId must be an existing item or modifier',
    );
    fireEvent.change(screen.getByLabelText('items'), { target: { value: '[{"quantity": ' } });
    await act(async () => fireEvent.submit(form));
    expect(screen.getByLabelText('items').closest('.field')?.querySelector('[role="alert"]')?.textContent).toBe('items is not valid JSON');
    expect(resubmitted(bridge)).toEqual([]);
    fireEvent.change(screen.getByLabelText('items'), { target: { value: '[{"itemId": "i-2", "quantity": "1"}]' } });
    await act(async () => fireEvent.submit(form));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('something else went wrong');
    expect(resubmitted(bridge)[0]?.[1]).toMatchObject({ input: { body: { items: [{ itemId: 'i-2', quantity: '1' }] } } });
  });

  it('corrects a refused new goods receipt in the receipt editor, filled from it, keeping its guid and receiver', async () => {
    const receipt = {
      ...REPAYMENT,
      mutation_id: 'm-4',
      name: 'ReceiptController_create',
      args: {
        guid: 'g-77',
        name: 'Tea delivery',
        warehouseId: ['w-1'],
        organizationId: 'pt-1',
        total: '30',
        totalPlanned: '30',
        totalDiff: '0',
        employeeId: 'emp-7',
        clientId: 's-1',
        note: null,
        conducted: true,
        items: [{ itemId: 'i-tea', quantity: '3', price: '10', plannedQuantity: '3', measureId: 'm-box' }],
      },
      reason: { statusCode: 400, message: ["items.0.measureId must be the item's unit (\"pcs\")"] },
    };
    const { bridge } = await shown([receipt], {
      SupplierController_findAll: [{ id: 's-1', name: 'Tea House' }],
      WarehouseController_findAll: [{ id: 'w-1', name: 'Shop floor' }],
      MeasurementController_findAllMeasurements: [
        { id: 'm-pcs', name: 'pcs' },
        { id: 'm-box', name: 'box' },
      ],
      BusinessController_findAllPoints: [{ id: 'pt-1', name: 'Chilonzor shop', default_warehouse_id: 'w-1' }],
      BusinessController_findAllWorkplaces: [],
      ItemModifierController_findAllItems: [{ id: 'i-tea', name: 'Green tea', price: '12', measurement: 'pcs' }],
    });
    expect(screen.getByTestId('inbox-summary').textContent).toBe('Goods receipt “Tea delivery” — Tea House, lines: 1');
    expect(screen.getByTestId('inbox-reason').textContent).toContain('The unit is not the item’s unit.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Correct and send again' })));
    await act(async () => {});
    expect((screen.getByLabelText('Quantity, Green tea') as HTMLInputElement).value).toBe('3');
    const unit = screen.getByLabelText('Unit, Green tea') as HTMLSelectElement;
    expect(unit.value).toBe('m-box');
    fireEvent.change(unit, { target: { value: 'm-pcs' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Conduct' })));
    expect(resubmitted(bridge)[0]?.[1]).toMatchObject({
      entryId: 'm-4',
      operation: 'ReceiptController_create',
      input: {
        params: {},
        body: { guid: 'g-77', employeeId: 'emp-7', clientId: 's-1', conducted: true, total: '30', items: [{ itemId: 'i-tea', quantity: '3', measureId: 'm-pcs' }] },
      },
    });
    // Back on the inbox once sent.
    expect(screen.getByRole('heading', { name: 'Needs attention' })).toBeTruthy();
  });

  it('reads reasons of any shape, raw and in words', () => {
    expect(reasonLines({ statusCode: 404, message: 'Client not found' })).toEqual(['404: Client not found']);
    expect(reasonLines('gone')).toEqual(['gone']);
    expect(reasonLines({ code: 'X' })).toEqual(['{"code":"X"}']);
    expect(reasonLines({ error: { code: 'NOT_FOUND', statusCode: 404, message: 'Client not found' } })).toEqual(['404: Client not found']);
    expect(explainReason({ statusCode: 404, message: 'Client not found' })).toEqual([{ key: 'inbox.reason.notFound' }]);
    expect(explainReason({ statusCode: 409, message: 'busy' })).toEqual([{ key: 'inbox.reason.conflict' }]);
    expect(explainReason('???')).toEqual([{ key: 'inbox.reason.unknown' }]);
    expect(explainReason({ statusCode: 400, message: ['name is required', 'name should not be empty', 'total must equal the sum of the lines: expected "1"'] })).toEqual([
      { key: 'inbox.reason.required', values: { field: 'inbox.field.other' }, translate: ['field'] },
      { key: 'inbox.reason.totals' },
    ]);
    expect(explainReason({ statusCode: 400, message: ["items.1.measureId must be the item's unit (\"pcs\")", 'debt_amount must be a decimal number'] })).toEqual([
      { key: 'inbox.reason.wrongUnit' },
      { key: 'inbox.reason.invalid', values: { field: 'inbox.field.amount' }, translate: ['field'] },
    ]);
  });
});
