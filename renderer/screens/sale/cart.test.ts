import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../../shared/barcodes/check-digit.js';
import { DEFAULT_WEIGHT_BARCODE_SETTINGS } from '../../../shared/barcodes/weight-barcode-settings.js';
import { CreateOrderDto } from '../../../shared/catalogue/order.js';
import { MONEY, parseDecimal, type Money, type Percent, type Quantity } from '../../../shared/decimal.js';
import { orderTotals, totalProblems } from '../../../shared/orders/order-math.js';
import { cartReducer, EMPTY_CART, readQuantity, type CartAction, type CartState } from './cart.js';
import { buildSaleDraft, cartMoney, needsApproval, readDiscount, type DiscountRecord, type TaxRecord } from './cart-order.js';
import { buildSaleCatalogue, searchSaleItems, type ItemRecord } from './catalogue.js';
import { scanToAction } from './scan.js';

const ITEMS: ItemRecord[] = [
  { id: 'milk', name: 'Milk 1 l', price: '12000', measurement: 'pc', shtrix: '4780000000013', tax_id: 'vat' },
  { id: 'bread', name: 'Bread', price: '4500.50', measurement: 'pc', shtrix: '20123458' },
  { id: 'cheese', name: 'Cheese', price: '98000', measurement: 'm-kg', shtrix: '123' },
  { id: 'soap', name: 'Soap', price: '7000', measurement: 'pc', shtrix: '00456', discount_id: 'promo' },
  { id: 'gone', name: 'Gone', price: '1', measurement: 'pc', shtrix: withCheckDigit('478000000002'), is_deleted: true },
];
const catalogue = buildSaleCatalogue(ITEMS, [{ id: 'm-kg', name: 'kg' }]);
const TAXES = new Map<string, TaxRecord>([['vat', { id: 'vat', name: 'VAT', tax_percent: '12', tax_value: null, fee_percent: null, fee_value: null }]]);
const DISCOUNTS = new Map<string, DiscountRecord>([['promo', { id: 'promo', name: 'Promo', discount_percent: '10', discount_value: null }]]);

const run = (actions: readonly (CartAction | null)[], from: CartState = EMPTY_CART) =>
  actions.reduce<CartState>((state, action) => (action ? cartReducer(state, action) : state), from);
const scan = (raw: string) => scanToAction(raw, catalogue, DEFAULT_WEIGHT_BARCODE_SETTINGS);
const item = (id: string) => catalogue.byId.get(id)!;

describe('scanning into the cart', () => {
  it('adds one piece per scan of a known EAN-13, adding to the last line when the same item is scanned again', async () => {
    const state = run([await scan('4780000000013\r\n'), await scan('4780000000013'), await scan('20123458')]);
    expect(state.lines.map((line) => [line.item.id, line.quantity])).toEqual([
      ['milk', '2'],
      ['bread', '1'],
    ]);
    expect(state.notice).toBeNull();
  });

  it('says an unknown barcode is unknown and adds nothing', async () => {
    const before = run([await scan('4780000000013')]);
    const unknown = withCheckDigit('478000000003');
    const after = run([await scan(unknown)], before);
    expect(after.lines).toEqual(before.lines);
    expect(after.notice).toEqual({ tone: 'error', message: 'sale.unknownBarcode', values: { barcode: unknown } });
  });

  it('does not sell a deleted item', async () => {
    const state = run([await scan(withCheckDigit('478000000002'))]);
    expect(state.lines).toEqual([]);
    expect(state.notice?.message).toBe('sale.unknownBarcode');
  });

  it('turns a weight label into its own line of the exact weight, by the item’s scale code', async () => {
    const label = withCheckDigit('220012300435'); // prefix 22, item code 00123, 435 g
    const state = run([await scan(label), await scan(label)]);
    expect(state.lines.map((line) => [line.item.id, line.quantity])).toEqual([
      ['cheese', '0.435'],
      ['cheese', '0.435'],
    ]);
    expect(cartMoney(state, TAXES, DISCOUNTS).totals.subtotal).toBe('85260'); // 2 × 0.435 × 98 000
  });

  it('refuses a weight label with a wrong check digit as a misread, adding nothing', async () => {
    const good = withCheckDigit('220012300435');
    const bad = `${good.slice(0, 12)}${(Number(good[12]) + 1) % 10}`;
    const state = run([await scan(bad)]);
    expect(state.lines).toEqual([]);
    expect(state.notice).toEqual({ tone: 'error', message: 'sale.badCheckDigit', values: { barcode: bad } });
  });

  it('refuses a weight label for an item not sold by weight', async () => {
    const state = run([await scan(withCheckDigit('220045600100'))]);
    expect(state.lines).toEqual([]);
    expect(state.notice?.message).toBe('sale.notWeightItem');
  });

  it('ignores an empty scan', async () => {
    expect(await scan('  \r\n')).toBeNull();
  });
});

describe('editing the cart', () => {
  const two = run([
    { type: 'add', item: item('milk'), quantity: '1' },
    { type: 'add', item: item('bread'), quantity: '1' },
  ]);

  it('sets a quantity typed with a comma or a point, exactly', () => {
    const state = cartReducer(two, { type: 'setQuantity', key: 'l1', quantity: '2,5' });
    expect(state.lines[0]!.quantity).toBe('2.5');
    expect(readQuantity('1.0005')).toEqual({ ok: false, problem: 'sale.quantityInvalid' });
  });

  it('refuses a quantity of zero, a negative one or text, keeping the line as it was', () => {
    for (const [typed, problem] of [
      ['0', 'sale.quantityPositive'],
      ['-2', 'sale.quantityPositive'],
      ['abc', 'sale.quantityInvalid'],
      ['', 'sale.quantityInvalid'],
    ] as const) {
      const state = cartReducer(two, { type: 'setQuantity', key: 'l1', quantity: typed });
      expect(state.lines).toEqual(two.lines);
      expect(state.notice?.message).toBe(problem);
    }
    expect(cartReducer(two, { type: 'add', item: item('soap'), quantity: '0' }).lines).toEqual(two.lines);
  });

  it('keeps a note per line, and a line with a note is not merged with the next scan of its item', () => {
    const noted = cartReducer(two, { type: 'setNote', key: 'l2', note: '  sliced ' });
    expect(noted.lines[1]!.note).toBe('sliced');
    const again = cartReducer(noted, { type: 'add', item: item('bread'), quantity: '1' });
    expect(again.lines).toHaveLength(3);
    expect(cartReducer(two, { type: 'setNote', key: 'l1', note: 'x'.repeat(201) }).notice?.message).toBe('sale.noteTooLong');
  });

  it('removes a line and selects its neighbour', () => {
    const state = cartReducer(two, { type: 'remove', key: 'l1' });
    expect(state.lines.map((line) => line.item.id)).toEqual(['bread']);
    expect(state.selectedKey).toBe('l2');
  });

  it('clears everything for the next sale', () => {
    const state = cartReducer(cartReducer(two, { type: 'setClient', client: { id: 'c1', name: 'Ali' } }), { type: 'clear' });
    expect(state).toMatchObject({ lines: [], client: null, orderDiscount: null, itemDiscounts: {} });
  });
});

describe('the cart’s money', () => {
  const cart = run([
    { type: 'add', item: item('milk'), quantity: '2' }, // 24 000, VAT 12 % added
    { type: 'add', item: item('soap'), quantity: '3' }, // 21 000, Finance discount "Promo" 10 % from the item
    { type: 'add', item: item('bread'), quantity: '1.5' }, // 6 750.75
    { type: 'setOrderDiscount', discount: { kind: 'manual', percent: '5', value: null, approvedBy: null } },
  ]);

  it('adds item taxes on the discounted price and applies item and order discounts, as the service counts them', () => {
    const money = cartMoney(cart, TAXES, DISCOUNTS);
    expect(money.totals).toEqual({ subtotal: '51750.75', total_discount: '4687.54', total_tax: '2880', total_sum: '49943.21' });
    expect(money.items[1]).toMatchObject({ item_id: 'soap', discount_id: 'promo', subtotal: '21000' });
    expect(money.taxes).toEqual([{ item_id: 'milk', tax_id: 'vat', tax_percent: '12', tax_value: null, fee_percent: null, fee_value: null }]);
  });

  it('hands payment a draft the service’s schema and totals check accept', () => {
    const money = cartMoney(cart, TAXES, DISCOUNTS);
    const draft = buildSaleDraft(cart, money, { guid: 'g-1', pointId: 'p-1', workplaceId: 'wp-1', employeeId: 'emp-1' });
    const parsed = CreateOrderDto.parse({ ...draft.order, payments: [] });
    const units = (text: string, kind: typeof MONEY) => (parseDecimal(text, kind) as { units: bigint }).units;
    const { totals, problems } = orderTotals({
      lines: parsed.items.map((line) => ({ item_id: line.item_id, quantity: line.quantity as Quantity, price: line.price as Money, subtotal: line.subtotal as Money })),
      discounts: (parsed.discounts ?? []).map((entry) => ({ item_id: entry.item_id ?? null, discount_value: (entry.discount_value ?? null) as Money | null, discount_percent: (entry.discount_percent ?? null) as Percent | null })),
      taxes: (parsed.taxes ?? []).map((entry) => ({ item_id: entry.item_id ?? null, tax_percent: (entry.tax_percent ?? null) as Percent | null, tax_value: (entry.tax_value ?? null) as Money | null, fee_percent: null, fee_value: null })),
      payments: [],
      deliveryFee: null,
    });
    expect(problems).toEqual([]);
    expect(totalProblems({ subtotal: parsed.subtotal, total_discount: parsed.total_discount, total_tax: parsed.total_tax, total_sum: parsed.total_sum }, totals)).toEqual([]);
    expect(draft.due).toBe('49943.21');
    expect(units(draft.due, MONEY)).toBe(4994321n);
  });

  it('reads a typed discount as an amount or a percentage and refuses nonsense or more than the base', () => {
    expect(readDiscount('10%', '1000')).toEqual({ ok: true, percent: '10', value: null });
    expect(readDiscount('250,5', '1000')).toEqual({ ok: true, percent: null, value: '250.5' });
    expect(readDiscount('0', '1000')).toEqual({ ok: false, problem: 'sale.discountInvalid' });
    expect(readDiscount('-5', '1000')).toEqual({ ok: false, problem: 'sale.discountInvalid' });
    expect(readDiscount('101%', '1000')).toEqual({ ok: false, problem: 'sale.discountTooLarge' });
    expect(readDiscount('1000.01', '1000')).toEqual({ ok: false, problem: 'sale.discountTooLarge' });
  });

  it('asks for a manager above the manual discount limit, by percentage or by amount', () => {
    expect(needsApproval({ percent: '10', value: null }, '1000', '10')).toBe(false);
    expect(needsApproval({ percent: '10.01', value: null }, '1000', '10')).toBe(true);
    expect(needsApproval({ percent: null, value: '100' }, '1000', '10')).toBe(false);
    expect(needsApproval({ percent: null, value: '100.01' }, '1000', '10')).toBe(true);
  });
});

describe('searching 100,000 items', () => {
  it('finds by the start of a name first, then anywhere, and stops at the limit', () => {
    const many: ItemRecord[] = Array.from({ length: 100_000 }, (_, index) => ({
      id: `i${index}`,
      name: `${index % 2 ? 'Tea' : 'Green tea'} ${index}`,
      price: '1',
      measurement: 'pc',
    }));
    const big = buildSaleCatalogue(many, []);
    const found = searchSaleItems(big, 'tea 9999', 5);
    expect(found[0]!.name).toBe('Tea 9999');
    expect(found.length).toBeLessThanOrEqual(5);
    expect(searchSaleItems(big, '   ')).toEqual([]);
  });
});

describe('lines with modifiers', () => {
  const oat = { id: 'oat', name: 'Oat milk', quantity: 1, price: '5000', free: 0 };
  const cream = { id: 'cream', name: 'Cream', quantity: 2, price: '3000', free: 1 };

  it('never merges a line with modifiers into another, and prices the modifiers into the line and the order', () => {
    const state = run([
      { type: 'add', item: item('milk'), quantity: '2', modifiers: [oat, cream] },
      { type: 'add', item: item('milk'), quantity: '1' },
      { type: 'add', item: item('milk'), quantity: '1', modifiers: [] },
    ]);
    expect(state.lines.map((line) => [line.quantity, line.modifiers?.length ?? null])).toEqual([
      ['2', 2],
      ['1', null],
      ['1', 0],
    ]);
    const money = cartMoney(state, new Map(), new Map());
    // 2 × (12 000 + 5 000 + 1 charged cream 3 000) = 40 000; then 12 000 and 12 000.
    expect(money.items.map((entry) => entry.subtotal)).toEqual(['40000', '12000', '12000']);
    expect(money.items[0]?.modifiers).toEqual([
      { modifier_id: 'oat', quantity: 1, price: '5000', free_quantity: 0 },
      { modifier_id: 'cream', quantity: 2, price: '3000', free_quantity: 1 },
    ]);
    expect(money.items[1]).not.toHaveProperty('modifiers');
    expect(money.totals.subtotal).toBe('64000');
    // The service's own checks agree with the cart's order.
    const body = CreateOrderDto.parse({ ...buildSaleDraft(state, money, { guid: 'g', pointId: 'p', workplaceId: 'w', employeeId: null }).order, client_id: null });
    const { totals, problems } = orderTotals({
      lines: body.items.map((entry) => ({ ...entry, modifiers: entry.modifiers?.map((chosen) => ({ ...chosen, free_quantity: chosen.free_quantity ?? 0 })) ?? null })),
      discounts: [],
      taxes: (body.taxes ?? []).map((tax) => ({ item_id: tax.item_id ?? null, tax_percent: tax.tax_percent ?? null, tax_value: tax.tax_value ?? null, fee_percent: tax.fee_percent ?? null, fee_value: tax.fee_value ?? null })),
      payments: [],
      deliveryFee: null,
    });
    expect(problems).toEqual([]);
    expect(totalProblems(body, totals)).toEqual([]);
  });

  it('changes a line’s modifiers in place, and leaves a line without modifier groups alone', () => {
    const state = run([
      { type: 'add', item: item('milk'), quantity: '1', modifiers: [oat] },
      { type: 'add', item: item('bread'), quantity: '1' },
    ]);
    const [withGroups, plain] = state.lines;
    const changed = run([
      { type: 'setModifiers', key: withGroups!.key, modifiers: [cream] },
      { type: 'setModifiers', key: plain!.key, modifiers: [oat] },
    ], state);
    expect(changed.lines.map((line) => line.modifiers?.map((modifier) => modifier.id) ?? null)).toEqual([['cream'], null]);
  });
});
