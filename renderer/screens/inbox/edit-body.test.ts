import { describe, expect, it } from 'vitest';
import { bodyOf, fieldsOf, linesFor, type EditField } from './edit-body.js';

const REFUSED = {
  client_id: 'c-1',
  debt_amount: '50.10',
  note: null,
  is_paid: false,
  count: 3,
  items: [{ itemId: 'i-1', quantity: '2' }],
};

function edit(fields: EditField[], name: string, value: string): EditField[] {
  return fields.map((field) => (field.name === name ? { ...field, value } : field));
}

describe('the resubmit form’s fields', () => {
  it('gives every top-level field an input of its own kind, decimals staying text', () => {
    expect(fieldsOf(REFUSED).map(({ name, kind }) => [name, kind])).toEqual([
      ['client_id', 'text'],
      ['debt_amount', 'text'],
      ['note', 'text'],
      ['is_paid', 'flag'],
      ['count', 'number'],
      ['items', 'json'],
    ]);
  });

  it('sends the refused body back unchanged when nothing is edited', () => {
    expect(bodyOf(fieldsOf(REFUSED))).toEqual({ ok: true, body: REFUSED });
  });

  it('sends only the edits, keeping each value’s type (money as an exact string, never a number)', () => {
    let fields = fieldsOf(REFUSED);
    fields = edit(fields, 'client_id', 'c-2');
    fields = edit(fields, 'debt_amount', '0.30');
    fields = edit(fields, 'is_paid', 'true');
    fields = edit(fields, 'items', '[{"itemId":"i-1","quantity":"2.5"}]');
    expect(bodyOf(fields)).toEqual({
      ok: true,
      body: { ...REFUSED, client_id: 'c-2', debt_amount: '0.30', is_paid: true, items: [{ itemId: 'i-1', quantity: '2.5' }] },
    });
  });

  it('sends null again for a field that was null and is left empty, and text once something is typed', () => {
    expect(bodyOf(fieldsOf(REFUSED))).toMatchObject({ body: { note: null } });
    expect(bodyOf(edit(fieldsOf(REFUSED), 'note', 'paid in cash'))).toMatchObject({ body: { note: 'paid in cash' } });
    expect(bodyOf(edit(fieldsOf({ note: 'x' }), 'note', ''))).toEqual({ ok: true, body: { note: '' } });
  });

  it('refuses broken JSON and a number that is not whole, naming each field', () => {
    let fields = edit(fieldsOf(REFUSED), 'items', '[{"itemId": ');
    fields = edit(fields, 'count', '2.5');
    expect(bodyOf(fields)).toEqual({ ok: false, problems: ['count must be a whole number', 'items is not valid JSON'] });
  });

  it('has no fields for a body that is not an object', () => {
    expect(fieldsOf(null)).toEqual([]);
    expect(fieldsOf([1, 2])).toEqual([]);
  });

  it('puts each line of a 400 next to the field it names, nested lines included', () => {
    const lines = [
      'items.0.quantity must not be negative',
      'client_id must be an existing client',
      'items must not be empty',
      'itemsTotal x',
    ];
    expect(linesFor('items', lines)).toEqual(['items.0.quantity must not be negative', 'items must not be empty']);
    expect(linesFor('client_id', lines)).toEqual(['client_id must be an existing client']);
    expect(linesFor('note', lines)).toEqual([]);
  });
});
