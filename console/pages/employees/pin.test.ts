import { describe, expect, it } from 'vitest';
import { ApiError, parseProblem } from '../../api.js';
import { isPinTaken, randomPin } from './pin.js';

describe('an employee PIN chosen by the console', () => {
  it('is 4 digits from the cryptographic random source, leading zeros kept', () => {
    expect(randomPin(() => Uint32Array.of(7))).toBe('0007');
    expect(randomPin(() => Uint32Array.of(4_294_967_295))).toBe('7295');
    for (let i = 0; i < 50; i += 1) expect(randomPin()).toMatch(/^[0-9]{4}$/);
  });

  it('is drawn again only when the service says a colleague of the same till holds it', () => {
    const taken = new ApiError('invalid', 400, [parseProblem('Ushbu PIN kod allaqachon boshqa xodimga biriktirilgan')]);
    const badName = new ApiError('invalid', 400, [parseProblem('full_name should not be empty')]);
    expect(isPinTaken(taken)).toBe(true);
    expect(isPinTaken(badName)).toBe(false);
    expect(isPinTaken(new Error('offline'))).toBe(false);
  });
});
