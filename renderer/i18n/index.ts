/**
 * The three languages of the terminal and the one function that formats a message. Catalogues are plain
 * objects; a missing key in ru or uz is a compile error (they are typed by en's keys).
 */
import { en, type MessageKey, type Messages } from './en.js';
import { ru } from './ru.js';
import { uz } from './uz.js';

export type Language = 'uz' | 'ru' | 'en';
export type { MessageKey };

export const LANGUAGES: readonly { readonly code: Language; readonly name: string }[] = [
  { code: 'uz', name: 'O‘zbekcha' },
  { code: 'ru', name: 'Русский' },
  { code: 'en', name: 'English' },
];

const CATALOGUES: Record<Language, Messages> = { uz, ru, en };

/** BCP 47 tags for dates and numbers. */
export const LOCALES: Record<Language, string> = { uz: 'uz-Latn-UZ', ru: 'ru-RU', en: 'en-GB' };

export function isLanguage(value: unknown): value is Language {
  return value === 'uz' || value === 'ru' || value === 'en';
}

export type Translate = (key: MessageKey, values?: Readonly<Record<string, string | number>>) => string;

/** A translator for one language: `{name}` placeholders are replaced by `values.name`. */
export function translator(language: Language): Translate {
  const messages = CATALOGUES[language];
  return (key, values) => {
    const text = messages[key];
    if (!values) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}
