import { describe, expect, it } from 'vitest';
import { centredLines, pairLines, wrapText } from '../../../main/printing/line-fitting.js';

const texts = (blocks: ReturnType<typeof pairLines>) => blocks.map((block) => (block.kind === 'line' ? block.text : `<${block.kind}>`));

describe('fitting text to the paper', () => {
  it('wraps at spaces and cuts a word longer than the line', () => {
    expect(wrapText('Coca-Cola Zero 1.5 litre bottle', 16)).toEqual(['Coca-Cola Zero', '1.5 litre bottle']);
    expect(wrapText('ABCDEFGHIJKLMNOPQRST', 8)).toEqual(['ABCDEFGH', 'IJKLMNOP', 'QRST']);
  });

  it('keeps an indent on every wrapped line', () => {
    expect(wrapText('  + extra cheese and onions', 16)).toEqual(['  + extra cheese', '  and onions']);
  });

  it('puts a label and an amount on one line, the amount flush right', () => {
    expect(texts(pairLines('JAMI', '45 000', 32))).toEqual(['JAMI                      45 000']);
  });

  it('wraps a long label and still ends with the amount flush right', () => {
    const lines = texts(pairLines('Chegirma: Doimiy mijozlar uchun maxsus taklif', '-1 500', 32));
    expect(lines).toEqual(['Chegirma: Doimiy mijozlar uchun', 'maxsus taklif             -1 500']);
  });

  it('gives the amount a line of its own when the last label line leaves no room', () => {
    const lines = texts(pairLines('ABCDEFGHIJKLMNOPQRSTUVWXYZ12', '1 000', 32));
    expect(lines).toEqual(['ABCDEFGHIJKLMNOPQRSTUVWXYZ12', '                           1 000']);
  });

  it('centres text on the paper', () => {
    expect(texts(centredLines('JAMI', 10))).toEqual(['   JAMI']);
  });
});
