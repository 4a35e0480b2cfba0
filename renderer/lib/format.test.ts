import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, MONEY, QUANTITY } from '../../shared/decimal.js';
import type { Language } from '../i18n/index.js';
import {
  formatLocale,
  searchKey,
  showDate,
  showDateTime,
  showMoney,
  showQuantity,
  showTime,
  unitsOrUndefined,
} from './format.js';

const NB = '\u00a0';
const LANGUAGES: Language[] = ['uz', 'ru', 'en'];

describe('showing money in so’m', () => {
  it('shows whole amounts without decimals, grouped the language’s way', () => {
    expect(showMoney('12000.00', 'uz')).toBe(`12${NB}000`);
    expect(showMoney('12000', 'ru')).toBe(`12${NB}000`);
    expect(showMoney('12000', 'en')).toBe('12,000');
    expect(showMoney('0', 'en')).toBe('0');
  });

  it('shows two decimals, with the language’s decimal sign, only when an amount has them', () => {
    expect(showMoney('1234567.5', 'uz')).toBe(`1${NB}234${NB}567,50`);
    expect(showMoney('1234567.5', 'ru')).toBe(`1${NB}234${NB}567,50`);
    expect(showMoney('1234567.5', 'en')).toBe('1,234,567.50');
    expect(showMoney('-125000.05', 'en')).toBe('−125,000.05');
    expect(showMoney('-0.5', 'ru')).toBe('−0,50');
  });

  it('stays exact beyond what a double holds', () => {
    expect(showMoney('999999999999999.99', 'en')).toBe('999,999,999,999,999.99');
    expect(showMoney('900719925474099.13', 'ru')).toBe(`900${NB}719${NB}925${NB}474${NB}099,13`);
  });

  it('shows text that is not a decimal as it is', () => {
    expect(showMoney('lots', 'en')).toBe('lots');
  });
});

describe('showing quantities', () => {
  it('shows only the decimals a quantity has', () => {
    expect(showQuantity('37.5', 'en')).toBe('37.5');
    expect(showQuantity('37.5', 'uz')).toBe('37,5');
    expect(showQuantity('1000', 'ru')).toBe(`1${NB}000`);
    expect(showQuantity('-0.125', 'en')).toBe('−0.125');
  });
});

describe('reading typed amounts', () => {
  it('accepts what the display shows, in each language', () => {
    expect(unitsOrUndefined('2 500', MONEY, 'uz')).toBe(250_000n);
    expect(unitsOrUndefined(`2${NB}500`, MONEY, 'ru')).toBe(250_000n);
    expect(unitsOrUndefined('2\u202f500,50', MONEY, 'ru')).toBe(250_050n);
    expect(unitsOrUndefined('2,500', MONEY, 'en')).toBe(250_000n);
    expect(unitsOrUndefined('12,000.50', MONEY, 'en')).toBe(1_200_050n);
    expect(unitsOrUndefined('−1 000', MONEY, 'uz')).toBe(-100_000n);
  });

  it('takes a decimal comma or dot in uz and ru, and a lone decimal comma in en', () => {
    expect(unitsOrUndefined('125000,50', MONEY, 'uz')).toBe(12_500_050n);
    expect(unitsOrUndefined('125000.50', MONEY, 'ru')).toBe(12_500_050n);
    expect(unitsOrUndefined('125000,5', MONEY, 'en')).toBe(12_500_050n);
    expect(unitsOrUndefined(' 0.1 ', MONEY, 'en')).toBe(10n);
  });

  it('refuses what is not an amount', () => {
    for (const language of LANGUAGES) {
      expect(unitsOrUndefined('1.005', MONEY, language)).toBeUndefined();
      expect(unitsOrUndefined('1e5', MONEY, language)).toBeUndefined();
      expect(unitsOrUndefined('', MONEY, language)).toBeUndefined();
      expect(unitsOrUndefined('12a', MONEY, language)).toBeUndefined();
      expect(unitsOrUndefined('-', MONEY, language)).toBeUndefined();
    }
    expect(unitsOrUndefined('1.234,50', MONEY, 'ru')).toBeUndefined();
    expect(unitsOrUndefined('1,2,3', MONEY, 'en')).toBeUndefined();
  });

  it('reads back every amount it shows, in every language (property)', () => {
    const units = fc.bigInt({ min: -(10n ** 17n) + 1n, max: 10n ** 17n - 1n });
    fc.assert(
      fc.property(units, fc.constantFrom(...LANGUAGES), (value, language) => {
        const shown = showMoney(formatDecimal(value, MONEY), language);
        expect(unitsOrUndefined(shown, MONEY, language)).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back every quantity it shows, in every language (property)', () => {
    const units = fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n });
    fc.assert(
      fc.property(units, fc.constantFrom(...LANGUAGES), (value, language) => {
        const shown = showQuantity(formatDecimal(value, QUANTITY), language);
        expect(unitsOrUndefined(shown, QUANTITY, language)).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('shows the integer digits of an amount unchanged, whatever its size (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.constantFrom(...LANGUAGES), (value, language) => {
        expect(showMoney(String(value), language).replace(/\D/g, '')).toBe(String(value));
      }),
    );
  });
});

describe('showing dates', () => {
  const instant = new Date(2026, 10, 5, 9, 7, 3);

  it('uses one date format per language, the same in dates and date-times', () => {
    expect(showDate(instant, 'ru')).toBe('05.11.2026');
    expect(showDate(instant, 'en')).toBe('05/11/2026');
    expect(showDate(instant, 'uz')).toBe('05/11/2026');
    for (const language of LANGUAGES) {
      expect(showDateTime(instant, language).startsWith(showDate(instant, language)), language).toBe(true);
      expect(showDateTime(instant, language).endsWith('09:07'), language).toBe(true);
    }
    expect(showTime(instant, 'en')).toBe('09:07:03');
  });

  it('shows nothing for a missing or unreadable date', () => {
    expect(showDate(null, 'en')).toBe('');
    expect(showDateTime('not a date', 'ru')).toBe('');
  });
});

describe('a runtime without Uzbek locale data (Chromium)', () => {
  it('formats Uzbek with its CLDR conventions through ru numbers and en-GB dates, and leaves the others alone', () => {
    const none = () => false;
    expect(formatLocale('uz', 'number', none)).toBe('ru-RU');
    expect(formatLocale('uz', 'date', none)).toBe('en-GB');
    expect(formatLocale('ru', 'number', none)).toBe('ru-RU');
    expect(formatLocale('en', 'date', none)).toBe('en-GB');
    expect(formatLocale('uz', 'number', () => true)).toBe('uz-Latn-UZ');
    // The stand-ins give what Uzbek's own data gives here (Node has full ICU).
    const uzNumber = new Intl.NumberFormat('uz-Latn-UZ', { minimumFractionDigits: 2 }).format(12000.5);
    expect(new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2 }).format(12000.5)).toBe(uzNumber);
    const day = new Date(2026, 10, 5);
    const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    expect(new Intl.DateTimeFormat('en-GB', options).format(day)).toBe(
      new Intl.DateTimeFormat('uz-Latn-UZ', options).format(day),
    );
  });
});

describe('search keys', () => {
  it('match searches without case or separators', () => {
    expect(searchKey('+998 (90) 123-45-67')).toBe('998901234567');
    expect(searchKey('Dilnoza YUSUPOVA')).toBe('dilnozayusupova');
  });
});
