import { describe, expect, it } from 'vitest';
import { printableText } from '../../../main/printing/printable-text.js';

describe('printable text for Cyrillic code pages', () => {
  it("turns the Uzbek ʻ (U+02BB) and the quotes people type for it into an ASCII apostrophe", () => {
    expect(printableText('Oʻzbekiston, gʻisht, O‘zbek, o’g’il, maʼlumot, O`zbek')).toBe("O'zbekiston, g'isht, O'zbek, o'g'il, ma'lumot, O'zbek");
  });

  it('replaces the Uzbek Cyrillic letters that cp866 and windows-1251 lack with the nearest Russian letter', () => {
    expect(printableText('Қаймоқ ғалла Ҳалол ҳа Ғ')).toBe('Каймок галла Халол ха Г');
  });

  it('keeps ў and Ў, which both code pages hold', () => {
    expect(printableText('Ўзбекистон ўрик')).toBe('Ўзбекистон ўрик');
  });

  it('turns typographic quotes, dashes and no-break spaces into their ASCII look-alikes', () => {
    expect(printableText('«Non» — “Samarqand”\u00A01\u202F000…')).toBe('"Non" - "Samarqand" 1 000...');
  });

  it('prints control characters in a name as spaces so they cannot reach the printer as commands', () => {
    expect(printableText('Cola\u001Bp\u0000\u001DV')).toBe('Cola p  V');
  });

  it('composes decomposed letters first (й typed as и + combining breve)', () => {
    expect(printableText('и\u0306')).toBe('й');
  });

  it('prints accented Latin letters as their base letter, leaving Cyrillic й and ё whole', () => {
    expect(printableText('Café Müller, señor')).toBe('Cafe Muller, senor');
    expect(printableText('Чай йогурт ёлка')).toBe('Чай йогурт ёлка');
  });
});
