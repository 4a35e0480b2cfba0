// @vitest-environment happy-dom
/**
 * Setting the item a modifier is sold with: an exact barcode first, else an exact name (case ignored), a name two
 * items share is refused (the barcode tells them apart), suggestions while typing; the form sends only `item_id`
 * (null for "No item") and says what it could not find.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPLOYEE, fakeBridge, ONLINE, renderWith } from '../../test-support.js';
import { findLinkItem, suggestItems } from './item-link.js';
import { ModifierItemLink } from './ModifierItemLink.js';

afterEach(cleanup);

const ITEMS = [
  { id: 'latte', name: 'Latte', shtrix: '1001' },
  { id: 'tea-1', name: 'Tea', shtrix: '2001' },
  { id: 'tea-2', name: 'tea', shtrix: '2002' },
  { id: 'old', name: 'Cappuccino', shtrix: '3001', is_deleted: true },
];

describe('the item a modifier is sold with', () => {
  it('finds an item by barcode, then by its exact name, and refuses an unknown or shared name', () => {
    expect(findLinkItem(ITEMS, ' 2002 ')).toEqual({ ok: true, item: ITEMS[2] });
    expect(findLinkItem(ITEMS, 'latte')).toEqual({ ok: true, item: ITEMS[0] });
    expect(findLinkItem(ITEMS, 'Tea')).toEqual({ ok: false, problem: 'modifierRules.itemAmbiguous' });
    expect(findLinkItem(ITEMS, 'Cappuccino')).toEqual({ ok: false, problem: 'modifierRules.itemNotFound' });
    expect(findLinkItem(ITEMS, '')).toEqual({ ok: false, problem: 'modifierRules.itemNotFound' });
    expect(suggestItems(ITEMS, 'a').map((item) => item.id)).toEqual(['latte', 'tea-2', 'tea-1']);
    expect(suggestItems(ITEMS, '')).toEqual([]);
  });

  it('sends the found item’s id, "No item" as null, and says when nothing matches', async () => {
    const sent: unknown[] = [];
    const bridge = fakeBridge({
      ItemModifierController_findAllItems: ITEMS,
      ItemModifierController_updateModifier: (input: unknown) => {
        sent.push(input);
        return {};
      },
    });
    const saved: number[] = [];
    const rendered = renderWith(bridge, <ModifierItemLink modifierId="oat" modifierName="Oat milk" onSaved={() => saved.push(1)} onCancel={() => {}} />);
    act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
    await act(async () => {});
    const field = screen.getByLabelText('Sold with item (barcode or name)');
    fireEvent.change(field, { target: { value: 'Espresso' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(screen.getByText('No item has this barcode or name.')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(field, { target: { value: '1001' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'No item' })));
    expect(sent).toEqual([
      { params: { id: 'oat' }, body: { item_id: 'latte' } },
      { params: { id: 'oat' }, body: { item_id: null } },
    ]);
    expect(saved).toEqual([1, 1]);
  });
});
