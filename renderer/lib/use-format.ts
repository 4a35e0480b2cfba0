/**
 * format.ts's functions bound to the language on screen, for components: `const f = useFormat(); f.money(total)`.
 * A component using it re-renders when the language changes, so its numbers and dates follow.
 */
import { useMemo } from 'react';
import type { DecimalKind } from '../../shared/decimal.js';
import type { Language } from '../i18n/index.js';
import { useLanguage } from '../state/context.js';
import { showDate, showDateTime, showMoney, showQuantity, showTime, unitsOrUndefined } from './format.js';

export interface Format {
  readonly language: Language;
  money(text: string): string;
  quantity(text: string): string;
  date(value: string | Date | null | undefined): string;
  dateTime(value: string | Date | null | undefined): string;
  time(value: string | Date | null | undefined): string;
  units(text: string, kind: DecimalKind): bigint | undefined;
}

export function useFormat(): Format {
  const language = useLanguage();
  return useMemo(
    () => ({
      language,
      money: (text) => showMoney(text, language),
      quantity: (text) => showQuantity(text, language),
      date: (value) => showDate(value, language),
      dateTime: (value) => showDateTime(value, language),
      time: (value) => showTime(value, language),
      units: (text, kind) => unitsOrUndefined(text, kind, language),
    }),
    [language],
  );
}
