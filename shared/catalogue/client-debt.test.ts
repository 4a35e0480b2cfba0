import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Prefix, signatureUrl } from './client-debt.js';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** A reference encoder, written independently of the decoder under test (no Buffer: shared/ has no node:*). */
function encode(bytes: number[]): string {
  let text = '';
  for (let index = 0; index < bytes.length; index += 3) {
    const [a = 0, b = 0, c = 0] = bytes.slice(index, index + 3);
    const chunk = (a << 16) | (b << 8) | c;
    const count = Math.min(3, bytes.length - index);
    for (let char = 0; char < 4; char += 1) text += char <= count ? BASE64[(chunk >> (18 - 6 * char)) & 63] : '=';
  }
  return text;
}

describe('base64Prefix', () => {
  it('decodes the leading bytes of any base64 text', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 40 }), fc.nat(20), (bytes, count) => {
        expect(base64Prefix(encode(bytes), count)).toEqual(bytes.slice(0, count));
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe('signatureUrl', () => {
  const png = 'data:image/png;base64,' + encode([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

  const jpeg = 'data:image/jpeg;base64,' + encode([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
  const webp = 'data:image/webp;base64,' + encode([0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50]);

  it('accepts http(s) URLs and PNG, JPEG and WebP data URIs, and turns "" into no signature', () => {
    expect(signatureUrl().parse('https://example.com/s.png')).toBe('https://example.com/s.png');
    expect(signatureUrl().parse('http://example.com/s.png')).toBe('http://example.com/s.png');
    expect(signatureUrl().parse(jpeg)).toBe(jpeg);
    expect(signatureUrl().parse(webp)).toBe(webp);
    expect(signatureUrl().parse(png)).toBe(png);
    expect(signatureUrl().parse('DATA:IMAGE/PNG;base64,' + png.split(',')[1])).toMatch(/^DATA:/);
    expect(signatureUrl().parse('')).toBeNull();
  });

  it('rejects other schemes, other image types and payloads that are not the declared image', () => {
    for (const bad of [
      'ftp://example.com/s.png',
      'data:image/gif;base64,R0lGOD==',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:image/png;base64,' + encode([1, 2, 3, 4, 5, 6, 7, 8]),
      'data:image/jpeg;base64,' + encode([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      'data:image/webp;base64,' + encode([0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x41, 0x56, 0x49, 0x20]),
      webp.replace('image/webp', 'image/png'),
    ]) {
      expect(signatureUrl().safeParse(bad).success).toBe(false);
    }
  });
});
