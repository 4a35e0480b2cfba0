/** The formula neutraliser every export writes its text cells through (OWASP's list of formula starts). */
import { describe, expect, it } from 'vitest';
import { neutraliseFormula, startsLikeFormula } from './spreadsheet-text.js';

describe('neutraliseFormula', () => {
  it('puts an apostrophe before text starting with = + - @, a tab or a carriage return', () => {
    for (const text of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '-5', '@SUM(A1)', '\t=1+1', '\r=1+1']) {
      expect(startsLikeFormula(text), JSON.stringify(text)).toBe(true);
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    }
  });

  it('leaves any other text as it is, a formula character later in it included', () => {
    for (const text of ['Tea', '', ' =1', 'a=b', '1-2', 'stock: =x', "'quoted"]) expect(neutraliseFormula(text)).toBe(text);
  });
});
