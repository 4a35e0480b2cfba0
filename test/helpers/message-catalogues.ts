/**
 * The checks every set of ICU message catalogues must pass (the terminal's renderer/i18n and the owner's
 * console/i18n): the same keys with the same placeholders in every language, and plurals that cover each
 * language's plural forms. One copy, so both apps' catalogues are held to the same rules.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { expect } from 'vitest';

/** Every argument a message uses, plural ones included, and the plural branches it offers per argument. */
export function argumentsOf(elements: MessageFormatElement[], names = new Set<string>(), plurals = new Map<string, string[]>()) {
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

const parsed = (text: string) => argumentsOf(parse(text, { ignoreTag: true }));

/** Each translation has exactly the source's keys, and each message the source message's placeholders. */
export function expectSameKeysAndPlaceholders(source: Record<string, string>, translations: readonly Record<string, string>[]): void {
  for (const catalogue of translations) {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(source).sort());
    for (const [key, text] of Object.entries(source)) {
      expect([...parsed(catalogue[key] ?? '').names].sort(), key).toEqual([...parsed(text).names].sort());
    }
  }
}

/** Every message parses as ICU, and each of its plurals offers every plural category of its language. */
export function expectPluralsCoverEachLanguage(catalogues: Record<string, Record<string, string>>, locales: Record<string, string>): void {
  for (const [language, catalogue] of Object.entries(catalogues)) {
    const needed = new Intl.PluralRules(locales[language]).resolvedOptions().pluralCategories;
    for (const [key, text] of Object.entries(catalogue)) {
      for (const [name, branches] of parsed(text).plurals)
        for (const category of needed) expect(branches, `${language} ${key} {${name}} lacks "${category}"`).toContain(category);
    }
  }
}
