import { describe, expect, it } from 'vitest';
import { expectPluralsCoverEachLanguage, expectSameKeysAndPlaceholders } from '../../test/helpers/message-catalogues.js';
import { en } from './en.js';
import { LANGUAGES, LOCALES, translator, type Language } from './index.js';
import { ru } from './ru.js';
import { uz } from './uz.js';

const catalogues: Record<Language, Record<string, string>> = { uz, ru, en };

describe("the console's message catalogues", () => {
  it('have the same keys in uz, ru and en, each with the same placeholders', () => {
    expectSameKeysAndPlaceholders(en, [uz, ru]);
  });

  it('have no empty message, and translate: no uz or ru message is the English one unless it is a name or a sign', () => {
    const sameEverywhere = new Set(['app.name', 'common.none', 'error.field', 'signIn.login', 'register.login']);
    for (const language of ['uz', 'ru'] as const) {
      for (const [key, text] of Object.entries(catalogues[language])) {
        expect(text.trim(), `${language} ${key}`).not.toBe('');
        if (!sameEverywhere.has(key) && /[a-z]{4}/i.test(en[key as keyof typeof en])) expect(text, `${language} ${key} is untranslated`).not.toBe(en[key as keyof typeof en]);
      }
    }
  });

  it('are valid ICU messages whose plurals cover every plural form of their language', () => {
    expectPluralsCoverEachLanguage(catalogues, LOCALES);
  });

  it('offer exactly the three languages, and fill placeholders by each language’s plural rules', () => {
    expect(LANGUAGES.map((language) => language.code)).toEqual(['uz', 'ru', 'en']);
    expect(translator('en')('problem.minLength', { count: 6 })).toBe('must be at least 6 characters');
    expect(translator('ru')('problem.minLength', { count: 6 })).toBe('не короче 6 символов');
    expect(translator('ru')('problem.minLength', { count: 1 })).toBe('не короче 1 символа');
    expect(translator('uz')('nav.signOut')).toBe('Chiqish');
  });
});
