import { describe, expect, it } from 'vitest';
import { tileColour } from './ItemTiles.js';

describe('item tiles', () => {
  it('colour a tile by the item’s colour, else its group’s, and ignore text that is not a colour', () => {
    expect(tileColour({ color: '#22c55e' }, { color: '#000' })).toBe('#22c55e');
    expect(tileColour({ color: null }, { color: 'teal' })).toBe('teal');
    expect(tileColour({ color: 'red; background: url(x)' }, undefined)).toBeUndefined();
    expect(tileColour({ color: '' }, undefined)).toBeUndefined();
  });
});
