/** The CSV export: Excel-ready per language (byte-order mark, delimiter, decimal sign), quoting, formula cells defused. */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { BOM, csvDecimal, toCsv } from './csv.js';

describe('CSV export', () => {
  it('starts with a byte-order mark and uses ";" and a decimal comma in uz and ru, "," and a point in en', () => {
    const rows = [['Чой', { decimal: '1250.5' }, { decimal: '-3' }]];
    expect(toCsv(['Товар', 'Сумма', 'Остаток'], rows, 'ru')).toBe(`${BOM}Товар;Сумма;Остаток\r\nЧой;1250,5;-3\r\n`);
    expect(toCsv(['Mahsulot', 'Summa', 'Qoldiq'], rows, 'uz')).toBe(`${BOM}Mahsulot;Summa;Qoldiq\r\nЧой;1250,5;-3\r\n`);
    expect(toCsv(['Item', 'Sum', 'Left'], rows, 'en')).toBe(`${BOM}Item,Sum,Left\r\nЧой,1250.5,-3\r\n`);
  });

  it('keeps amounts exact: a long decimal is written digit for digit, never through a float', () => {
    expect(toCsv(['a'], [[{ decimal: '119999999999999.93' }]], 'en')).toBe(`${BOM}a\r\n119999999999999.93\r\n`);
    expect(csvDecimal('0.1', 'uz')).toBe('0,1');
    expect(csvDecimal('2026-11-25', 'ru')).toBe('2026-11-25');
  });

  it('quotes a cell holding the delimiter, a quote or a line break, and reads back to the same cells', () => {
    const text = toCsv(['name', 'note'], [['Tea; green', 'said "hi"\nthen left'], [null, { decimal: null }]], 'ru');
    const parsed = Papa.parse<string[]>(text.slice(1), { delimiter: ';' });
    expect(parsed.data.slice(0, 3)).toEqual([
      ['name', 'note'],
      ['Tea; green', 'said "hi"\nthen left'],
      ['', ''],
    ]);
  });

  it('neutralises text cells a spreadsheet would run as formulas, the header included, but writes numbers as numbers', () => {
    const text = toCsv(
      ['=c'],
      [['=HYPERLINK("x")'], ['+1'], ['@a'], ['\t=1'], ['-2'], [{ decimal: '-5.5' }], [{ decimal: '-2' }], [{ decimal: '=1+1' }]],
      'en',
    );
    expect(text.split('\r\n').slice(0, 9)).toEqual([`${BOM}'=c`, '"\'=HYPERLINK(""x"")"', "'+1", "'@a", "'\t=1", "'-2", '-5.5', '-2', "'=1+1"]);
  });

  it('neutralises a carriage return at the start of a text cell, inside the quotes its line break needs', () => {
    const text = toCsv(['c'], [['\r=1+1']], 'ru');
    expect(Papa.parse<string[]>(text.slice(1), { delimiter: ';' }).data[1]).toEqual(["'\r=1+1"]);
  });
});
