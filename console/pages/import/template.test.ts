/** The catalogue import's CSV template: the columns the import reads, a stock column per warehouse, no cell a spreadsheet runs. */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { startsLikeFormula } from '../../../shared/spreadsheet-text.js';
import { templateCsv } from './template.js';

describe('the import template', () => {
  it('names the columns and a stock column per warehouse, quoting a name with the delimiter', () => {
    const text = templateCsv(['Main', 'Back; yard']);
    expect(text).toBe('\ufeffname;barcode;group;unit;price;cost;stock: Main;"stock: Back; yard"\n');
  });

  it('writes no cell that starts like a formula, whatever a warehouse is called', () => {
    const names = ['=HYPERLINK("http://evil.example")', '+1', '-2', '@x', '\t=1'];
    const [header] = Papa.parse<string[]>(templateCsv(names).slice(1), { delimiter: ';' }).data;
    expect(header).toHaveLength(6 + names.length);
    for (const cell of header ?? []) expect(startsLikeFormula(cell), cell).toBe(false);
  });
});
