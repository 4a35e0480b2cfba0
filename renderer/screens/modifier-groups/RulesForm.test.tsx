// @vitest-environment happy-dom
/**
 * The Rules tab of a modifier group: it shows the stored rules, refuses a contradiction on screen without sending,
 * sends only the changed rules (then the group is read again and says it was saved), and shows the service's
 * refusal as it comes.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPLOYEE, fakeBridge, ONLINE, renderWith, rpcError } from '../../test-support.js';
import { RulesForm } from './RulesForm.js';

afterEach(cleanup);

const GROUP = {
  id: 'g-1',
  name: 'Milk',
  description: null,
  measurement: 'pcs',
  price: '0',
  cost: null,
  color: null,
  type: 'MODIFIER_GROUP',
  id_automated_point: null,
  tax_id: null,
  discount_id: null,
  is_menu: false,
  is_service: false,
  allow_pickup: false,
  allow_delivery: false,
  is_required: false,
  min_choices: 0,
  max_choices: 2,
  free_quantity: 0,
  default_modifier_id: null,
};
const MODIFIERS = [
  { ...GROUP, id: 'oat', name: 'Oat milk', type: 'MODIFIER', group_id: 'g-1' },
  { ...GROUP, id: 'cow', name: 'Cow milk', type: 'MODIFIER', group_id: 'g-1' },
];

function renderRules(answer: (input: unknown) => unknown) {
  const bridge = fakeBridge({ ItemModifierController_updateModifierGroup: answer });
  const saved: number[] = [];
  const rendered = renderWith(bridge, <RulesForm group={GROUP} modifiers={MODIFIERS} onSaved={() => saved.push(1)} />);
  act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
  return { bridge, saved };
}

describe('the Rules tab', () => {
  it('refuses a minimum above the maximum on screen, then sends only the changed rules', async () => {
    const sent: unknown[] = [];
    const { saved } = renderRules((input) => {
      sent.push(input);
      return GROUP;
    });
    expect((screen.getByLabelText('At most') as HTMLInputElement).value).toBe('2');
    fireEvent.change(screen.getByLabelText('At least'), { target: { value: '3' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(screen.getByText('“At least” cannot be more than “At most”.')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('At least'), { target: { value: '1' } });
    fireEvent.click(screen.getByLabelText('Required (at least one choice)'));
    fireEvent.change(screen.getByLabelText('Preselected'), { target: { value: 'oat' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(sent).toEqual([{ params: { id: 'g-1' }, body: { is_required: true, min_choices: 1, default_modifier_id: 'oat' } }]);
    expect(saved).toEqual([1]);
  });

  it('shows the service’s refusal', async () => {
    renderRules(() => {
      throw rpcError(400, ['default_modifier_id must be an existing modifier of this group']);
    });
    fireEvent.change(screen.getByLabelText('Preselected'), { target: { value: 'cow' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(screen.getByText('default_modifier_id must be an existing modifier of this group')).toBeTruthy();
  });
});
