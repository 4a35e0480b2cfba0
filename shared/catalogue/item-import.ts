/**
 * Our extension for the owner's console: importing the catalogue from a file (docs/catalogue-import.md). The
 * console parses a CSV or XLSX file in the browser, shows the owner a preview, then sends the rows here in
 * batches. One batch is one transaction; running the same rows again updates the same items and posts no stock
 * twice, so an import stopped half-way is simply run again.
 *
 * Amounts travel as decimal strings (the file's text, never a float) and leave validation as exact scaled integers.
 */
import { z } from 'zod';
import { dto, id, list, money, quantity, requiredText, text } from '../schema-kit.js';
import { operation } from './operation.js';

/** Most rows one batch carries: a batch is one transaction, small enough to keep the writer free between them. */
export const MAX_IMPORT_ROWS = 1000;
/** Most warehouses one row may state an opening stock for. */
export const MAX_IMPORT_WAREHOUSES = 100;
/** Longest name or barcode accepted from a file. */
export const MAX_IMPORT_NAME = 500;

/** A row number of the file, from 1 up (a JSON number: the console writes it, people do not). */
const lineNumber = () =>
  z
    .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number') })
    .int({ error: 'must be an integer' })
    .min(1, { error: 'must be at least 1' })
    .max(10_000_000, { error: 'must be at most 10000000' });

const shortText = (max: number) => text().max(max, { error: `must be at most ${max} characters` });

/** The opening stock of the row's item in one warehouse. */
export const ImportStockDto = dto({
  warehouseId: id(),
  quantity: quantity(),
});

/** One row of the file, as the console read it. */
export const ImportItemRowDto = dto({
  /** The row's number in the file (the header is row 1), so messages can name it. */
  line: lineNumber(),
  name: requiredText().max(MAX_IMPORT_NAME, { error: `must be at most ${MAX_IMPORT_NAME} characters` }),
  barcode: shortText(200).nullish(),
  /** An item group by name; created when the business has none of that name. */
  group: shortText(MAX_IMPORT_NAME).nullish(),
  /** A measurement of the business, by name (case ignored) or id. */
  unit: requiredText().max(200, { error: 'must be at most 200 characters' }),
  price: money({ min: 'nonnegative' }),
  cost: money({ min: 'nonnegative' }).nullish(),
  /** Opening stock per warehouse; a warehouse left out keeps what it holds. */
  stock: list(ImportStockDto, MAX_IMPORT_WAREHOUSES).nullish(),
});
export type ImportItemRowDto = z.output<typeof ImportItemRowDto>;

export const ImportItemsDto = dto({
  rows: list(ImportItemRowDto, MAX_IMPORT_ROWS),
});
export type ImportItemsDto = z.output<typeof ImportItemsDto>;

export const itemImportOperations = [
  operation({
    operationId: 'ItemModifierController_importItems',
    method: 'POST',
    path: '/item-modifier/items/import',
    tag: 'ItemModifier',
    body: ImportItemsDto,
    access: ['OWNER', 'ADMIN'],
    offline: 'online-only',
    extension: true,
  }),
] as const;
