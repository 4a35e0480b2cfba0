// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { translator } from '../../i18n/index.js';
import { EMPLOYEE, fakeBridge, ONLINE, renderWith } from '../../test-support.js';
import { operationLabel, Warnings, warningText } from './Warnings.js';

afterEach(cleanup);

const BELOW_ZERO = {
  mutation_id: 'm-1',
  position: 0,
  name: 'OrderController_create',
  occurred_at: '2026-03-01T09:00:00.000Z',
  employee_id: 'emp-1',
  code: 'STOCK_BELOW_ZERO',
  detail: { code: 'STOCK_BELOW_ZERO', itemId: 'i-1', warehouseId: 'w-1', quantity: '-3' },
  received_at: '2026-03-01T09:05:00.000Z',
  names: { 'i-1': 'Cola 1L', 'w-1': 'Shop floor' },
};
const DELETED = {
  ...BELOW_ZERO,
  position: 1,
  code: 'DELETED_REFERENCE',
  detail: { code: 'DELETED_REFERENCE', table: 'items', id: 'i-1' },
};

async function shown(list: unknown[]) {
  const bridge = fakeBridge({ 'terminal.warningsList': list, 'terminal.warningsDismiss': { dismissed: true } });
  const rendered = renderWith(bridge, <Warnings />);
  act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
  await act(async () => {});
  return { bridge, ...rendered };
}

describe('the warnings of this till’s operations', () => {
  it('says each warning of an operation in words, naming the records, under the operation in words', async () => {
    await shown([BELOW_ZERO, DELETED]);
    const entry = screen.getByTestId('warning-entry');
    expect(entry.textContent).toContain('Sale');
    expect(entry.textContent).toContain('Stock of Cola 1L in Shop floor went below zero: −3.');
    expect(entry.textContent).toContain('Cola 1L had been deleted in the back office; recorded all the same.');
    expect(entry.textContent).not.toContain('OrderController_create');
  });

  it('marks an operation’s warnings seen, and shows nothing once none is left', async () => {
    const { bridge } = await shown([BELOW_ZERO]);
    bridge.answer('terminal.warningsList', []);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Seen' })));
    expect(bridge.calls).toContainEqual(['terminal.warningsDismiss', { mutationId: 'm-1' }]);
    expect(screen.queryByTestId('warning-entry')).toBeNull();
    expect(screen.queryByText('Warnings')).toBeNull();
  });

  it('speaks uz and ru, and names a record the till does not hold by its id', () => {
    const unnamed = { ...BELOW_ZERO, names: {} };
    expect(warningText(translator('ru'), BELOW_ZERO)).toBe('Остаток Cola 1L на складе Shop floor ушёл в минус: −3.');
    expect(warningText(translator('uz'), BELOW_ZERO)).toBe('Shop floor omboridagi Cola 1L qoldig‘i noldan pastga tushdi: −3.');
    expect(warningText(translator('en'), unnamed)).toContain('a record not on this till (i-1)');
    expect(warningText(translator('en'), { ...BELOW_ZERO, code: 'SOMETHING_NEW', detail: { code: 'SOMETHING_NEW' } })).toBe('A rule was broken: SOMETHING_NEW.');
  });

  it('says a shift close made at the till after the office had closed the shift was recorded, its count kept', () => {
    const twice = {
      ...BELOW_ZERO,
      name: 'SettlmentController_update',
      code: 'SHIFT_ALREADY_CLOSED',
      detail: { code: 'SHIFT_ALREADY_CLOSED', settlementId: 's-1' },
      names: { 's-1': 'Evening' },
    };
    expect(operationLabel(translator('en'), twice.name)).toBe('Shift close');
    expect(warningText(translator('en'), twice)).toBe('The shift Evening had already been closed elsewhere (at the office); your count is kept beside the first one.');
    expect(warningText(translator('ru'), twice)).toContain('Смена Evening уже была закрыта в другом месте');
    expect(warningText(translator('uz'), twice)).toContain('Evening smenasi boshqa joyda');
  });

  it('says which item’s modifiers broke rules changed meanwhile, and how', () => {
    const problem = 'items.0.modifiers must choose at least 1 of "Milk"';
    const broken = { ...BELOW_ZERO, code: 'MODIFIER_RULES', detail: { code: 'MODIFIER_RULES', itemId: 'i-1', problem } };
    expect(warningText(translator('en'), broken)).toBe(`The modifiers of Cola 1L broke its modifier groups’ rules, changed meanwhile (${problem}); recorded all the same.`);
    expect(warningText(translator('ru'), broken)).toContain(`Модификаторы Cola 1L нарушили правила групп модификаторов, изменённые тем временем (${problem})`);
  });

  it('says a sale’s number was another sale’s, and the number the office keeps it under', () => {
    const taken = { ...BELOW_ZERO, code: 'ORDER_NUMBER_TAKEN', detail: { code: 'ORDER_NUMBER_TAKEN', orderId: 'o-1', number: 'B-17', assigned: 'B-17/2' } };
    expect(warningText(translator('en'), taken)).toContain('Sale number B-17 was already another sale’s');
    expect(warningText(translator('en'), taken)).toContain('the office keeps this sale as B-17/2.');
    expect(warningText(translator('ru'), taken)).toContain('записана как B-17/2');
    expect(warningText(translator('uz'), taken)).toContain('B-17/2 sifatida');
  });
});
