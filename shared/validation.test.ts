import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dto, id, list, money, quantity, requiredText, text } from './schema-kit.js';
import { validate } from './validation.js';

const Line = dto({ itemId: id(), quantity: quantity({ min: 'positive' }) });
const Doc = dto({ name: requiredText(), note: text().optional(), price: money(), items: list(Line) });

describe('validation messages', () => {
  it('accepts a valid body and converts decimals to exact units', () => {
    const result = validate(Doc, { name: 'A', price: '12.5', items: [{ itemId: 'x', quantity: '0.125' }] });
    expect(result).toEqual({ ok: true, value: { name: 'A', price: 1250n, items: [{ itemId: 'x', quantity: 125n }] } });
  });

  it('names every problem with its field path, nested ones too', () => {
    const result = validate(Doc, { name: '', price: '1.001', items: [{ itemId: 'x', quantity: 'lots', zzz: 1 }], extra: true });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining([
        'name should not be empty',
        'price must have at most 2 decimal places',
        'items.0.quantity must be a decimal number written like "12.50"',
        'items.0.property zzz should not exist',
        'property extra should not exist',
      ]),
    );
  });

  it('reports missing required fields and wrong types', () => {
    const result = validate(Doc, { price: 5, items: 'no' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(expect.arrayContaining(['name is required', 'price must be a decimal string like "12.50"', 'items must be an array']));
  });

  it('rejects a non-object body', () => {
    const result = validate(Doc, [1]);
    expect(result).toEqual({ ok: false, problems: ['must be an object'] });
    expect(validate(z.object({}), null).ok).toBe(false);
  });
});
