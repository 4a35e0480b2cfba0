import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/index.js';
import { receiptsEn, receiptsRu, receiptsUz } from '../../i18n/receipts.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

// Every key the screen names is checked by the compiler (`t` takes message keys only); this checks the texts.
describe('the receipts screen’s messages', () => {
  it('has every key in uz, ru and en, non-empty, with the same placeholders', () => {
    for (const catalogue of [receiptsRu, receiptsUz]) {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(receiptsEn).sort());
      for (const [key, text] of Object.entries(receiptsEn)) {
        const translated = catalogue[key as keyof typeof receiptsEn];
        expect(translated.trim(), key).not.toBe('');
        expect(placeholders(translated), key).toEqual(placeholders(text));
      }
    }
  });

  it('is part of the terminal’s catalogues in all three languages', () => {
    expect(translator('en')('receipts.unknownBarcode', { code: '478' })).toBe('No item has the barcode 478.');
    expect(translator('ru')('receipts.unknownBarcode', { code: '478' })).toBe('Нет товара со штрихкодом 478.');
    expect(translator('uz')('receipts.unknownBarcode', { code: '478' })).toBe('478 shtrix-kodli tovar yo‘q.');
  });
});
