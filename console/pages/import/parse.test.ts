/**
 * The import's file reading and preview on real files (fixtures/): a Russian-style CSV (BOM, semicolons, decimal
 * commas, thousands spaces), an English CSV, and an XLSX written by exceljs with numbers stored as doubles. Runs in
 * node; the same module runs in the browser.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fileKind, numberText, readCsv, readTable, readXlsx } from './parse.js';
import { batchesOf, buildPreview } from './preview.js';
import { describeProblem } from './messages.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const units = [{ id: 'u-pcs', name: 'pcs' }, { id: 'u-kg', name: 'Kg' }];
const warehouses = [{ id: 'w-main', name: 'Main' }, { id: 'w-back', name: 'Back' }];

describe('reading a catalogue file', () => {
  it('knows CSV and XLSX files by their name and nothing else', () => {
    expect([fileKind('Items.CSV'), fileKind('a.xlsx'), fileKind('a.xls'), fileKind('a.pdf')]).toEqual(['csv', 'xlsx', undefined, undefined]);
  });

  it('reads a semicolon CSV with a byte-order mark and quoted cells as text', () => {
    const table = readCsv(fixture('catalogue-ru.csv').toString('utf8'));
    expect(table[0]).toEqual(['name', 'barcode', 'group', 'unit', 'price', 'cost', 'stock: Main', 'Back']);
    expect(table[1]).toEqual(['Cola 1L', '4780000000011', 'Drinks', 'pcs', '12 500,50', '9000', '24', '0,125']);
    expect(table[3]).toEqual(['']);
    expect(table[4]?.[0]).toBe('Sugar; fine');
  });

  it('writes an XLSX double back as the decimal text Excel shows, never with an exponent', () => {
    expect([12.5, 0.1 + 0.2, 1e21, 1.5e-7, -0.0001, 4780000000011, 100].map(numberText)).toEqual([
      '12.5', '0.3', '1000000000000000000000', '0.00000015', '-0.0001', '4780000000011', '100',
    ]);
  });

  it('reads an XLSX sheet: numbers, a formula’s result, rich text, and a blank row keeping row numbers', async () => {
    const table = await readXlsx(fixture('catalogue.xlsx'));
    expect(table[0]).toEqual(['Наименование', 'Штрихкод', 'Группа', 'Ед. изм.', 'Цена', 'Себестоимость', 'Остаток: Main', 'Back']);
    expect(table[1]).toEqual(['Cola 1L', '4780000000011', 'Drinks', 'pcs', '12500.5', '9000', '24', '0.125']);
    expect(table[2]?.slice(0, 5)).toEqual(['Green tea', 'T-1', 'Drinks', 'PCS', '0.3']);
    expect(table[3]?.[4]).toBe('1.5');
    expect(table[4]).toEqual([]);
    expect(table[5]?.[0]).toBe('Bad price');
    expect(await readTable('xlsx', new Uint8Array(fixture('catalogue.xlsx')))).toEqual(table);
  });
});

describe('the import preview', () => {
  it('turns a Russian CSV into exact rows with per-warehouse opening stock', () => {
    const preview = buildPreview(readCsv(fixture('catalogue-ru.csv').toString('utf8')), units, warehouses);
    expect(preview.missing).toEqual([]);
    expect(preview.stockColumns.map((column) => column.warehouse.id)).toEqual(['w-main', 'w-back']);
    expect(preview.rows[0]).toEqual({
      line: 2,
      problems: [],
      row: { line: 2, name: 'Cola 1L', barcode: '4780000000011', group: 'Drinks', unit: 'pcs', price: '12500.50', cost: '9000', stock: [{ warehouseId: 'w-main', quantity: '24' }, { warehouseId: 'w-back', quantity: '0.125' }] },
    });
    expect(preview.rows[2]).toMatchObject({ line: 5, problems: [], row: { name: 'Sugar; fine', unit: 'kg', price: '1.5', cost: '1.25', stock: [{ warehouseId: 'w-main', quantity: '100.5' }] } });
  });

  it('names each bad cell of a row: bad number, unknown unit, negative, duplicate barcode, too many decimals', () => {
    const preview = buildPreview(readCsv(fixture('catalogue-ru.csv').toString('utf8')), units, warehouses);
    const bad = preview.rows.find((row) => row.line === 6)!;
    expect(bad.problems).toEqual([
      { field: 'unit', code: 'unknownUnit', value: 'litre' },
      { field: 'price', code: 'badNumber', value: '12,5,0' },
      { field: 'cost', code: 'negative', value: '-1' },
      { field: 'stock:Main', code: 'badNumber', value: '1e3' },
    ]);
    const again = preview.rows.find((row) => row.line === 7)!;
    expect(again.problems).toEqual([
      { field: 'price', code: 'tooManyDecimals', value: '1.005' },
      { field: 'barcode', code: 'duplicateBarcode', value: '4780000000011', otherLine: 2 },
    ]);
    expect(batchesOf(preview.rows, 2).map((batch) => batch.map((row) => row.line))).toEqual([[2, 3], [5]]);
  });

  it('says each problem in uz, ru and en', () => {
    const problem = { field: 'barcode', code: 'duplicateBarcode', value: '478', otherLine: 2 } as const;
    expect(describeProblem(problem, 'en')).toBe('barcode: barcode “478” is also on row 2');
    expect(describeProblem(problem, 'ru')).toBe('штрихкод: штрихкод «478» уже есть в строке 2');
    expect(describeProblem(problem, 'uz')).toBe('shtrix-kod: “478” shtrix-kodi 2-qatorda ham bor');
    expect(describeProblem({ field: 'stock:Main', code: 'badNumber', value: 'x' }, 'ru')).toBe('остаток на складе Main: «x» — не число (пишите так: 12500,50)');
  });

  it('reads the XLSX fixture with Russian headers into the same rows as the CSV', async () => {
    const preview = buildPreview(await readXlsx(fixture('catalogue.xlsx')), units, warehouses);
    expect(preview.rows[0]?.row).toEqual({ line: 2, name: 'Cola 1L', barcode: '4780000000011', group: 'Drinks', unit: 'pcs', price: '12500.5', cost: '9000', stock: [{ warehouseId: 'w-main', quantity: '24' }, { warehouseId: 'w-back', quantity: '0.125' }] });
    expect(preview.rows[1]?.row).toMatchObject({ name: 'Green tea', price: '0.3', stock: [{ warehouseId: 'w-back', quantity: '3' }] });
    expect(preview.rows.map((row) => row.line)).toEqual([2, 3, 4, 6, 7]);
    expect(preview.rows[3]?.problems.map((problem) => problem.code)).toEqual(['unknownUnit', 'badNumber', 'negative']);
    expect(preview.rows[4]?.problems.map((problem) => problem.code)).toEqual(['tooManyDecimals', 'duplicateBarcode']);
  });

  it('lists unknown headers, reports a missing required column, and refuses a name repeated without barcode', () => {
    const preview = buildPreview(readCsv(fixture('catalogue-en.csv').toString('utf8')), units, warehouses);
    expect(preview.ignored).toEqual(['Colour']);
    expect(preview.rows[1]?.problems).toEqual([{ field: 'price', code: 'badNumber', value: '15,000.00' }]);
    expect(preview.rows[2]?.problems).toEqual([{ field: 'name', code: 'duplicateName', value: 'Espresso', otherLine: 2 }]);
    expect(buildPreview([['name', 'price']], units, warehouses).missing).toEqual(['unit']);
  });
});
