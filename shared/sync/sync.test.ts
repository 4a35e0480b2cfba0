import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCursor, parseCursor } from './cursor.js';
import { displayEnrollmentCode, newEnrollmentCode, normalizeEnrollmentCode } from './enrollment-code.js';
import { parseExactJson } from './exact-json.js';
import { MIN_PROTOCOL_VERSION, PROTOCOL_VERSION, supportsProtocolVersion } from './protocol.js';

describe('pull cursors', () => {
  it('read back exactly what they were written from, versions up to 2^63 − 1', () => {
    for (const version of [0n, 1n, 88_123n, 2n ** 63n - 1n]) {
      expect(parseCursor(formatCursor({ version, scopeKey: 'Ab_9-x', generation: null }))).toEqual({ version, scopeKey: 'Ab_9-x', generation: null });
      const withGeneration = { version, scopeKey: 'Ab_9-x', generation: '_bLlXT0zDm_iUIyjkaMerQ' };
      expect(parseCursor(formatCursor(withGeneration))).toEqual(withGeneration);
    }
  });

  it('name the generation they were issued in (v2), while v1 cursors stay readable without one', () => {
    expect(formatCursor({ version: 7n, scopeKey: 'k', generation: 'g1' })).toBe('v2:7:k:g1');
    expect(parseCursor('v1:7:k')).toEqual({ version: 7n, scopeKey: 'k', generation: null });
    for (const text of ['v2:7:k', 'v2:7:k:', 'v2:7:k:g 1', 'v2:07:k:g', `v2:7:k:${'g'.repeat(41)}`]) expect(parseCursor(text), text).toBeNull();
  });

  it('reject anything the service did not write: other formats, signs, leading zeros, overflow, odd keys', () => {
    for (const text of ['', 'v1', 'v1:5', 'v2:5:k', 'v1:-5:k', 'v1:05:k', 'v1:5:', 'v1:5:k:x', 'v1:5:k y', `v1:${2n ** 63n}:k`, 'v1:1e3:k', ' v1:5:k']) {
      expect(parseCursor(text), text).toBeNull();
    }
  });
});

describe('enrollment codes', () => {
  it('are nine symbols in three groups, from an alphabet without I, L, O or U', () => {
    for (let index = 0; index < 200; index += 1) expect(newEnrollmentCode()).toMatch(/^[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{3}$/);
  });

  it('carry 45 random bits: every one of the 32 symbols appears in every position', () => {
    const seen = Array.from({ length: 9 }, () => new Set<string>());
    for (let index = 0; index < 2_000; index += 1) [...newEnrollmentCode().replace(/-/g, '')].forEach((symbol, position) => seen[position]?.add(symbol));
    expect(seen.map((symbols) => symbols.size)).toEqual(Array(9).fill(32));
  });

  it('are read back however a person types them: case, spaces, hyphens, O for 0, I or L for 1', () => {
    expect(normalizeEnrollmentCode('K7Q-4MZ-9TD')).toBe('K7Q4MZ9TD');
    expect(normalizeEnrollmentCode(' k7q 4mz 9td ')).toBe('K7Q4MZ9TD');
    expect(normalizeEnrollmentCode('1O0-ILX-ABC')).toBe('100-11X-ABC'.replace(/-/g, ''));
    expect(displayEnrollmentCode('K7Q4MZ9TD')).toBe('K7Q-4MZ-9TD');
    fc.assert(fc.property(fc.constant(null), () => {
      const code = newEnrollmentCode();
      return normalizeEnrollmentCode(code.toLowerCase()) === code.replace(/-/g, '');
    }));
  });

  it('refuse input that cannot be a code', () => {
    for (const input of ['', 'K7Q-4MZ-9T', 'K7Q-4MZ-9TDX', 'K7Q-4MZ-9TU', 'K7Q_4MZ_9TD', 'x'.repeat(100)]) expect(normalizeEnrollmentCode(input), input).toBeNull();
  });
});

describe('exact JSON', () => {
  it('parses like JSON.parse, except integers beyond 2^53, which stay exact as bigint', () => {
    expect(parseExactJson('{"price":99999999999999999,"qty":5000,"neg":-9007199254740993,"f":1.5,"e":1e3}')).toEqual({
      price: 99_999_999_999_999_999n,
      qty: 5000,
      neg: -9_007_199_254_740_993n,
      f: 1.5,
      e: 1000,
    });
    expect(parseExactJson('9007199254740991')).toBe(9_007_199_254_740_991);
  });

  it('agrees with JSON.parse on any JSON value without large integers', () => {
    fc.assert(
      fc.property(fc.jsonValue().filter((value) => !/[0-9]{16}/.test(JSON.stringify(value))), (value) => {
        const text = JSON.stringify(value);
        expect(parseExactJson(text)).toEqual(JSON.parse(text));
        expect(parseExactJson(JSON.stringify(value, null, 2))).toEqual(JSON.parse(text));
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it('treats a key named __proto__ as data, and rejects malformed text', () => {
    const parsed = parseExactJson('{"__proto__":{"polluted":1}}') as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    for (const text of ['', '{', '{"a":}', '[1,]', '01', '"open', '{"a":1} x', 'tru']) expect(() => parseExactJson(text), text).toThrow(SyntaxError);
  });
});

describe('the protocol version window', () => {
  it('accepts exactly the versions from the oldest served to the newest', () => {
    expect(supportsProtocolVersion(PROTOCOL_VERSION)).toBe(true);
    expect(supportsProtocolVersion(MIN_PROTOCOL_VERSION)).toBe(true);
    expect(supportsProtocolVersion(PROTOCOL_VERSION + 1)).toBe(false);
    expect(supportsProtocolVersion(MIN_PROTOCOL_VERSION - 1)).toBe(false);
    expect(supportsProtocolVersion(1.5)).toBe(false);
  });
});
