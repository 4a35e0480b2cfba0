/**
 * A sale's receipt prints each line's stored modifiers (migration 0023) under the line — named, with how many and
 * what they add to the line (free ones add nothing) — and the line's total is its stored subtotal, which already
 * holds them; nothing is guessed from the order of the lines.
 */
import { describe, expect, it } from 'vitest';
import { NameBook } from '../../../main/printing/name-book.js';
import { saleReceipt } from '../../../main/printing/order-documents.js';
import type { TillReader } from '../../../main/printing/till-reader.js';
import { stamp, storedOrderHeader } from './fixtures/stored-order.js';

const line = (id: string, item_id: string, quantity: string, price: string, subtotal: string, modifiers: unknown) => ({
  ...stamp,
  id,
  order_id: 'order-1',
  item_id,
  quantity,
  price,
  subtotal,
  note: null,
  employee_id: 'emp-1',
  discount_id: null,
  warehouse_id: null,
  modifiers,
  is_voided: false,
  is_refunded: false,
});

const ORDER = {
  ...storedOrderHeader(),
  order_id: 'K-78',
  total_discount: '0',
  total_tax: '0',
  total_paid: '69000',
  total_change: '0',
  subtotal: '69000',
  total_sum: '69000',
  items: [
    // 2 lattes × (20 000 + oat 5 000 + 2 shots 4 000 + cream free) = 66 000
    line('l1', 'latte', '2', '20000', '66000', [
      { modifier_id: 'oat', quantity: 1, price: '5000', free_quantity: 0 },
      { modifier_id: 'shot', quantity: 2, price: '4000', free_quantity: 0 },
      { modifier_id: 'cream', quantity: 1, price: '3000', free_quantity: 1 },
    ]),
    line('l2', 'water', '1', '3000', '3000', null),
  ],
  discounts: [],
  taxes: [],
  delivery: null,
  payments: [],
};

const LISTS: Record<string, unknown[]> = {
  ItemModifierController_findAllItems: [
    { id: 'latte', name: 'Latte' },
    { id: 'water', name: 'Water' },
  ],
  ItemModifierController_findAllModifiers: [
    { id: 'oat', name: 'Oat milk' },
    { id: 'shot', name: 'Extra shot' },
    { id: 'cream', name: 'Cream' },
  ],
};

const reader: TillReader = {
  read: (async (operation: string) =>
    operation === 'OrderController_findOne' ? ORDER : (LISTS[operation] ?? [])) as TillReader['read'],
  identity: async () => ({ business: 'Kafe', point: 'Centre', till: 'Till 1', pointId: 'point-1', workplaceId: 'till-1' }),
  cashier: async () => ({ id: 'emp-1', full_name: 'Aziza' }),
};

describe('a receipt with modifiers', () => {
  it('prints each stored modifier under its line with what it adds, free ones without an amount', async () => {
    const receipt = await saleReceipt(reader, new NameBook(reader), 'order-1', 'en', false);
    expect(receipt.lines).toEqual([
      {
        name: 'Latte',
        quantity: '2',
        unitPrice: '20000',
        total: '66000',
        modifiers: [{ name: 'Oat milk', amount: '10000' }, { name: 'Extra shot ×2', amount: '16000' }, { name: 'Cream' }],
      },
      { name: 'Water', quantity: '1', unitPrice: '3000', total: '3000' },
    ]);
  });
});
