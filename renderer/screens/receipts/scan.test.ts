import { describe, expect, it } from 'vitest';
import { MAX_GAP_MS, ScanBuffer } from './scan.js';

function typeAt(buffer: ScanBuffer, keys: string, start: number, gap: number) {
  let time = start;
  let result = null;
  for (const key of [...keys, 'Enter']) {
    result = buffer.feed(key, time, 'box');
    time += gap;
  }
  return result;
}

describe('telling a barcode scanner from a person', () => {
  it('reports a code typed a few milliseconds per character and closed by Enter', () => {
    expect(typeAt(new ScanBuffer(), '4780000000017', 1000, 8)).toEqual({ code: '4780000000017', origin: 'box' });
  });

  it('ignores the same characters typed at a person’s pace', () => {
    expect(typeAt(new ScanBuffer(), '4780000000017', 1000, 120)).toBeNull();
  });

  it('ignores a fast burst too short to be a barcode, and a pause before Enter', () => {
    expect(typeAt(new ScanBuffer(), '12', 1000, 5)).toBeNull();
    const buffer = new ScanBuffer();
    for (const [index, key] of [...'47800017'].entries()) buffer.feed(key, 1000 + index * 5, null);
    expect(buffer.feed('Enter', 1035 + MAX_GAP_MS + 200, null)).toBeNull();
  });

  it('starts a new burst after a pause, keeping where the new one began', () => {
    const buffer = new ScanBuffer();
    buffer.feed('9', 0, 'quantity');
    expect(typeAt(buffer, '12345678', 500, 6)).toEqual({ code: '12345678', origin: 'box' });
  });

  it('keeps Shift inside a burst (scanners press it for capital letters)', () => {
    const buffer = new ScanBuffer();
    const keys = ['Shift', 'A', 'B', 'Shift', 'C', '1', '2', 'Enter'];
    let result = null;
    keys.forEach((key, index) => (result = buffer.feed(key, index * 4, null)));
    expect(result).toEqual({ code: 'ABC12', origin: null });
  });
});
