import { describe, expect, it } from 'vitest';
import { expectPluralsCoverEachLanguage, expectSameKeysAndPlaceholders } from '../../test/helpers/message-catalogues.js';
import { en } from './en.js';
import { LANGUAGES, LOCALES, translator, type Language } from './index.js';
import { ru } from './ru.js';
import { uz } from './uz.js';

const catalogues: Record<Language, Record<string, string>> = { uz, ru, en };

describe('the message catalogues', () => {
  it('have the same keys in uz, ru and en, each with the same placeholders', () => {
    expectSameKeysAndPlaceholders(en, [uz, ru]);
  });

  it('are valid ICU messages whose plurals cover every plural form of their language', () => {
    expectPluralsCoverEachLanguage(catalogues, LOCALES);
  });

  it('offers exactly the three languages, and fills placeholders', () => {
    expect(LANGUAGES.map((language) => language.code)).toEqual(['uz', 'ru', 'en']);
    expect(translator('en')('pin.locked', { seconds: 30 })).toBe('Too many wrong PINs. Try again in 30 s.');
    expect(translator('ru')('sync.pending', { count: 2 })).toBe('К отправке: 2');
    expect(translator('uz')('nav.signOut')).toBe('Chiqish');
  });

  it('say "1 modifier" and "3 modifiers" by the plural rules of each language', () => {
    const count = (language: Language, value: number) => translator(language)('modifierGroups.count', { count: value });
    expect([count('en', 1), count('en', 3)]).toEqual(['1 modifier', '3 modifiers']);
    expect([count('ru', 1), count('ru', 3), count('ru', 5), count('ru', 21)]).toEqual([
      '1 модификатор',
      '3 модификатора',
      '5 модификаторов',
      '21 модификатор',
    ]);
    expect([count('uz', 1), count('uz', 3)]).toEqual(['1 ta modifikator', '3 ta modifikator']);
    // The number inside a plural is grouped the language's way.
    expect(translator('en')('stock.rows', { count: 50000 })).toBe('50,000 rows');
  });
});
