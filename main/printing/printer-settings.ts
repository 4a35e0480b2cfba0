/**
 * Which of the business's printers (the service's BusinessController printers: name, ip_address, port, provider,
 * type, and our additive `automated_point_id`) a till prints its receipts on, and with what profile.
 *
 * The point: the printer's `automated_point_id` column (migration 0028, validated by the service) when set — it
 * decides alone; otherwise the `point=<id>` words of its `type`, as printers were tied to a point before the column
 * existed; neither: every point of the business. The reference gives a printer no paper width either, so the rest
 * is read from the free-text `type` (docs/selling/printing.md), e.g. `receipt 58mm cp866 xprinter`:
 *
 * - `kitchen` or `label`: not a receipt printer (never gets a receipt);
 * - `58mm` / `80mm` (default 80 mm); `cp866` (default) / `windows1251`: the Cyrillic table; `latin`: the printer
 *   has none, text is transliterated to ASCII Latin (latin-fallback.ts);
 * - a code-page mapping (`epson` default, `xprinter`, `pos-8360`, `bixolon`, `citizen`, `hp`, `mpt`), also read from
 *   `provider`;
 * - `no-status`: a printer that does not answer the paper-status query ("printed" then means "sent");
 * - `point=<id>` (repeatable): only at those points — read only when the printer has no `automated_point_id`.
 *
 * A printer without an address is skipped; the port defaults to 9100 (raw printing).
 */
import type { PrinterConfig } from './print-service.js';
import { DEFAULT_PRINTER_PROFILE, type CodePageMapping, type CyrillicCodePage, type PaperWidth } from './printer-profile.js';

/** A printer row as the till reads it (shared/catalogue/outputs/business.ts, DeviceWire). */
export interface PrinterRow {
  readonly id: string;
  readonly name: string;
  readonly ip_address: string | null;
  readonly port: string | null;
  readonly provider: string | null;
  readonly type: string | null;
  /** The point it belongs to (0028); absent on rows from a service older than the column. */
  readonly automated_point_id?: string | null;
  readonly is_deleted?: boolean;
}

/** A receipt printer of the till, with its name for messages and the health report. */
export interface TillPrinter extends PrinterConfig {
  readonly id: string;
  readonly name: string;
}

export const RAW_PRINTING_PORT = 9100;

const MAPPINGS: readonly CodePageMapping[] = ['epson', 'xprinter', 'pos-8360', 'bixolon', 'citizen', 'hp', 'mpt'];
const CODE_PAGES: Readonly<Record<string, CyrillicCodePage | 'latin'>> = { cp866: 'cp866', windows1251: 'windows1251', cp1251: 'windows1251', wpc1251: 'windows1251', latin: 'latin' };
const WIDTHS: Readonly<Record<string, PaperWidth>> = { '58mm': '58mm', '58': '58mm', '80mm': '80mm', '80': '80mm' };
const NOT_RECEIPT = new Set(['kitchen', 'label']);

function tokens(text: string | null): string[] {
  return (text ?? '').toLowerCase().split(/[\s,;]+/).filter(Boolean);
}

/** The printer's settings from its row, or undefined when it is not a receipt printer of `pointId`. */
export function receiptPrinterOf(row: PrinterRow, pointId: string): TillPrinter | undefined {
  if (row.is_deleted) return undefined;
  const host = row.ip_address?.trim();
  if (!host) return undefined;
  const words = tokens(row.type);
  if (words.some((word) => NOT_RECEIPT.has(word))) return undefined;
  if (!servesPoint(row, words, pointId)) return undefined;
  const port = row.port && /^\d{1,5}$/.test(row.port) && Number(row.port) >= 1 && Number(row.port) <= 65_535 ? Number(row.port) : RAW_PRINTING_PORT;
  const paperWidth = words.map((word) => WIDTHS[word]).find(Boolean) ?? DEFAULT_PRINTER_PROFILE.paperWidth;
  const codePage = words.map((word) => CODE_PAGES[word]).find(Boolean) ?? DEFAULT_PRINTER_PROFILE.codePage;
  const mapping = [...words, ...tokens(row.provider)].find((word): word is CodePageMapping => (MAPPINGS as readonly string[]).includes(word));
  return {
    id: row.id,
    name: row.name,
    host,
    port,
    profile: { paperWidth, codePage, codePageMapping: mapping ?? DEFAULT_PRINTER_PROFILE.codePageMapping },
    ...(words.includes('no-status') ? { confirm: 'none' as const } : {}),
  };
}

/** The column first; without it the old `point=` words (ids compared case-insensitively: `words` are lower case). */
function servesPoint(row: PrinterRow, words: readonly string[], pointId: string): boolean {
  if (row.automated_point_id) return row.automated_point_id === pointId;
  const points = words.filter((word) => word.startsWith('point=')).map((word) => word.slice('point='.length));
  return points.length === 0 || points.includes(pointId.toLowerCase());
}

/** The receipt printers of the point, in the order the business lists them. */
export function receiptPrintersOf(rows: readonly PrinterRow[], pointId: string): TillPrinter[] {
  return rows.flatMap((row) => receiptPrinterOf(row, pointId) ?? []);
}
