/**
 * The catalogue import's CSV template (docs/catalogue-import.md): the columns the import reads, with a stock column
 * per warehouse of the business, `;`-separated with a byte-order mark as Excel in uz and ru expects. A warehouse is
 * named by its owner, so its column goes through the same formula neutraliser as every export
 * (shared/spreadsheet-text.ts); today's `stock: ` prefix already keeps it from starting like a formula.
 */
import { neutraliseFormula } from '../../../shared/spreadsheet-text.js';

const COLUMNS = ['name', 'barcode', 'group', 'unit', 'price', 'cost'] as const;

/** The template's text: one header row. */
export function templateCsv(warehouseNames: readonly string[]): string {
  const header = [...COLUMNS, ...warehouseNames.map((name) => `stock: ${name}`)].map(neutraliseFormula);
  const quote = (cell: string) => (/[",;\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return `\ufeff${header.map(quote).join(';')}\n`;
}
