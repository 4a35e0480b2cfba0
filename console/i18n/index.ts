/**
 * The console's three languages and its message catalogues: plain objects of ICU MessageFormat text (react-intl;
 * `{name}` placeholders, `{count, plural, one {…} other {…}}`). en.ts is the source; ru.ts and uz.ts are typed by
 * its keys, so a missing translation is a compile error, and catalogues.test.ts checks placeholders and plurals.
 * A page area adds its own file (see shell.ts) and spreads it into en.ts, ru.ts and uz.ts — nothing else.
 */
import { createIntl, createIntlCache } from 'react-intl';
import { en, type MessageKey, type Messages } from './en.js';
import { ru } from './ru.js';
import { uz } from './uz.js';

export type Language = 'uz' | 'ru' | 'en';
export type { MessageKey, Messages };

export const LANGUAGES: readonly { readonly code: Language; readonly name: string }[] = [
  { code: 'uz', name: 'O‘zbekcha' },
  { code: 'ru', name: 'Русский' },
  { code: 'en', name: 'English' },
];

export const CATALOGUES: Record<Language, Messages> = { uz, ru, en };

/** BCP 47 tags for messages, dates and numbers (Uzbek in Latin script). */
export const LOCALES: Record<Language, string> = { uz: 'uz-Latn-UZ', ru: 'ru-RU', en: 'en-GB' };

/** `<b>` in a translation is plain text: none of our messages is rich text, so a "<" can never break one. */
export const MESSAGE_OPTIONS = { ignoreTag: true } as const;

export function isLanguage(value: unknown): value is Language {
  return value === 'uz' || value === 'ru' || value === 'en';
}

export type MessageValues = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

const cache = createIntlCache();

/** A translator outside React (tests, error texts built before rendering); components use `useT()`. */
export function translator(language: Language): Translate {
  const intl = createIntl({ locale: LOCALES[language], defaultLocale: LOCALES.en, messages: CATALOGUES[language] }, cache);
  return (key, values) => intl.formatMessage({ id: key }, values, MESSAGE_OPTIONS);
}
