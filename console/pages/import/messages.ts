/**
 * The import preview's problems in the user's language (uz, ru, en). Kept beside the page so the preview module
 * stays pure and its codes stay the contract; the page shows these next to each row.
 */
import type { Problem, ProblemCode } from './preview.js';

export type Language = 'uz' | 'ru' | 'en';

type Say = (problem: Problem) => string;

const FIELD_NAMES: Record<Language, Record<string, string>> = {
  en: { name: 'name', barcode: 'barcode', group: 'group', unit: 'unit', price: 'price', cost: 'cost' },
  ru: { name: 'наименование', barcode: 'штрихкод', group: 'группа', unit: 'единица', price: 'цена', cost: 'себестоимость' },
  uz: { name: 'nomi', barcode: 'shtrix-kod', group: 'guruh', unit: 'birlik', price: 'narx', cost: 'tannarx' },
};

const STOCK_WORD: Record<Language, string> = { en: 'stock in', ru: 'остаток на складе', uz: 'qoldiq, ombor' };

/** The field as the user knows it ("price", "остаток на складе Main"). */
export function fieldName(field: string, language: Language): string {
  if (field.startsWith('stock:')) return `${STOCK_WORD[language]} ${field.slice('stock:'.length)}`;
  return FIELD_NAMES[language][field] ?? field;
}

const MESSAGES: Record<Language, Record<ProblemCode, Say>> = {
  en: {
    required: () => 'is empty',
    badNumber: (p) => `“${p.value}” is not a number (write it like 12500.50)`,
    tooManyDecimals: (p) => `“${p.value}” has too many decimal places`,
    tooLarge: (p) => `“${p.value}” is too large`,
    negative: (p) => `“${p.value}” is negative`,
    unknownUnit: (p) => `“${p.value}” is not one of your units — add it or fix the file`,
    duplicateBarcode: (p) => `barcode “${p.value}” is also on row ${p.otherLine}`,
    duplicateName: (p) => `“${p.value}” without a barcode is also on row ${p.otherLine}`,
    tooLong: () => 'is too long',
  },
  ru: {
    required: () => 'не заполнено',
    badNumber: (p) => `«${p.value}» — не число (пишите так: 12500,50)`,
    tooManyDecimals: (p) => `«${p.value}»: слишком много знаков после запятой`,
    tooLarge: (p) => `«${p.value}»: слишком большое число`,
    negative: (p) => `«${p.value}»: отрицательное число`,
    unknownUnit: (p) => `«${p.value}» — нет такой единицы измерения: добавьте её или исправьте файл`,
    duplicateBarcode: (p) => `штрихкод «${p.value}» уже есть в строке ${p.otherLine}`,
    duplicateName: (p) => `«${p.value}» без штрихкода уже есть в строке ${p.otherLine}`,
    tooLong: () => 'слишком длинное значение',
  },
  uz: {
    required: () => 'to‘ldirilmagan',
    badNumber: (p) => `“${p.value}” son emas (masalan: 12500,50)`,
    tooManyDecimals: (p) => `“${p.value}”: verguldan keyin raqamlar juda ko‘p`,
    tooLarge: (p) => `“${p.value}”: son juda katta`,
    negative: (p) => `“${p.value}”: manfiy son`,
    unknownUnit: (p) => `“${p.value}” — bunday o‘lchov birligi yo‘q: uni qo‘shing yoki faylni tuzating`,
    duplicateBarcode: (p) => `“${p.value}” shtrix-kodi ${p.otherLine}-qatorda ham bor`,
    duplicateName: (p) => `shtrix-kodsiz “${p.value}” ${p.otherLine}-qatorda ham bor`,
    tooLong: () => 'juda uzun',
  },
};

/** "price: “12,5,0” is not a number …" in the user's language. */
export function describeProblem(problem: Problem, language: Language): string {
  return `${fieldName(problem.field, language)}: ${MESSAGES[language][problem.code](problem)}`;
}
