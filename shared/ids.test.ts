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
});
