/**
 * An instant's date and time as the language writes them, in the browser's time zone ("28.11.2026" and "14:02").
 *
 * Chromium's trimmed ICU data has no Uzbek (docs/gotchas.md): Intl "supports" uz-Latn-UZ there but formats with the
 * root locale ("2026-11-28"). Uzbek writes numeric dates and 24-hour times as British English does, so en-GB stands
 * in when the runtime lacks Uzbek's data — the same check as renderer/lib/format.ts (which the console may not
 * import), by a month name that comes out as the root locale's "M01".
 */
import { LOCALES, type Language } from '../i18n/index.js';

let uzbekKnown: boolean | undefined;

function localeFor(language: Language): string {
  if (language !== 'uz') return LOCALES[language];
  uzbekKnown ??= !/^M?0?1$/.test(new Intl.DateTimeFormat(LOCALES.uz, { month: 'long' }).format(new Date(2026, 0, 15)));
  return uzbekKnown ? LOCALES.uz : LOCALES.en;
}

/** "28.11.2026" (ru), "28/11/2026" (en, uz). */
export const showDate = (iso: string, language: Language): string =>
  new Date(iso).toLocaleDateString(localeFor(language), { day: '2-digit', month: '2-digit', year: 'numeric' });

/** "14:02" in every language. */
export const showTime = (iso: string, language: Language): string =>
  new Date(iso).toLocaleTimeString(localeFor(language), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
