/**
 * Reads a catalogue file (CSV or XLSX) into a table of text cells, in the browser, before anything is sent
 * (docs/catalogue-import.md). Amounts stay text from the file onwards — never a JS number — so "12500.50" reaches
 * the service as written. CSV cells are text already (papaparse with no dynamic typing). XLSX numeric cells
 * arrive from exceljs as doubles, because that is what the file stores; they are turned back into the decimal
 * text Excel itself displays (15 significant digits, no exponent), so a price typed as 12.5 or computed as
 * 0.1 + 0.2 reads as "12.5" or "0.3", and nothing after this point does arithmetic on a float.
 */
import Papa from 'papaparse';

/** A file as rows of trimmed text cells; the first row is the header. */
export type Table = string[][];

export type FileKind = 'csv' | 'xlsx';

/** The kind of a file by its name; undefined for anything else. */
export function fileKind(name: string): FileKind | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return undefined;
}

/** Parses CSV text: the delimiter (comma, semicolon, tab) is detected; blank lines stay, so row numbers are the file's. */
export function readCsv(text: string): Table {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parsed = Papa.parse<string[]>(withoutBom, { header: false, dynamicTyping: false, skipEmptyLines: false, delimitersToGuess: [',', ';', '\t', '|'] });
  return parsed.data.map((row) => row.map((cell) => String(cell ?? '').trim()));
}

/**
 * The decimal text of a double as Excel displays it: at most 15 significant digits, trailing zeros dropped, and
 * an exponent written out as plain digits (string work only, no arithmetic).
 */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const precise = value.toPrecision(15);
  const negative = precise.startsWith('-');
  const [mantissa = '', exponentText] = (negative ? precise.slice(1) : precise).split('e');
  const [integerPart = '', fractionPart = ''] = mantissa.split('.');
  let digits = integerPart + fractionPart;
  let point = integerPart.length + Number(exponentText ?? '0');
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  if (point > digits.length) digits = digits.padEnd(point, '0');
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(point).replace(/0+$/, '');
  const body = fraction ? `${integer}.${fraction}` : integer;
  return negative && body !== '0' ? `-${body}` : body;
}

/** One exceljs cell value as text. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const object = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string; formula?: string };
    if (object.richText) return object.richText.map((part) => part.text).join('').trim();
    if ('result' in object || object.formula !== undefined) return cellText(object.result);
    if (object.text !== undefined) return cellText(object.text);
    if (object.error) return object.error;
  }
  return String(value).trim();
}

/** Reads the first worksheet of an XLSX file. */
export async function readXlsx(bytes: ArrayBuffer | Uint8Array): Promise<Table> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes instanceof Uint8Array ? (bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer) : bytes);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const table: Table = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) cells.push(cellText(row.getCell(column).value));
    // eachRow skips empty rows; keep the table's row numbers those of the sheet.
    while (table.length < row.number - 1) table.push([]);
    table.push(cells);
  });
  return table;
}

/** Reads a file by its kind. */
export async function readTable(kind: FileKind, bytes: ArrayBuffer | Uint8Array): Promise<Table> {
  if (kind === 'xlsx') return readXlsx(bytes);
  return readCsv(new TextDecoder('utf-8').decode(bytes));
}
