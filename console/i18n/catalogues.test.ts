import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { en } from './en.js';
import { LANGUAGES, LOCALES, translator, type Language } from './index.js';
import { ru } from './ru.js';
import { uz } from './uz.js';

const catalogues: Record<Language, Record<string, string>> = { uz, ru, en };

/** Every argument a message uses, plural ones included, and the plural branches it offers per argument. */
function argumentsOf(elements: MessageFormatElement[], names = new Set<string>(), plurals = new Map<string, string[]>()) {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date) names.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      names.add(element.value);
      if (element.type === TYPE.plural) plurals.set(element.value, Object.keys(element.options));
      for (const option of Object.values(element.options)) argumentsOf(option.value, names, plurals);
    }
  }
  return { names, plurals };
}

describe("the console's message catalogues", () => {
  it('have the same keys in uz, ru and en, each with the same placeholders', () => {
    for (const catalogue of [uz, ru]) {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        const theirs = [...argumentsOf(parse(catalogue[key as keyof typeof en], { ignoreTag: true })).names].sort();
        expect(theirs, key).toEqual([...argumentsOf(parse(text, { ignoreTag: true })).names].sort());
      }
    }
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
    for (const language of ['uz', 'ru', 'en'] as const) {
      const needed = new Intl.PluralRules(LOCALES[language]).resolvedOptions().pluralCategories;
      for (const [key, text] of Object.entries(catalogues[language])) {
        const { plurals } = argumentsOf(parse(text, { ignoreTag: true }));
        for (const [name, branches] of plurals)
          for (const category of needed) expect(branches, `${language} ${key} {${name}} lacks "${category}"`).toContain(category);
      }
    }
  });

  it('offer exactly the three languages, and fill placeholders by each language’s plural rules', () => {
    expect(LANGUAGES.map((language) => language.code)).toEqual(['uz', 'ru', 'en']);
    expect(translator('en')('problem.minLength', { count: 6 })).toBe('must be at least 6 characters');
    expect(translator('ru')('problem.minLength', { count: 6 })).toBe('не короче 6 символов');
    expect(translator('ru')('problem.minLength', { count: 1 })).toBe('не короче 1 символа');
    expect(translator('uz')('nav.signOut')).toBe('Chiqish');
  });
});
