import { describe, expect, it } from 'vitest';
import { isUuid, uuidv7 } from './ids.js';

describe('UUIDv7 ids', () => {
  it('are well-formed version 7, variant 1 UUIDs', () => {
    for (let index = 0; index < 1000; index += 1) {
      const id = uuidv7();
      expect(isUuid(id)).toBe(true);
      expect(id[14]).toBe('7');
      expect('89ab').toContain(id[19]);
    }
  });

  it('carry the creation time in their first 48 bits, so they sort by time', () => {
    const zeros = () => new Uint8Array(10);
    expect(uuidv7(0x0123456789ab, zeros)).toBe('01234567-89ab-7000-8000-000000000000');
    expect(uuidv7(1000) < uuidv7(1001)).toBe(true);
  });

  it('do not repeat across many draws from the random pool', () => {
    const ids = new Set(Array.from({ length: 20_000 }, () => uuidv7(42)));
    expect(ids.size).toBe(20_000);
  });

  it('made in the same millisecond sort in the order they were made, even thousands of them', () => {
    const now = Date.now() + 10_000;
    const ids = Array.from({ length: 10_000 }, () => uuidv7(now));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keep their order when the clock steps back a little, and carry a far earlier time a caller passes as given', () => {
    const now = Date.now() + 20_000;
    const first = uuidv7(now);
    const afterStepBack = uuidv7(now - 5);
    expect(afterStepBack > first).toBe(true);
    expect(uuidv7(0x0123456789ab).startsWith('01234567-89ab-7')).toBe(true);
    expect(uuidv7(now) > afterStepBack).toBe(true);
  });

  it('are a pure function of time and bytes when the caller supplies the bytes', () => {
    const bytes = () => Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(uuidv7(5000, bytes)).toBe(uuidv7(5000, bytes));
  });
});
