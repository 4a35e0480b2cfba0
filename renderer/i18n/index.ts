/**
 * The three languages of the terminal and the one function that formats a message. Catalogues are plain objects
 * of ICU MessageFormat text (FormatJS's intl-messageformat: `{name}` placeholders, `{count, plural, one {…} other
 * {…}}`); a missing key in ru or uz is a compile error (they are typed by en's keys). New catalogue files are
 * spread into en.ts, ru.ts and uz.ts as receipts.ts, modifier-groups.ts and sale.ts are; nothing else needs registering.
 */
import { IntlMessageFormat } from 'intl-messageformat';
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

/**
 * ICU options shared by the translator and the IntlProvider: tags like `<b>` are plain text in our messages (none
 * is rich text), so a "<" in a translation can never break it.
 */
export const MESSAGE_OPTIONS = { ignoreTag: true } as const;

export function isLanguage(value: unknown): value is Language {
  return value === 'uz' || value === 'ru' || value === 'en';
}

export type MessageValues = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** A translator for one language, outside React (components use `useT()`, which goes through react-intl). */
export function translator(language: Language): Translate {
  const messages = CATALOGUES[language];
  const compiled = new Map<MessageKey, IntlMessageFormat>();
  return (key, values) => {
    let format = compiled.get(key);
    if (!format) {
      format = new IntlMessageFormat(messages[key], LOCALES[language], undefined, MESSAGE_OPTIONS);
      compiled.set(key, format);
    }
    return String(format.format(values));
  };
}
